package dev.fairbench.runner;

import dev.fairbench.runner.placed.RemoteServices;
import dev.fairbench.runner.proc.ProcView;
import dev.fairbench.services.RunningServices;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetLoader;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.OptionalLong;

/**
 * PostgreSQL and Redis for one command, seeded and checked: the services are started unless they run (or are
 * given by URL), the dataset is loaded when the database does not hold it, and what the database holds is read
 * back and compared by digest with the contract's dataset, so no run ever measures an unseeded or altered
 * database. The services may run on another host ({@link #openRemote}); seeding and the digest check are done from
 * here all the same. {@link #close()} stops what it started. Not thread-safe.
 */
public final class Session implements AutoCloseable {
    /**
     * The server processes whose CPU a run measures, on the host whose {@code /proc} {@code proc} reads: the
     * postmaster and redis-server pids there, each empty when it is not known (a server given by URL).
     *
     * @param where how messages name that host: {@code local} or its SSH destination
     */
    public record ServerProcesses(OptionalLong postgresPid, OptionalLong redisPid, ProcView proc, String where) {}

    private final RunningServices services;
    private final ServerProcesses processes;
    private final Postgres postgres;
    private final Redis redis;
    private final Dataset dataset;
    private final ReferenceRenderer reference;

    private Session(RunningServices services, ServerProcesses processes, Postgres postgres, Redis redis,
                    Dataset dataset) {
        this.services = services;
        this.processes = processes;
        this.postgres = postgres;
        this.redis = redis;
        this.dataset = dataset;
        this.reference = new ReferenceRenderer(dataset);
    }

    /**
     * @throws IllegalStateException with one line when the services cannot be reached or the database holds other
     *                               data than the contract's
     */
    public static Session open(ServiceOptions options, PrintStream out) {
        RunningServices services = Services.ensureRunning(options);
        return open(services, services.seedPostgresUrl(), new ServerProcesses(services.postgresPid(),
                services.redisPid(), ProcView.LOCAL, dev.fairbench.hosts.Host.LOCAL), out);
    }

    /**
     * The session over the servers that {@code remote} runs on the services host: used by their URLs, as
     * {@code --pg-url}/{@code --redis-url} are, seeded through the owner's URL, measured through that host's
     * {@code /proc}.
     *
     * @param options the session's service options (their URLs are replaced by the remote servers')
     * @throws IllegalStateException as {@link #open(ServiceOptions, PrintStream)}
     */
    public static Session openRemote(RemoteServices remote, ServiceOptions options, PrintStream out) {
        dev.fairbench.services.ServedServices ready = remote.ready();
        RunningServices services = Services.ensureRunning(options.withUrls(ready.postgresUrl(), ready.redisUrl()));
        return open(services, ready.seedPostgresUrl(), new ServerProcesses(OptionalLong.of(ready.postgresPid()),
                OptionalLong.of(ready.redisPid()),
                remote.host().proc(), remote.host().role().host()), out);
    }

    private static Session open(RunningServices services, String seedUrl, ServerProcesses processes,
                                PrintStream out) {
        Postgres postgres = null;
        Redis redis = null;
        try {
            String pg = services.postgresUrl();
            if (Services.ensureSeeded(seedUrl)) out.println("seeded " + DatabaseUrl.parse(pg));
            Dataset dataset = DatasetLoader.load(DatabaseUrl.parse(pg));
            if (!dataset.sha256().equals(Dataset.SHA256)) {
                throw new IllegalStateException("the database " + DatabaseUrl.parse(pg) + " does not hold the contract's"
                        + " dataset (sha256 " + dataset.sha256() + "): run ./fairbench seed");
            }
            postgres = new Postgres(pg);
            redis = new Redis(services.redisUrl());
            return new Session(services, processes, postgres, redis, dataset);
        } catch (SQLException | RuntimeException e) {
            if (redis != null) redis.close();
            if (postgres != null) {
                try {
                    postgres.close();
                } catch (SQLException ignored) {
                    // closing after a failure
                }
            }
            services.close();
            if (e instanceof SQLException) {
                throw new IllegalStateException("cannot read the dataset from PostgreSQL: " + e.getMessage(), e);
            }
            throw (RuntimeException) e;
        }
    }

    public RunningServices services() {
        return services;
    }

    /** The postmaster and redis-server to measure, and the host they run on. */
    public ServerProcesses processes() {
        return processes;
    }

    Postgres postgres() {
        return postgres;
    }

    public Redis redis() {
        return redis;
    }

    public Dataset dataset() {
        return dataset;
    }

    public ReferenceRenderer reference() {
        return reference;
    }

    @Override
    public void close() {
        try {
            redis.close();
        } finally {
            try {
                postgres.close();
            } catch (SQLException ignored) {
                // the server may be gone already (Ctrl-C)
            } finally {
                services.close();
            }
        }
    }
}
