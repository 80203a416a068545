package dev.fairbench.services;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.SortedSet;

/**
 * Redis {@value #VERSION} from the embedded-redis artifact, on 127.0.0.1 only, without persistence
 * ({@code --save "" --appendonly no}), daemonized: it outlives this JVM until {@link #stop()}.
 *
 * <p>Layout under {@code <dataDir>/redis/}: the binary {@code redis-server-6.2.6}, and per port
 * {@code redis-<port>.pid} and {@code redis-<port>.log}.
 *
 * <p>Thread-safe: {@link #start()} and {@link #stop()} hold the cross-process {@link ServiceLock}.
 */
public final class EmbeddedRedis {
    public static final String VERSION = "6.2.6";
    private static final String BINARY_RESOURCE = "/redis-server-6.2.6-v5-linux-amd64";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final Path lockDir;
    private final Path baseDir;
    private final int port;

    public EmbeddedRedis(Path dataDir, int port) {
        this.lockDir = dataDir;
        this.baseDir = dataDir.toAbsolutePath().normalize().resolve("redis");
        this.port = port;
    }

    public int port() {
        return port;
    }

    /** {@code redis://127.0.0.1:<port>}. */
    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public Path binary() {
        return baseDir.resolve("redis-server-" + VERSION);
    }

    public Path pidFile() {
        return baseDir.resolve("redis-" + port + ".pid");
    }

    public Path logFile() {
        return baseDir.resolve("redis-" + port + ".log");
    }

    /** Pid of the server on this port when it runs (from its pid file, checked in /proc). */
    public OptionalLong pid() {
        OptionalLong pid = Processes.readPidFile(pidFile());
        if (pid.isEmpty() || !Processes.isAlive(pid.getAsLong())) return OptionalLong.empty();
        Path exe = Processes.executable(pid.getAsLong());
        if (exe != null && !exe.getFileName().toString().startsWith("redis-server")) return OptionalLong.empty();
        return pid;
    }

    public boolean isRunning() {
        return pid().isPresent();
    }

    /**
     * Extracts the binary when needed and starts the server unless it runs already; returns once it answers PING.
     *
     * @return true when this call started it, false when it was running
     */
    public boolean start() {
        try (ServiceLock ignored = ServiceLock.acquire(lockDir)) {
            if (isRunning()) return false;
            Processes.requireFreePort("Redis", port);
            Archives.copyExecutableOnce(BINARY_RESOURCE, binary());
            try {
                Files.deleteIfExists(pidFile());
            } catch (IOException e) {
                throw new ServiceException("cannot remove stale " + pidFile() + ": " + e.getMessage(), e);
            }
            Path startLog = baseDir.resolve("redis-" + port + ".start.log");
            List<String> cmd = List.of(binary().toString(),
                    "--bind", "127.0.0.1", "--port", Integer.toString(port), "--protected-mode", "yes",
                    "--save", "", "--appendonly", "no",
                    "--daemonize", "yes", "--pidfile", pidFile().toString(), "--logfile", logFile().toString(),
                    "--dir", baseDir.toString());
            int exit = Processes.run(cmd, startLog, START_TIMEOUT);
            long deadlineNanos = System.nanoTime() + START_TIMEOUT.toNanos();
            while (exit == 0 && !(isRunning() && ping())) {
                if (System.nanoTime() - deadlineNanos > 0) break;
                Processes.sleepMillis(20);
            }
            if (exit != 0 || !isRunning() || !ping()) {
                pid().ifPresent(Processes::kill);
                throw new ServiceException("Redis did not start on 127.0.0.1:" + port + ": "
                        + Processes.tail(logFile(), 1) + Processes.tail(startLog, 1) + " (log: " + logFile() + ")");
            }
            return true;
        }
    }

    /**
     * Stops the server (SIGTERM: with no save points configured Redis exits without writing) and waits for it to
     * be gone.
     *
     * @return true when it was running
     */
    public boolean stop() {
        try (ServiceLock ignored = ServiceLock.acquire(lockDir)) {
            OptionalLong pid = pid();
            if (pid.isEmpty()) return false;
            Processes.terminate(pid.getAsLong());
            if (!Processes.awaitExit(pid.getAsLong(), Duration.ofSeconds(10))) {
                Processes.kill(pid.getAsLong());
                if (!Processes.awaitExit(pid.getAsLong(), Duration.ofSeconds(5))) {
                    throw new ServiceException("Redis (pid " + pid.getAsLong() + ") did not stop");
                }
            }
            try {
                Files.deleteIfExists(pidFile());
            } catch (IOException ignoredDelete) {
                // a stale pid file is harmless: pid() checks /proc
            }
            return true;
        }
    }

    /** Ports of the Redis servers under {@code dataDir} that have a pid file (running or stale). */
    static SortedSet<Integer> pidFilePorts(Path dataDir) {
        return Processes.portsOf(dataDir.toAbsolutePath().normalize().resolve("redis"), "redis-", ".pid");
    }

    /** True when the server answers an inline {@code PING} with {@code +PONG} within one second. */
    public boolean ping() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(7);
            return new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException e) {
            return false;
        }
    }
}
