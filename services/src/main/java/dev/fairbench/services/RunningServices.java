package dev.fairbench.services;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * PostgreSQL and Redis held for one command or test, from {@link Services#ensureRunning(ServiceOptions)}. The
 * embedded servers this scope starts are tied to this JVM ({@link EmbeddedPostgres#start()}): if it dies without
 * closing the scope (SIGKILL), the kernel kills them. {@link #close()} stops them once no other live scope uses them,
 * and never stops servers given by URL or started by {@code services start}. Idempotent; a JVM shutdown hook calls
 * it too.
 */
public final class RunningServices implements AutoCloseable {
    private final Services services;
    private final boolean externalPostgres;
    private final boolean externalRedis;
    private boolean startedPostgres;
    private boolean startedRedis;
    private Path postgresLease;
    private Path redisLease;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook = new Thread(this::close, "fairbench-services-shutdown");

    private RunningServices(Services services) {
        this.services = services;
        this.externalPostgres = services.options().postgresUrl() != null;
        this.externalRedis = services.options().redisUrl() != null;
    }

    /** Opens a scope; when {@code exclusive}, a server that runs already is an error, not borrowed. */
    static RunningServices open(Services services, boolean exclusive) {
        RunningServices scope = new RunningServices(services);
        // Registered before anything starts, so that Ctrl-C during a start stops what got started.
        Runtime.getRuntime().addShutdownHook(scope.shutdownHook);
        try (ServiceLock ignored = ServiceLock.acquire(services.options().dataDir())) {
            if (!scope.externalPostgres) {
                Leases leases = services.leases(Services.POSTGRES);
                scope.postgresLease = leases.acquire();
                scope.startedPostgres = services.postgres().start();
                if (scope.startedPostgres) leases.markStartedByScope();
                else if (exclusive) throw alreadyRunning(services.postgres(), "--pg-port");
                else noteBorrowed(leases, "PostgreSQL", services.postgres().endpoint());
            }
            if (!scope.externalRedis) {
                Leases leases = services.leases(Services.REDIS);
                scope.redisLease = leases.acquire();
                scope.startedRedis = services.redis().start();
                if (scope.startedRedis) leases.markStartedByScope();
                else if (exclusive) throw alreadyRunning(services.redis(), "--redis-port");
                else noteBorrowed(leases, "Redis", services.redis().endpoint());
            }
        } catch (RuntimeException e) {
            scope.close();
            throw e;
        }
        return scope;
    }

    private static ServiceException alreadyRunning(EmbeddedServer server, String portOption) {
        return new ServiceException(server.service() + " already runs on port "
                + server.port() + " (pid " + server.pid().orElse(-1) + "), perhaps on another address: stop it or"
                + " choose another " + portOption);
    }

    /** One line on stderr when the server in use is tied to another live process, which may end first. */
    private static void noteBorrowed(Leases leases, String service, String endpoint) {
        leases.tetheredTo().ifPresent(pid -> {
            if (pid == ProcessHandle.current().pid()) return;
            System.err.println(service + " on " + endpoint + " belongs to fairbench pid " + pid
                    + " and stops when it ends; `fairbench services start` keeps servers up for several commands");
        });
    }

    public ServiceUrls urls() {
        return services.urls();
    }

    /** libpq URL for {@code DATABASE_URL}: the read-only role on the embedded server. Contains a password. */
    public String postgresUrl() {
        return urls().postgresUrl();
    }

    /** libpq URL for seeding: the owner role on the embedded server, else the given URL. Contains a password. */
    public String seedPostgresUrl() {
        return urls().seedPostgresUrl();
    }

    /** URL for {@code REDIS_URL}, with the embedded server's password. */
    public String redisUrl() {
        return urls().redisUrl();
    }

    /** True when this scope started PostgreSQL (false when it was running or is external). */
    public boolean startedPostgres() {
        return startedPostgres;
    }

    /** True when this scope started Redis (false when it was running or is external). */
    public boolean startedRedis() {
        return startedRedis;
    }

    /** The embedded PostgreSQL, for fault tests that stop and restart it and for pinning its pid; empty if external. */
    public Optional<EmbeddedPostgres> embeddedPostgres() {
        return externalPostgres ? Optional.empty() : Optional.of(services.postgres());
    }

    /** The embedded Redis; empty if external. */
    public Optional<EmbeddedRedis> embeddedRedis() {
        return externalRedis ? Optional.empty() : Optional.of(services.redis());
    }

    /** Postmaster pid of the embedded PostgreSQL while it runs. */
    public OptionalLong postgresPid() {
        return externalPostgres ? OptionalLong.empty() : services.postgres().pid();
    }

    /** Pid of the embedded Redis while it runs. */
    public OptionalLong redisPid() {
        return externalRedis ? OptionalLong.empty() : services.redis().pid();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        try (ServiceLock ignored = ServiceLock.acquire(services.options().dataDir())) {
            RuntimeException failure = null;
            try {
                if (redisLease != null) release(services.leases(Services.REDIS), redisLease, services.redis()::stop);
            } catch (RuntimeException e) {
                failure = e;
            }
            // PostgreSQL is released even when stopping Redis failed
            if (postgresLease != null) {
                release(services.leases(Services.POSTGRES), postgresLease, services.postgres()::stop);
            }
            if (failure != null) throw failure;
        } finally {
            if (Thread.currentThread() != shutdownHook) {
                try {
                    Runtime.getRuntime().removeShutdownHook(shutdownHook);
                } catch (IllegalStateException shuttingDown) {
                    // the JVM is exiting: the hook runs close() again, which returns at once
                }
            }
        }
    }

    private static void release(Leases leases, Path lease, Runnable stop) {
        leases.release(lease);
        if (leases.startedByScope() && !leases.anyLiveHolder()) {
            stop.run();
            leases.clearMarker();
        }
    }
}
