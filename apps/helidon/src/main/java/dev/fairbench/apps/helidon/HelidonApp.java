package dev.fairbench.apps.helidon;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.common.DatabaseUrl;
import dev.fairbench.apps.lettucecache.LettucePageCache;
import io.helidon.http.DirectHandler.EventType;
import io.helidon.logging.common.LogConfig;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http.DirectHandlers;
import io.lettuce.core.RedisException;

import java.sql.SQLException;

/**
 * The Helidon SE 4 app (registry name {@code helidon}): Helidon's WebServer, which runs every connection on a
 * virtual thread, with blocking JDBC (HikariCP, pgjdbc) and the synchronous Lettuce API. Owns the server, the pool,
 * the Redis connection and the {@link StallGuard}; {@link #close()} releases all four.
 */
public final class HelidonApp implements AutoCloseable {
    /**
     * Milliseconds a pooled connection may sit idle before HikariCP pings PostgreSQL when lending it: never, as the
     * contract forbids a ping per checkout (round-2 finding). A connection that died anyway fails its query, the
     * request answers 503 and HikariCP evicts the connection.
     */
    static final long ALIVE_BYPASS_WINDOW_MS = Long.MAX_VALUE;
    /**
     * Most milliseconds a request waits for a pooled connection, then 503. It bounds how long a 503 takes once
     * PostgreSQL is down and the pool empty, and it must outlast a queue of requests on a busy machine.
     */
    static final long CONNECTION_TIMEOUT_MS = 5_000;
    /**
     * Most seconds pgjdbc waits for PostgreSQL to answer on an open connection (its {@code socketTimeout}), then the
     * request answers 503 and HikariCP evicts the connection: a hung server (contract section 5) costs no request
     * more than this, and no pool slot stays stuck. Well above any query of the contract.
     */
    static final int SOCKET_TIMEOUT_S = 4;
    /**
     * Background pings of idle connections: off (HikariCP's default is every 2 minutes), so that PostgreSQL sees
     * only the contract's queries; on loopback no firewall drops an idle connection.
     */
    static final long KEEPALIVE_TIME_MS = 0;

    private final HikariDataSource pool;
    private final LettucePageCache cache;
    private final StallGuard stalls;
    /** Contract §5.1: the stall bound of a request head or body. */
    static final java.time.Duration STALL_BOUND = java.time.Duration.ofSeconds(2);

    private final WebServer server;

    private HelidonApp(HikariDataSource pool, LettucePageCache cache, StallGuard stalls, WebServer server) {
        this.pool = pool;
        this.cache = cache;
        this.stalls = stalls;
        this.server = server;
    }

    /** Starts the app and returns once it serves; the port is {@link #port()}. */
    public static HelidonApp start(AppEnvironment env) {
        LogConfig.configureRuntime();
        // Sizes the virtual-thread scheduler to the app's cores; no effect once a virtual thread has run (tests).
        if (System.getProperty("jdk.virtualThreadScheduler.parallelism") == null) {
            System.setProperty("jdk.virtualThreadScheduler.parallelism", Integer.toString(env.workers()));
        }
        // Socket pollers on platform threads: on Linux the JDK runs them as virtual threads by default, and with one
        // carrier (WORKERS=1) CPU-bound requests then leave the core three-quarters idle (measured: /compute at a
        // quarter of the throughput). Read once, before the first virtual thread blocks on a socket.
        if (System.getProperty("jdk.pollerMode") == null) System.setProperty("jdk.pollerMode", "1");
        HikariDataSource pool = pool(env);
        LettucePageCache cache = null;
        StallGuard stalls = null;
        try {
            cache = new LettucePageCache(env);
            stalls = new StallGuard();
            BlogRoutes routes = new BlogRoutes(new BlogPages(pool), cache, stalls);
            WebServer server = WebServer.builder()
                    .host(env.host())
                    .port(env.port())
                    .maxPayloadSize(BlogRoutes.MAX_PHASH_BODY_BYTES)
                    // Helidon leaves Nagle on; a response written in two pieces then waits for the client's
                    // delayed ACK. Tomcat and Netty servers turn it off.
                    .connectionOptions(socket -> socket.tcpNoDelay(true))
                    // Contract §5.1: a connection idle for 2 s, or stalled in its request line, is closed. Helidon
                    // interrupts a connection only there, so the rest of the head and a /phash body are bounded
                    // by the StallGuard, which watches the head as an HTTP/1 receive listener.
                    .idleConnectionTimeout(STALL_BOUND)
                    .idleConnectionPeriod(java.time.Duration.ofMillis(500))
                    .addProtocol(Http1Config.builder().addReceiveListener(stalls).build())
                    .directHandlers(directHandlers())
                    .routing(routing -> routing
                            .addFilter(BlogRoutes::refuseDotSegments)
                            .register(routes)
                            .error(SQLException.class, (req, res, e) -> Answers.serviceUnavailable(req, res))
                            .error(RedisException.class, (req, res, e) -> Answers.serviceUnavailable(req, res))
                            .error(Exception.class, (req, res, e) -> {
                                System.getLogger(HelidonApp.class.getName()).log(System.Logger.Level.ERROR,
                                        "request failed", e);
                                Answers.internalError(req, res);
                            }))
                    .build()
                    .start();
            return new HelidonApp(pool, cache, stalls, server);
        } catch (RuntimeException e) {
            if (stalls != null) stalls.close();
            if (cache != null) cache.close();
            pool.close();
            throw e;
        }
    }

    /** The TCP port the app listens on. */
    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.stop();
        stalls.close();
        cache.close();
        pool.close();
    }

    private static HikariDataSource pool(AppEnvironment env) {
        // HikariCP reads this when a pool is built.
        System.setProperty("com.zaxxer.hikari.aliveBypassWindowMs", Long.toString(ALIVE_BYPASS_WINDOW_MS));
        DatabaseUrl db = env.database();
        HikariConfig config = new HikariConfig();
        config.setPoolName("fairbench");
        config.setJdbcUrl(db.jdbcUrl());
        config.setUsername(db.user());
        if (db.password() != null) config.setPassword(db.password());
        config.setMaximumPoolSize(env.poolMax());
        config.setMinimumIdle(env.poolMin());
        config.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        // a String: pgjdbc reads driver properties with getProperty, which ignores other types
        config.addDataSourceProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_S));
        config.setKeepaliveTime(KEEPALIVE_TIME_MS);
        return new HikariDataSource(config);
    }

    private static DirectHandlers directHandlers() {
        TransportErrors errors = new TransportErrors();
        DirectHandlers.Builder handlers = DirectHandlers.builder();
        for (EventType type : EventType.values()) handlers.addHandler(type, errors);
        return handlers.build();
    }
}
