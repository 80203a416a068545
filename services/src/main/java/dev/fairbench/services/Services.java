package dev.fairbench.services;

import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetGenerator;
import dev.fairbench.workload.data.Seeder;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The services a benchmark needs, PostgreSQL and Redis, as one unit.
 *
 * <p>Two ways to use it:
 * <ul>
 *   <li>Long-lived, as {@code ./fairbench services start|stop|status} does: {@link #start()} starts the embedded
 *       servers that are not given by URL (reusing those already running) and they keep running after this JVM
 *       exits, until {@link #stop()}.</li>
 *   <li>Scoped, for commands and tests: {@link #ensureRunning(ServiceOptions)} uses the URLs given in the options,
 *       else the embedded servers, starting those that do not run, tied to this JVM; {@link RunningServices#close()}
 *       (or a JVM shutdown hook, on Ctrl-C) stops what the scope started, and the kernel kills it if the JVM dies
 *       first (SIGKILL). See {@link Leases} for servers shared between scopes.</li>
 * </ul>
 *
 * <p>Thread-safe; starting and stopping are serialized across processes by a lock file in the data folder.
 */
public final class Services {
    static final String POSTGRES = "postgresql";
    static final String REDIS = "redis";
    /** Key of the PostgreSQL advisory lock held while seeding, so that concurrent seeders load the data once. */
    private static final long SEED_LOCK_KEY = 0x6661697262656e63L;

    private final ServiceOptions options;
    private final EmbeddedPostgres postgres;
    private final EmbeddedRedis redis;

    public Services(ServiceOptions options) {
        this.options = options;
        this.postgres = new EmbeddedPostgres(options.dataDir(), options.postgresPort(), options.listenAddress(),
                options.allowedNetworks());
        this.redis = new EmbeddedRedis(options.dataDir(), options.redisPort(), options.listenAddress());
    }

    public ServiceOptions options() {
        return options;
    }

    /** The embedded PostgreSQL on {@link ServiceOptions#postgresPort()} (whether or not a URL overrides it). */
    public EmbeddedPostgres postgres() {
        return postgres;
    }

    /** The embedded Redis on {@link ServiceOptions#redisPort()} (whether or not a URL overrides it). */
    public EmbeddedRedis redis() {
        return redis;
    }

    /**
     * The given URLs, else those of the embedded servers (apps get the read-only role, seeding the owner). Reading
     * an embedded server's URL creates its password file when there is none yet. A given PostgreSQL URL reaches
     * apps with {@link #withSearchPath(String) the search_path of fairbench's schema}.
     */
    public ServiceUrls urls() {
        String pg = options.postgresUrl() != null ? withSearchPath(options.postgresUrl()) : postgres.url();
        String seed = options.postgresUrl() != null ? options.postgresUrl() : postgres.ownerUrl();
        String redisUrl = options.redisUrl() != null ? options.redisUrl() : redis.url();
        Redaction.registerUrl(pg);
        Redaction.registerUrl(seed);
        Redaction.registerUrl(redisUrl);
        return new ServiceUrls(pg, redisUrl, seed);
    }

    /**
     * Starts the embedded servers that no URL replaces, detached, unless they run already; they keep running after
     * this JVM exits, and a scope that later uses them will not stop them. A server that a live command started for
     * itself stays tied to that command: one line on stderr says so.
     */
    public ServiceUrls start() {
        try (ServiceLock ignored = ServiceLock.acquire(options.dataDir())) {
            if (options.postgresUrl() == null) {
                postgres.startDetached();
                adopt(POSTGRES, postgres.endpoint());
            }
            if (options.redisUrl() == null) {
                redis.startDetached();
                adopt(REDIS, redis.endpoint());
            }
        }
        return urls();
    }

    /** A running server becomes the explicit start's, unless a live command started it for itself. */
    private void adopt(String service, String endpoint) {
        Leases leases = leases(service);
        OptionalLong starter = leases.tetheredTo();
        if (starter.isEmpty()) {
            leases.clearMarker();
        } else {
            System.err.println(service + " on " + endpoint + " was started by fairbench pid "
                    + starter.getAsLong() + " for itself and stops when it ends; start the services again after it"
                    + " for servers that stay");
        }
    }

    /**
     * {@code url} with libpq's {@code options=-c search_path=fairbench} added, so that apps on an external server,
     * whose role's default {@code search_path} does not name fairbench's schema, find the contract's tables
     * unqualified; unchanged when it has an {@code options} parameter already (the user's choice).
     */
    static String withSearchPath(String url) {
        if (url.contains("?options=") || url.contains("&options=")) return url;
        return url + (url.contains("?") ? "&" : "?") + "options=-c%20search_path%3D" + Seeder.SCHEMA;
    }

    /** Stops both embedded servers (whoever started them) and waits until their processes are gone. */
    public void stop() {
        try (ServiceLock ignored = ServiceLock.acquire(options.dataDir())) {
            redis.stop();
            postgres.stop();
            leases(REDIS).clearMarker();
            leases(POSTGRES).clearMarker();
        }
    }

    /** PostgreSQL first, then Redis; the URLs are {@link Redaction redacted}. */
    public List<ServiceStatus> status() {
        List<ServiceStatus> out = new ArrayList<>();
        if (options.postgresUrl() != null) {
            out.add(new ServiceStatus(POSTGRES, "external", OptionalLong.empty(),
                    DatabaseUrl.parse(options.postgresUrl()).port(), "-", Redaction.redact(options.postgresUrl())));
        } else {
            OptionalLong pid = postgres.pid();
            out.add(new ServiceStatus(POSTGRES, pid.isPresent() ? "running" : "stopped", pid, postgres.port(),
                    EmbeddedPostgres.VERSION, Redaction.redact(postgres.url())));
        }
        if (options.redisUrl() != null) {
            int port = URI.create(options.redisUrl()).getPort();
            out.add(new ServiceStatus(REDIS, "external", OptionalLong.empty(), port < 0 ? 6379 : port, "-",
                    Redaction.redact(options.redisUrl())));
        } else {
            OptionalLong pid = redis.pid();
            out.add(new ServiceStatus(REDIS, pid.isPresent() ? "running" : "stopped", pid, redis.port(),
                    EmbeddedRedis.VERSION, Redaction.redact(redis.url())));
        }
        return out;
    }

    /**
     * Every embedded server that runs from {@code dataDir}, whatever its port: those of {@code services start}, of
     * running tests, and orphans of a test JVM that was killed (SIGKILL skips its shutdown hook). A benchmark wants
     * none of them but its own, since they take CPU.
     */
    public static List<ServiceStatus> runningUnder(Path dataDir) {
        List<ServiceStatus> out = new ArrayList<>();
        for (int port : EmbeddedPostgres.clusterPorts(dataDir)) {
            EmbeddedPostgres pg = new EmbeddedPostgres(dataDir, port);
            OptionalLong pid = pg.pid();
            if (pid.isPresent()) {
                out.add(new ServiceStatus(POSTGRES, "running", pid, port, EmbeddedPostgres.VERSION,
                        Redaction.redact(pg.url())));
            }
        }
        for (int port : EmbeddedRedis.pidFilePorts(dataDir)) {
            EmbeddedRedis redis = new EmbeddedRedis(dataDir, port);
            OptionalLong pid = redis.pid();
            if (pid.isPresent()) {
                out.add(new ServiceStatus(REDIS, "running", pid, port, EmbeddedRedis.VERSION,
                        Redaction.redact(redis.url())));
            }
        }
        return out;
    }

    /**
     * Stops every embedded server of {@link #runningUnder(Path)}, including those that other
     * processes use.
     *
     * @return the servers that were running
     */
    public static List<ServiceStatus> stopAllUnder(Path dataDir) {
        try (ServiceLock ignored = ServiceLock.acquire(dataDir)) {
            List<ServiceStatus> running = runningUnder(dataDir);
            for (ServiceStatus s : running) {
                if (s.name().equals(REDIS)) {
                    new EmbeddedRedis(dataDir, s.port()).stop();
                } else {
                    new EmbeddedPostgres(dataDir, s.port()).stop();
                }
                new Leases(dataDir, s.name(), s.port()).clearMarker();
            }
            return running;
        }
    }

    /**
     * Services for the duration of a command or test: the URLs in {@code options} when given (nothing is started
     * or stopped for them), else the embedded servers, started if they do not run. Close the result to stop what
     * it started; a shutdown hook closes it when the JVM exits first (Ctrl-C).
     */
    public static RunningServices ensureRunning(ServiceOptions options) {
        return RunningServices.open(new Services(options), false);
    }

    /**
     * Both embedded servers started now for this JVM alone, as {@code fairbench services serve} needs them for
     * another host: tied to it like those of {@link #ensureRunning(ServiceOptions)}, never borrowed, since a server
     * already on one of the ports may listen on another address or belong to someone else. Close the result to stop
     * them.
     *
     * @throws IllegalArgumentException when {@code options} give a URL (serve runs the embedded servers only)
     * @throws ServiceException         when a server already runs on one of the ports, or one does not come up;
     *                                  then nothing this call started is left running
     */
    public static RunningServices serve(ServiceOptions options) {
        if (options.postgresUrl() != null || options.redisUrl() != null) {
            throw new IllegalArgumentException("serve runs the embedded servers, without --pg-url or --redis-url");
        }
        return RunningServices.open(new Services(options), true);
    }

    /**
     * Seeds the database at {@code postgresUrl} (a role that may create tables: {@link ServiceUrls#seedPostgresUrl()})
     * with the contract's dataset unless it holds exactly that dataset already (checked by digest). The tables live
     * in the schema {@value Seeder#SCHEMA}; see {@link #seed(String)} for what is refused.
     *
     * @return true when this call loaded the data
     */
    public static boolean ensureSeeded(String postgresUrl) {
        return seed(postgresUrl, false);
    }

    /**
     * Drops and recreates the contract's tables in the schema {@value Seeder#SCHEMA} at {@code postgresUrl} (created
     * when missing) and loads the dataset (always, even when it is there already). Concurrent seeders of one
     * database wait for each other.
     *
     * @throws ServiceException without dropping anything when that schema holds a table, view or sequence other
     *                          than the contract's (someone else's objects on a shared server)
     */
    public static void seed(String postgresUrl) {
        seed(postgresUrl, true);
    }

    private static boolean seed(String postgresUrl, boolean always) {
        DatabaseUrl url = DatabaseUrl.parse(postgresUrl);
        Dataset data = DatasetGenerator.generate();
        try (Connection lockConnection = Seeder.connect(url); Statement s = lockConnection.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + SEED_LOCK_KEY + ")");
            try {
                if (!always && Seeder.isSeeded(url, data)) return false;
                SchemaGuard.requireOnlyOwnObjects(lockConnection, url);
                Seeder.seed(url, data);
                return true;
            } finally {
                s.execute("SELECT pg_advisory_unlock(" + SEED_LOCK_KEY + ")");
            }
        } catch (SQLException e) {
            throw new ServiceException("cannot seed " + url + ": " + Redaction.redact(e.getMessage()), e);
        }
    }

    Leases leases(String service) {
        return new Leases(options.dataDir(), service,
                service.equals(POSTGRES) ? options.postgresPort() : options.redisPort());
    }
}
