package dev.fairbench.runner;

import dev.fairbench.services.RunningServices;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetLoader;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.io.PrintStream;
import java.sql.SQLException;

/**
 * PostgreSQL and Redis for one command, seeded and checked: the services are started unless they run (or are
 * given by URL), the dataset is loaded when the database does not hold it, and what the database holds is read
 * back and compared by digest with the contract's dataset, so no run ever measures an unseeded or altered
 * database. {@link #close()} stops what it started. Not thread-safe.
 */
public final class Session implements AutoCloseable {
    private final RunningServices services;
    private final Postgres postgres;
    private final Redis redis;
    private final Dataset dataset;
    private final ReferenceRenderer reference;

    private Session(RunningServices services, Postgres postgres, Redis redis, Dataset dataset) {
        this.services = services;
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
        Postgres postgres = null;
        Redis redis = null;
        try {
            String pg = services.postgresUrl();
            if (Services.ensureSeeded(services.seedPostgresUrl())) out.println("seeded " + DatabaseUrl.parse(pg));
            Dataset dataset = DatasetLoader.load(DatabaseUrl.parse(pg));
            if (!dataset.sha256().equals(Dataset.SHA256)) {
                throw new IllegalStateException("the database " + DatabaseUrl.parse(pg) + " does not hold the contract's"
                        + " dataset (sha256 " + dataset.sha256() + "): run ./fairbench seed");
            }
            postgres = new Postgres(pg);
            redis = new Redis(services.redisUrl());
            return new Session(services, postgres, redis, dataset);
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
