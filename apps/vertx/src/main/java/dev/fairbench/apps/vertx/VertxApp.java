package dev.fairbench.apps.vertx;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.common.DatabaseUrl;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnectOptions;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Vert.x app of the workload contract: {@code WORKERS} event loops, one {@link BlogVerticle} on each, with one
 * pipelined PostgreSQL connection per verticle (or {@code FAIRBENCH_VERTX_PG_PER_LOOP}, at most
 * {@code POOL_MAX / WORKERS}), never more than {@code POOL_MAX} in total. Native epoll transport when available.
 * Thread-safe: {@link #start} and {@link #close} may be called from any thread.
 */
public final class VertxApp implements AutoCloseable {
    /** Environment variable: PostgreSQL connections per event loop (default 1, see {@link #pgConnectionsPerLoop}). */
    public static final String PG_PER_LOOP_ENV = "FAIRBENCH_VERTX_PG_PER_LOOP";
    private static final long START_TIMEOUT_SECONDS = 60;

    private final Vertx vertx;
    private final int port;
    private final int pgConnectionsPerLoop;

    private VertxApp(Vertx vertx, int port, int pgConnectionsPerLoop) {
        this.vertx = vertx;
        this.port = port;
        this.pgConnectionsPerLoop = pgConnectionsPerLoop;
    }

    /** Starts the app and returns once every verticle listens (PostgreSQL and Redis need not be up). */
    public static VertxApp start(AppEnvironment env) throws Exception {
        return start(env, pgConnectionsPerLoop(env, System.getenv(PG_PER_LOOP_ENV)));
    }

    /** As {@link #start(AppEnvironment)} with an explicit number of PostgreSQL connections per event loop. */
    public static VertxApp start(AppEnvironment env, int pgPerLoop) throws Exception {
        if (pgPerLoop < 1 || pgPerLoop * env.workers() > env.poolMax()) {
            throw new IllegalArgumentException(pgPerLoop + " PostgreSQL connection(s) on each of " + env.workers()
                    + " event loops exceed POOL_MAX " + env.poolMax() + ": this app needs WORKERS <= POOL_MAX");
        }
        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(env.workers())
                .setPreferNativeTransport(true)
                .setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1));
        DatabaseUrl db = env.database();
        PgConnectOptions pgOptions = new PgConnectOptions()
                .setHost(db.host()).setPort(db.port()).setDatabase(db.database()).setUser(db.user())
                .setCachePreparedStatements(true)
                .setPipeliningLimit(256);
        if (db.password() != null) pgOptions.setPassword(db.password());
        // sent in the startup message, like libpq's options=-c search_path=…
        if (db.searchPath() != null) pgOptions.addProperty("search_path", db.searchPath());
        // A negative port makes all verticles share one random port (tests ask for port 0).
        int listenPort = env.port() == 0 ? -1 : env.port();
        AtomicInteger actualPort = new AtomicInteger();
        try {
            vertx.deployVerticle(
                    () -> new BlogVerticle(env.host(), listenPort, pgOptions, pgPerLoop, env.redisUrl(), actualPort),
                    new DeploymentOptions().setInstances(env.workers()).setThreadingModel(ThreadingModel.EVENT_LOOP))
                    .await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            vertx.close().await(10, TimeUnit.SECONDS);
            throw e;
        }
        return new VertxApp(vertx, actualPort.get(), pgPerLoop);
    }

    /**
     * PostgreSQL connections per event loop: {@code FAIRBENCH_VERTX_PG_PER_LOOP} when set, else 1, never above
     * {@code POOL_MAX / WORKERS} (at least 1). One pipelined connection per loop costs the least CPU per page, in the
     * app and in PostgreSQL (apps/vertx/README.md has the numbers).
     */
    static int pgConnectionsPerLoop(AppEnvironment env, String configured) {
        int slice = Math.max(1, env.poolMax() / env.workers());
        if (configured == null || configured.isBlank()) return 1;
        return Math.min(slice, Math.max(1, Integer.parseInt(configured.trim())));
    }

    /** The TCP port the app listens on, on the environment's {@code HOST}. */
    public int port() {
        return port;
    }

    /** PostgreSQL connections of each event loop; the app holds this many times {@code WORKERS}. */
    public int pgConnectionsPerLoop() {
        return pgConnectionsPerLoop;
    }

    public boolean nativeTransport() {
        return vertx.isNativeTransportEnabled();
    }

    @Override
    public void close() throws Exception {
        vertx.close().await(30, TimeUnit.SECONDS);
    }
}
