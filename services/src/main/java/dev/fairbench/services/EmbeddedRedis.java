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
public final class EmbeddedRedis extends EmbeddedServer {
    public static final String VERSION = "6.2.6";
    private static final String BINARY_RESOURCE = "/redis-server-6.2.6-v5-linux-amd64";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final Path baseDir;

    public EmbeddedRedis(Path dataDir, int port) {
        super("Redis", dataDir, port);
        this.baseDir = dataDir.toAbsolutePath().normalize().resolve("redis");
    }

    /** {@code redis://127.0.0.1:<port>}. */
    public String url() {
        return "redis://127.0.0.1:" + port();
    }

    public Path binary() {
        return baseDir.resolve("redis-server-" + VERSION);
    }

    @Override
    public Path pidFile() {
        return baseDir.resolve("redis-" + port() + ".pid");
    }

    public Path logFile() {
        return baseDir.resolve("redis-" + port() + ".log");
    }

    @Override
    boolean isOwnExecutable(Path exe) {
        return exe.getFileName().toString().startsWith("redis-server");
    }

    /** Extracts the binary when needed and starts the server; returns once it answers PING. */
    @Override
    void launch() {
        Archives.copyExecutableOnce(BINARY_RESOURCE, binary());
        try {
            Files.deleteIfExists(pidFile());
        } catch (IOException e) {
            throw new ServiceException("cannot remove stale " + pidFile() + ": " + e.getMessage(), e);
        }
        Path startLog = baseDir.resolve("redis-" + port() + ".start.log");
        List<String> cmd = List.of(binary().toString(),
                "--bind", "127.0.0.1", "--port", Integer.toString(port()), "--protected-mode", "yes",
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
            throw new ServiceException("Redis did not start on 127.0.0.1:" + port() + ": "
                    + Processes.tail(logFile(), 1) + Processes.tail(startLog, 1) + " (log: " + logFile() + ")");
        }
    }

    /** SIGTERM: with no save points configured Redis exits without writing. */
    @Override
    void askToStop(long pid) {
        Processes.terminate(pid);
    }

    @Override
    void afterStop() {
        try {
            Files.deleteIfExists(pidFile());
        } catch (IOException ignoredDelete) {
            // a stale pid file is harmless: pid() checks /proc
        }
    }

    /** Ports of the Redis servers under {@code dataDir} that have a pid file (running or stale). */
    static SortedSet<Integer> pidFilePorts(Path dataDir) {
        return Processes.portsOf(dataDir.toAbsolutePath().normalize().resolve("redis"), "redis-", ".pid");
    }

    /** True when the server answers an inline {@code PING} with {@code +PONG} within one second. */
    public boolean ping() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port()), 1000);
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
