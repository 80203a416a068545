package dev.fairbench.services;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.SortedSet;

/**
 * PostgreSQL {@value #VERSION} from the zonky binaries artifact, on 127.0.0.1 only, unless it is given another
 * address to listen on and client networks to let in (to serve other hosts: {@code fairbench services serve}).
 *
 * <p>Layout under {@code <dataDir>/pg/}: {@code 17.5.0/} holds the unpacked binaries (shared by every port),
 * {@code data-<port>/} one cluster per port (so tests on other ports never touch a developer's cluster), with
 * {@code postmaster.log} and the Unix socket inside it, and per port the generated passwords
 * {@code owner-<port>.password} and {@code app-<port>.password} (mode 0600, readable by the invoking user only).
 * When this JVM runs as root and the service user cannot reach {@code <dataDir>} (a checkout under {@code /root}),
 * the layout lives under {@link ServiceUser#serviceDir(Path, String)} instead, because the server runs as an
 * unprivileged user.
 *
 * <p>Nobody else gets in: every connection, over TCP or the socket, authenticates with scram-sha-256. The
 * superuser {@value #ROLE} owns database {@value #DATABASE} and its schema {@value #SCHEMA} and is used only to set
 * up and seed ({@link #ownerUrl()}); apps get {@link #url()}, the role {@value #APP_ROLE}, which may only read the
 * tables of that schema (see {@link PostgresRoles}). A cluster made by an older fairbench with trust
 * authentication (no password file) is recreated. Settings are those of a read-mostly benchmark (fsync,
 * synchronous_commit and full_page_writes off; max_connections 200; shared_buffers 128MB). {@link #startDetached()}
 * daemonizes the server with {@code pg_ctl}: it outlives this JVM until {@link #stop()}. {@link #start()} runs the
 * postmaster itself in the foreground as a {@link Tether}ed child (pg_ctl's daemon would escape the tie), so it
 * dies with this JVM, and its backends with it (they watch their postmaster); its output goes to the same log, by
 * the redirection pg_ctl makes, done by the server's own user.
 *
 * <p>On another address, the start passes {@code -c listen_addresses=<address>} and {@code -c hba_file=} a file
 * {@code hba-<port>.conf} beside the passwords, written at each such start: it includes the cluster's own
 * {@code pg_hba.conf} and adds {@code host all all <network> scram-sha-256} for the server's own address (as a
 * single-host network) and each allowed network. Nothing of it is kept in the cluster, so the next start on
 * 127.0.0.1 is exactly as before.
 *
 * <p>Thread-safe: {@link #start()} and {@link #stop()} hold the cross-process {@link ServiceLock}.
 */
public final class EmbeddedPostgres extends EmbeddedServer {
    public static final String VERSION = "17.5.0";
    public static final String ROLE = "fairbench";
    public static final String DATABASE = "fairbench";
    /** The read-only role of the apps. */
    public static final String APP_ROLE = "fairbench_app";
    /** The schema that holds the benchmark's tables. */
    public static final String SCHEMA = "fairbench";
    private static final String ARCHIVE = "/postgres-linux-x86_64.txz";
    private static final int UNIX_SOCKET_PATH_MAX = 100;
    /** Longest wait for a start, crash recovery included (pg_ctl's {@code -t}). */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Path lockDir;
    private final Path baseDir;

    private final List<String> allowedNetworks;

    /** The server on 127.0.0.1:{@code port}. */
    public EmbeddedPostgres(Path dataDir, int port) {
        this(dataDir, port, ServiceOptions.LOOPBACK, List.of());
    }

    /**
     * The server on {@code address} (an IP literal) and {@code port}, letting in clients of {@code allowedNetworks}
     * (CIDRs) with passwords besides loopback.
     */
    public EmbeddedPostgres(Path dataDir, int port, String address, List<String> allowedNetworks) {
        super("PostgreSQL", dataDir, port, address);
        this.lockDir = dataDir;
        this.baseDir = baseDir(dataDir);
        this.allowedNetworks = List.copyOf(allowedNetworks);
        allowedNetworks.forEach(IpLiterals::network);
    }

    /**
     * What apps get as {@code DATABASE_URL}: {@code postgresql://fairbench_app:<password>@<address>:<port>/fairbench},
     * the read-only role. Contains a secret: show it only through {@link Redaction}.
     */
    public String url() {
        return url(APP_ROLE, appPasswordFile());
    }

    /**
     * The owner's URL, for setting up and seeding: {@code postgresql://fairbench:<password>@…}. A secret. Before the
     * first start there is no password yet (initdb makes it), and the URL has none.
     */
    public String ownerUrl() {
        if (!Secrets.exists(ownerPasswordFile())) {
            return "postgresql://" + ROLE + "@" + endpoint() + "/" + DATABASE;
        }
        return url(ROLE, ownerPasswordFile());
    }

    /** {@code owner-<port>.password}: the superuser's password, mode 0600. */
    public Path ownerPasswordFile() {
        return baseDir.resolve("owner-" + port() + ".password");
    }

    /** {@code app-<port>.password}: the app role's password, mode 0600. */
    public Path appPasswordFile() {
        return baseDir.resolve("app-" + port() + ".password");
    }

    private String url(String role, Path passwordFile) {
        ServiceUser.ensureDir(baseDir);
        return "postgresql://" + role + ":" + Secrets.readOrCreate(passwordFile) + "@" + endpoint() + "/"
                + DATABASE;
    }

    /** {@code hba-<port>.conf}: the client rules of a start on another address than 127.0.0.1. */
    public Path hbaFile() {
        return baseDir.resolve("hba-" + port() + ".conf");
    }

    public Path installDir() {
        return baseDir.resolve(VERSION);
    }

    public Path clusterDir() {
        return baseDir.resolve("data-" + port());
    }

    public Path logFile() {
        return clusterDir().resolve("postmaster.log");
    }

    /** {@code postmaster.pid} in the cluster folder. */
    @Override
    Path pidFile() {
        return clusterDir().resolve("postmaster.pid");
    }

    /**
     * The socket's lock file ({@code .s.PGSQL.<port>.lock} in the cluster folder) of a postmaster that is gone or a
     * zombie. PostgreSQL refuses to start while the pid in it answers {@code kill(pid, 0)}, which a zombie of the
     * same user does: a postmaster tied to a command that has ended stays one until its new parent, often a
     * container's init, reaps it. Removes the lock file and its socket, with one line on stderr.
     */
    @Override
    void removeStaleLocks() {
        Path lock = clusterDir().resolve(".s.PGSQL." + port() + ".lock");
        OptionalLong owner = Processes.readPidFile(lock);
        if (owner.isEmpty() || Processes.isAlive(owner.getAsLong())) return;
        removeStale(lock, owner.getAsLong(), clusterDir().resolve(".s.PGSQL." + port()));
    }

    @Override
    boolean isOwnExecutable(Path exe) {
        return exe.endsWith(Path.of("bin", "postgres"));
    }

    /**
     * Unpacks the binaries and creates the cluster when needed, then starts the server: with {@code pg_ctl} when
     * {@code detached}, else in the foreground, tied to this JVM.
     */
    @Override
    void launch(boolean detached) {
        install();
        if (!Files.exists(clusterDir().resolve("PG_VERSION")) || !Secrets.exists(ownerPasswordFile())) initCluster();
        List<String> serverOptions = serverOptions();
        Path startLog = startLog(detached);
        boolean up;
        if (detached) {
            List<String> cmd = new ArrayList<>(ServiceUser.dropRootPrefix(baseDir));
            cmd.addAll(List.of(bin("pg_ctl"), "-D", clusterDir().toString(), "-l", logFile().toString(),
                    "-w", "-t", Long.toString(START_TIMEOUT.toSeconds())));
            // pg_ctl hands -o to a shell: each option single-quoted
            if (!serverOptions.isEmpty()) {
                cmd.addAll(List.of("-o", String.join(" ", serverOptions.stream().map(o -> "'" + o + "'").toList())));
            }
            cmd.add("start");
            up = Processes.run(cmd, startLog, START_TIMEOUT.plusSeconds(30)) == 0 && isRunning();
        } else {
            up = startTethered(startLog, serverOptions);
        }
        if (!up) {
            throw new ServiceException("PostgreSQL did not start on " + endpoint() + ": "
                    + Processes.tail(logFile(), 2) + " (logs: " + logFile() + ", " + startLog + ")");
        }
        PostgresRoles.prepare(IpLiterals.urlHost(address()), port(), Secrets.read(ownerPasswordFile()),
                Secrets.readOrCreate(appPasswordFile()));
    }

    /**
     * The postmaster's options beyond the cluster's configuration: none on 127.0.0.1; else the address and the
     * {@link #hbaFile()}, written now.
     */
    private List<String> serverOptions() {
        if (address().equals(ServiceOptions.LOOPBACK) && allowedNetworks.isEmpty()) return List.of();
        String cidrBits = IpLiterals.address(address()) instanceof java.net.Inet4Address ? "/32" : "/128";
        StringBuilder hba = new StringBuilder()
                .append("# fairbench: the cluster's rules, then the server's own address and the allowed networks\n")
                .append("include \"").append(clusterDir().resolve("pg_hba.conf")).append("\"\n");
        List<String> networks = new ArrayList<>();
        if (!address().equals(ServiceOptions.LOOPBACK)) networks.add(address() + cidrBits);
        networks.addAll(allowedNetworks);
        for (String network : networks) hba.append("host all all ").append(network).append(" scram-sha-256\n");
        String path = hbaFile().toString();
        if (path.contains("'") || path.contains("\"")) {
            throw new ServiceException("PostgreSQL cannot be given " + path + ": a quote in the path");
        }
        try {
            Files.writeString(hbaFile(), hba, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new ServiceException("cannot write " + hbaFile() + ": " + e.getMessage(), e);
        }
        ServiceUser.chownTree(hbaFile(), baseDir);
        return List.of("-c", "listen_addresses=" + address(), "-c", "hba_file=" + path);
    }

    /**
     * What the start writes besides the server's log: {@code pg_ctl-<port>.log} (pg_ctl's output), or
     * {@code postgres-<port>.start.log} (a tied start's output before the log is open).
     */
    private Path startLog(boolean detached) {
        return baseDir.resolve(detached ? "pg_ctl-" + port() + ".log" : "postgres-" + port() + ".start.log");
    }

    /**
     * Runs the postmaster in the foreground, tied to this JVM, and waits as {@code pg_ctl -w} does: until its
     * {@code postmaster.pid} names it and says {@code ready}. A shell of the server's user opens the log (root never
     * writes into the cluster folder, which that user owns) and execs the postmaster with {@code serverOptions},
     * which keeps the tied pid.
     * Output before that goes to {@code startLog}.
     *
     * @return true once it is ready; false when it exited or did not get ready in time (then it is killed)
     */
    private boolean startTethered(Path startLog, List<String> serverOptions) {
        List<String> postmaster = new ArrayList<>(List.of("/bin/sh", "-c",
                "data=\"$1\"; log=\"$2\"; shift 2; exec \"$0\" -D \"$data\" \"$@\" >>\"$log\" 2>&1",
                bin("postgres"), clusterDir().toString(), logFile().toString()));
        postmaster.addAll(serverOptions);
        Process p = Processes.startTethered(ServiceUser.dropRootPrefix(baseDir), postmaster, null, startLog);
        long deadlineNanos = System.nanoTime() + START_TIMEOUT.toNanos();
        while (p.isAlive()) {
            if (readyAs(p.pid()) && isRunning()) return true;
            if (System.nanoTime() - deadlineNanos > 0) {
                p.destroyForcibly();
                return false;
            }
            Processes.sleepMillis(20);
        }
        return false;
    }

    /** Whether {@code postmaster.pid} names {@code pid} and its status line (the 8th) says {@code ready}. */
    private boolean readyAs(long pid) {
        try {
            List<String> lines = Files.readAllLines(pidFile());
            return lines.size() >= 8 && lines.get(0).strip().equals(Long.toString(pid))
                    && lines.get(7).strip().equals("ready");
        } catch (IOException | RuntimeException notYet) {
            return false;
        }
    }

    /**
     * A cluster running without an owner password file was made by an older fairbench with trust authentication:
     * it is stopped, and the start that follows recreates it with passwords.
     */
    @Override
    void retireLegacy() {
        java.util.OptionalLong pid = pid();
        if (pid.isPresent() && !Secrets.exists(ownerPasswordFile())) stopPid(pid.getAsLong());
    }

    /**
     * Deletes this port's cluster, password files and logs, for tests on throw-away ports; nothing while the server
     * runs.
     *
     * @return false when it runs (nothing deleted)
     */
    public boolean deleteFiles() {
        try (ServiceLock ignored = ServiceLock.acquire(lockDir)) {
            if (isRunning()) return false;
            Archives.deleteTree(clusterDir());
            Files.deleteIfExists(ownerPasswordFile());
            Files.deleteIfExists(appPasswordFile());
            Files.deleteIfExists(hbaFile());
            Files.deleteIfExists(baseDir.resolve("initdb-" + port() + ".log"));
            Files.deleteIfExists(startLog(true));
            Files.deleteIfExists(startLog(false));
            return true;
        } catch (IOException e) {
            throw new ServiceException("cannot delete the files of port " + port() + ": " + e.getMessage(), e);
        }
    }

    /** {@code pg_ctl -m fast stop}. */
    @Override
    void askToStop(long pid) {
        List<String> cmd = new ArrayList<>(ServiceUser.dropRootPrefix(baseDir));
        cmd.addAll(List.of(bin("pg_ctl"), "-D", clusterDir().toString(), "-m", "fast", "-w", "-t", "30", "stop"));
        Processes.run(cmd, startLog(true), Duration.ofSeconds(45));
    }

    /** Unpacks the binaries into {@link #installDir()} unless they are there. */
    void install() {
        try (ServiceLock ignored = ServiceLock.acquire(lockDir)) {
            ServiceUser.ensureDir(baseDir);
            Archives.unpackTxzOnce(ARCHIVE, installDir());
        }
    }

    /** Ports of the clusters under {@code dataDir} (running or not), from their {@code data-<port>} folders. */
    static SortedSet<Integer> clusterPorts(Path dataDir) {
        return Processes.portsOf(baseDir(dataDir), "data-", "");
    }

    /**
     * Runs initdb into a temporary sibling and renames it into place once configured, so that an interrupted
     * initdb never leaves a half-made cluster where {@link #start()} would try to use it. A new owner password is
     * generated and written last, so that its file marks a cluster made with passwords.
     */
    private void initCluster() {
        Path cluster = baseDir.resolve("data-" + port() + ".init");
        Path pwDir = baseDir.resolve("initdb-" + port() + ".pw");
        String ownerPassword = Secrets.newPassword();
        try {
            Files.deleteIfExists(ownerPasswordFile());
            Archives.deleteTree(cluster);
            Archives.deleteTree(clusterDir());
            Archives.deleteTree(pwDir);
            Files.createDirectories(cluster);
            Files.createDirectory(pwDir, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
            Secrets.write(pwDir.resolve("pw"), ownerPassword);
        } catch (IOException e) {
            throw new ServiceException("cannot create " + cluster + ": " + e.getMessage(), e);
        }
        ServiceUser.chownTree(cluster, baseDir);
        ServiceUser.chownTree(pwDir, baseDir);
        Path initLog = baseDir.resolve("initdb-" + port() + ".log");
        List<String> cmd = new ArrayList<>(ServiceUser.dropRootPrefix(baseDir));
        cmd.addAll(List.of(bin("initdb"), "-D", cluster.toString(), "-U", ROLE, "-A", "scram-sha-256",
                "--pwfile=" + pwDir.resolve("pw"), "-E", "UTF8", "--locale=C", "--no-sync"));
        int exit;
        try {
            exit = Processes.run(cmd, initLog, Duration.ofSeconds(120));
        } finally {
            try {
                Archives.deleteTree(pwDir);
            } catch (IOException e) {
                throw new ServiceException("cannot remove " + pwDir + ": " + e.getMessage(), e);
            }
        }
        if (exit != 0) {
            throw new ServiceException("initdb failed (exit " + exit + "): " + Processes.tail(initLog, 2)
                    + " (log: " + initLog + ")");
        }
        String finalDir = clusterDir().toString();
        String socketDir = finalDir.length() + 16 < UNIX_SOCKET_PATH_MAX ? finalDir : "";
        String settings = String.join("\n",
                "",
                "# fairbench: loopback only, read-mostly benchmark settings",
                "listen_addresses = '127.0.0.1'",
                "port = " + port(),
                "unix_socket_directories = '" + socketDir + "'",
                "max_connections = 200",
                "shared_buffers = 128MB",
                "fsync = off",
                "synchronous_commit = off",
                "full_page_writes = off",
                "");
        try {
            // NOFOLLOW: the folder belongs to the service user, who must not be able to redirect root's write
            Files.writeString(cluster.resolve("postgresql.conf"), settings, StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS);
            Files.move(cluster, clusterDir(), StandardCopyOption.ATOMIC_MOVE);
            Secrets.write(ownerPasswordFile(), ownerPassword);
        } catch (IOException e) {
            throw new ServiceException("cannot configure the new cluster " + cluster + ": " + e.getMessage(), e);
        }
    }

    private String bin(String name) {
        return installDir().resolve("bin").resolve(name).toString();
    }

    private static Path baseDir(Path dataDir) {
        return ServiceUser.serviceDir(dataDir, "pg");
    }
}
