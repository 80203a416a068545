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
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.function.BooleanSupplier;

/**
 * Redis {@value #VERSION} from the embedded-redis artifact, on 127.0.0.1 only (or the one address it is given, to
 * serve other hosts: {@code bind <address>}; the password is what keeps strangers out there), without persistence
 * ({@code save ""}, {@code appendonly no}). {@link #startDetached()} daemonizes it: it outlives this JVM until
 * {@link #stop()}. {@link #start()} keeps it in the foreground as a {@link Tether}ed child, so it dies with this
 * JVM.
 *
 * <p>Nobody else gets in: clients must {@code AUTH} with a random password generated at the first start and kept in
 * {@code redis-<port>.password} (mode 0600, readable by the invoking user only; {@link #url()} carries it), and the
 * commands that reach the file system or the server's configuration ({@link #RENAMED_COMMANDS}: {@code MODULE},
 * {@code CONFIG}, {@code DEBUG}, …) are renamed to nothing, so even a client with the password gets "unknown
 * command". The configuration, password included, goes to the server on its standard input, never in its argv.
 * When this JVM is root the server runs as the unprivileged {@link ServiceUser}, as PostgreSQL does.
 *
 * <p>Layout under {@link ServiceUser#serviceDir(Path, String) the service folder} {@code redis/}: the binary
 * {@code redis-server-6.2.6}, per port {@code redis-<port>.password} and {@code redis-<port>.start.log}, and the
 * folder {@code run-<port>/} (owned by the user Redis runs as) with {@code redis.pid} and {@code redis.log}.
 *
 * <p>Thread-safe: {@link #start()} and {@link #stop()} hold the cross-process {@link ServiceLock}.
 */
public final class EmbeddedRedis extends EmbeddedServer {
    public static final String VERSION = "6.2.6";
    private static final String BINARY_RESOURCE = "/redis-server-6.2.6-v5-linux-amd64";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    /**
     * Commands no client may run, the password notwithstanding: loading code ({@code MODULE}), rewriting the
     * configuration or its file ({@code CONFIG}: {@code CONFIG SET dir} + {@code SAVE} writes any file as the
     * server's user), crashing or stalling it ({@code DEBUG}), users ({@code ACL}), files ({@code SAVE},
     * {@code BGSAVE}, {@code BGREWRITEAOF}), replication ({@code SLAVEOF}, {@code REPLICAOF}, {@code SYNC},
     * {@code PSYNC}, {@code FAILOVER}, {@code MIGRATE}) and {@code SHUTDOWN} (fairbench stops it with SIGTERM).
     */
    public static final List<String> RENAMED_COMMANDS = List.of("MODULE", "CONFIG", "DEBUG", "ACL", "SAVE", "BGSAVE",
            "BGREWRITEAOF", "SLAVEOF", "REPLICAOF", "SYNC", "PSYNC", "FAILOVER", "MIGRATE", "SHUTDOWN");

    private final Path baseDir;

    /** The server on 127.0.0.1:{@code port}. */
    public EmbeddedRedis(Path dataDir, int port) {
        this(dataDir, port, ServiceOptions.LOOPBACK);
    }

    /** The server on {@code address} (an IP literal) and {@code port}. */
    public EmbeddedRedis(Path dataDir, int port, String address) {
        super("Redis", dataDir, port, address);
        this.baseDir = ServiceUser.serviceDir(dataDir, "redis");
    }

    /**
     * {@code redis://:<password>@<address>:<port>}: the password of this port, generated now when there is none yet
     * (the next start uses it). Contains a secret: show it only through {@code Redaction}.
     */
    public String url() {
        return "redis://:" + password() + "@" + endpoint();
    }

    /** The password clients of this port {@code AUTH} with (created when missing); see {@link #passwordFile()}. */
    public String password() {
        ServiceUser.ensureDir(baseDir);
        return Secrets.readOrCreate(passwordFile());
    }

    /** {@code redis-<port>.password}: mode 0600, owned by the invoking user. */
    public Path passwordFile() {
        return baseDir.resolve("redis-" + port() + ".password");
    }

    /** {@code run-<port>/}: the folder the server writes its pid and log into, owned by the user it runs as. */
    Path runDir() {
        return baseDir.resolve("run-" + port());
    }

    public Path binary() {
        return baseDir.resolve("redis-server-" + VERSION);
    }

    @Override
    public Path pidFile() {
        return runDir().resolve("redis.pid");
    }

    public Path logFile() {
        return runDir().resolve("redis.log");
    }

    @Override
    boolean isOwnExecutable(Path exe) {
        return exe.getFileName().toString().startsWith("redis-server");
    }

    /**
     * Extracts the binary when needed and starts the server (as the service user when root) with the configuration
     * of {@link #config(String, boolean)} on its standard input, daemonized when {@code detached}, else tied to this
     * JVM; returns once it answers an authenticated PING.
     */
    @Override
    void launch(boolean detached) {
        ServiceUser.ensureDir(baseDir);
        Archives.copyExecutableOnce(BINARY_RESOURCE, binary());
        String password = password();
        try {
            Archives.deleteTree(runDir());
            Files.createDirectories(runDir());
        } catch (IOException e) {
            throw new ServiceException("cannot prepare " + runDir() + ": " + e.getMessage(), e);
        }
        ServiceUser.chownTree(runDir(), baseDir);
        Path startLog = baseDir.resolve("redis-" + port() + ".start.log");
        List<String> userSwitch = ServiceUser.dropRootPrefix(baseDir);
        List<String> server = List.of(binary().toString(), "-");
        // Detached: the exit of the process that daemonized; tied: whether the server itself still runs.
        BooleanSupplier launched;
        Process tied = null;
        if (detached) {
            List<String> cmd = new ArrayList<>(userSwitch);
            cmd.addAll(server);
            boolean daemonized = Processes.run(cmd, config(password, true), startLog, START_TIMEOUT) == 0;
            launched = () -> daemonized;
        } else {
            tied = Processes.startTethered(userSwitch, server, config(password, false), startLog);
            launched = tied::isAlive;
        }
        long deadlineNanos = System.nanoTime() + START_TIMEOUT.toNanos();
        while (launched.getAsBoolean() && !(isRunning() && ping())) {
            if (System.nanoTime() - deadlineNanos > 0) break;
            Processes.sleepMillis(20);
        }
        if (!launched.getAsBoolean() || !isRunning() || !ping()) {
            pid().ifPresent(Processes::kill);
            if (tied != null) tied.destroyForcibly();
            throw new ServiceException("Redis did not start on " + endpoint() + ": "
                    + Processes.tail(logFile(), 1) + Processes.tail(startLog, 1) + " (log: " + logFile() + ")");
        }
    }

    /**
     * The server's configuration: its address, the password, no persistence, {@link #RENAMED_COMMANDS} gone; it writes
     * its pid file and log itself, daemonized or not.
     */
    private String config(String password, boolean daemonize) {
        StringBuilder conf = new StringBuilder()
                .append("bind ").append(address()).append('\n')
                .append("port ").append(port()).append('\n')
                .append("protected-mode yes\n")
                .append("requirepass ").append(password).append('\n')
                .append("save \"\"\n")
                .append("appendonly no\n")
                .append("daemonize ").append(daemonize ? "yes" : "no").append('\n')
                .append("pidfile \"").append(pidFile()).append("\"\n")
                .append("logfile \"").append(logFile()).append("\"\n")
                .append("dir \"").append(runDir()).append("\"\n");
        for (String command : RENAMED_COMMANDS) conf.append("rename-command ").append(command).append(" \"\"\n");
        return conf.toString();
    }

    /**
     * An older fairbench kept {@code redis-<port>.pid} directly in the Redis folder and ran the server without a
     * password: such a server is stopped, and the start that follows replaces it.
     */
    @Override
    void retireLegacy() {
        Path legacy = baseDir.resolve("redis-" + port() + ".pid");
        if (!Files.exists(legacy, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
        java.util.OptionalLong pid = Processes.readPidFile(legacy);
        if (pid.isPresent() && Processes.isAlive(pid.getAsLong())) {
            Path exe = Processes.executable(pid.getAsLong());
            if (exe != null && isOwnExecutable(exe)) stopPid(pid.getAsLong());
        }
        try {
            Files.deleteIfExists(legacy);
        } catch (IOException e) {
            throw new ServiceException("cannot remove " + legacy + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes this port's run folder and password file, for tests on throw-away ports; nothing while the server
     * runs.
     *
     * @return false when it runs (nothing deleted)
     */
    public boolean deleteFiles() {
        if (isRunning()) return false;
        try {
            Archives.deleteTree(runDir());
            Files.deleteIfExists(passwordFile());
            Files.deleteIfExists(baseDir.resolve("redis-" + port() + ".start.log"));
            return true;
        } catch (IOException e) {
            throw new ServiceException("cannot delete the files of port " + port() + ": " + e.getMessage(), e);
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

    /** Ports of the Redis servers under {@code dataDir} that have a run folder (running or stale). */
    static SortedSet<Integer> pidFilePorts(Path dataDir) {
        return Processes.portsOf(ServiceUser.serviceDir(dataDir, "redis"), "run-", "");
    }

    /**
     * True when the server answers an inline {@code AUTH <password>} with {@code +OK} and then {@code PING} with
     * {@code +PONG}, within one second.
     */
    public boolean ping() {
        String password;
        try {
            password = password();
        } catch (ServiceException e) {
            return false;
        }
        String expected = "+OK\r\n+PONG\r\n";
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(IpLiterals.address(address()), port()), 1000);
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write(("AUTH " + password + "\r\nPING\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(expected.length());
            return new String(reply, StandardCharsets.US_ASCII).equals(expected);
        } catch (IOException e) {
            return false;
        }
    }
}
