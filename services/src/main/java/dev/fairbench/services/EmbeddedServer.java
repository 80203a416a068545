package dev.fairbench.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * What {@link EmbeddedPostgres} and {@link EmbeddedRedis} share: a server on one port of one local address
 * ({@value ServiceOptions#LOOPBACK} unless told otherwise), found by its pid file (one server per port, whatever
 * the address), started and stopped under the cross-process {@link ServiceLock}. It is started either tied to this JVM
 * ({@link #start()}: it runs in the foreground as a {@link Tether}ed child, and the kernel kills it when the JVM
 * dies, SIGKILL included) or detached ({@link #startDetached()}: daemonized, it outlives the JVM until
 * {@link #stop()}). How it is launched and asked to stop stays with each service.
 */
abstract class EmbeddedServer {
    private final String service;
    private final Path lockDir;
    private final int port;
    private final String address;

    /**
     * @param service the name in messages, e.g. {@code PostgreSQL}
     * @param lockDir the folder of the {@link ServiceLock} (the data dir)
     * @param address the IP literal it listens on
     */
    EmbeddedServer(String service, Path lockDir, int port, String address) {
        this.service = service;
        this.lockDir = lockDir;
        this.port = port;
        this.address = address;
        IpLiterals.address(address);
    }

    /** The name in messages, e.g. {@code PostgreSQL}. */
    final String service() {
        return service;
    }

    public final int port() {
        return port;
    }

    /** The IP literal it listens on, e.g. {@code 127.0.0.1}. */
    public final String address() {
        return address;
    }

    /** {@code address:port} for messages and URLs (an IPv6 address in brackets). */
    public final String endpoint() {
        return IpLiterals.urlHost(address) + ":" + port;
    }

    /** Pid of the server on this port when it runs (read from its pid file, checked in /proc). */
    public final OptionalLong pid() {
        OptionalLong pid = Processes.readPidFile(pidFile());
        if (pid.isEmpty() || !Processes.isAlive(pid.getAsLong())) return OptionalLong.empty();
        Path exe = Processes.executable(pid.getAsLong());
        // A stale pid file whose number now belongs to another program must not count as our server.
        if (exe != null && !isOwnExecutable(exe)) return OptionalLong.empty();
        return pid;
    }

    public final boolean isRunning() {
        return pid().isPresent();
    }

    /**
     * Starts the server tied to this JVM unless it runs already: it stops when {@link #stop()} is called or when this
     * JVM ends, however it ends (see {@link Tether} for what is needed). What commands and tests start for
     * themselves.
     *
     * @return true when this call started it, false when it was running (tied or not)
     * @throws ServiceException when another program holds the port or the server does not come up
     */
    public final boolean start() {
        return start(false);
    }

    /**
     * Starts the server daemonized unless it runs already: it outlives this JVM until {@link #stop()}. What
     * {@code fairbench services start} does.
     *
     * @return true when this call started it, false when it was running (tied or not)
     * @throws ServiceException when another program holds the port or the server does not come up
     */
    public final boolean startDetached() {
        return start(true);
    }

    private boolean start(boolean detached) {
        try (ServiceLock ignored = ServiceLock.acquire(lockDir)) {
            retireLegacy();
            if (isRunning()) return false;
            removeStalePidFile();
            removeStaleLocks();
            Processes.requireFreePort(service, address, port);
            launch(detached);
            return true;
        }
    }

    /**
     * A pid file left by a server that is gone (killed, or its machine rebooted) names a pid that is dead or now
     * belongs to another program; PostgreSQL refuses to start over the latter. Called under the lock when the server
     * does not run: removes the file, with one line on stderr.
     */
    private void removeStalePidFile() {
        OptionalLong stale = Processes.readPidFile(pidFile());
        if (stale.isPresent()) removeStale(pidFile(), stale.getAsLong());
    }

    /**
     * Removes {@code file}, which names {@code pid}, a process that is not a running server, and the files
     * {@code alongside} it, with one line on stderr.
     *
     * @throws ServiceException when a file cannot be removed
     */
    final void removeStale(Path file, long pid, Path... alongside) {
        try {
            java.nio.file.Files.deleteIfExists(file);
            for (Path p : alongside) java.nio.file.Files.deleteIfExists(p);
        } catch (java.io.IOException e) {
            throw new ServiceException("cannot remove the stale " + file + ": " + e.getMessage(), e);
        }
        System.err.println(service + ": removed the stale " + file + " (pid " + pid + " is not a running " + service
                + ")");
    }

    /**
     * Asks the server to stop ({@link #askToStop(long)}) and waits up to 10 s for it to be gone, then kills it and
     * waits 5 s more.
     *
     * @return true when it was running
     * @throws ServiceException when it still runs after SIGKILL
     */
    public final boolean stop() {
        try (ServiceLock ignored = ServiceLock.acquire(lockDir)) {
            OptionalLong pid = pid();
            if (pid.isEmpty()) return false;
            askToStop(pid.getAsLong());
            if (!Processes.awaitExit(pid.getAsLong(), Duration.ofSeconds(10))) {
                Processes.kill(pid.getAsLong());
                if (!Processes.awaitExit(pid.getAsLong(), Duration.ofSeconds(5))) {
                    throw new ServiceException(service + " (pid " + pid.getAsLong() + ") did not stop");
                }
            }
            afterStop();
            return true;
        }
    }

    /** The file whose first line is the server's pid. */
    abstract Path pidFile();

    /** True for the {@code /proc/<pid>/exe} of this kind of server. */
    abstract boolean isOwnExecutable(Path exe);

    /**
     * Called by {@link #start()} and {@link #startDetached()} under the lock with the port free: prepares what is
     * missing and starts the server, daemonized when {@code detached}, else in the foreground through
     * {@link Tether}; returns once it is up.
     *
     * @throws ServiceException when it does not come up
     */
    abstract void launch(boolean detached);

    /** Called by {@link #stop()} under the lock: asks the running server {@code pid} to exit. */
    abstract void askToStop(long pid);

    /**
     * Called by {@link #start()} under the lock when the server does not run, after {@link #removeStalePidFile()}:
     * removes other lock files a gone server left behind. Nothing by default.
     */
    void removeStaleLocks() {}

    /** Called by {@link #stop()} under the lock once the server is gone. */
    void afterStop() {}

    /**
     * Called by {@link #start()} under the lock first: stops a server on this port that an older fairbench started
     * without a password, so that it is replaced rather than reused. Nothing by default.
     */
    void retireLegacy() {}

    /** Asks {@code pid} to stop as {@link #stop()} does, for {@link #retireLegacy()}. */
    final void stopPid(long pid) {
        askToStop(pid);
        if (!Processes.awaitExit(pid, Duration.ofSeconds(10))) {
            Processes.kill(pid);
            if (!Processes.awaitExit(pid, Duration.ofSeconds(5))) {
                throw new ServiceException(service + " (pid " + pid + ") did not stop");
            }
        }
    }
}
