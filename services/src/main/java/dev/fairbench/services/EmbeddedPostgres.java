package dev.fairbench.services;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.SortedSet;

/**
 * PostgreSQL {@value #VERSION} from the zonky binaries artifact, on 127.0.0.1 only.
 *
 * <p>Layout under {@code <dataDir>/pg/}: {@code 17.5.0/} holds the unpacked binaries (shared by every port),
 * {@code data-<port>/} one cluster per port (so tests on other ports never touch a developer's cluster), with
 * {@code postmaster.log} and the Unix socket inside it. When this JVM runs as root and other users cannot reach
 * {@code <dataDir>} (a checkout under {@code /root}), the same layout lives under
 * {@code /var/tmp/fairbench-<hash of dataDir>/pg/} instead, because the server runs as an unprivileged user.
 *
 * <p>The cluster has trust authentication on loopback and the socket, superuser role {@code fairbench} and
 * database {@code fairbench}, and settings for a read-mostly benchmark (fsync, synchronous_commit and
 * full_page_writes off; max_connections 200; shared_buffers 128MB). The server is daemonized by {@code pg_ctl}: it
 * outlives this JVM until {@link #stop()}.
 *
 * <p>Thread-safe: {@link #start()} and {@link #stop()} hold the cross-process {@link ServiceLock}.
 */
public final class EmbeddedPostgres extends EmbeddedServer {
    public static final String VERSION = "17.5.0";
    public static final String ROLE = "fairbench";
    public static final String DATABASE = "fairbench";
    private static final String ARCHIVE = "/postgres-linux-x86_64.txz";
    private static final int UNIX_SOCKET_PATH_MAX = 100;

    private final Path lockDir;
    private final Path baseDir;

    public EmbeddedPostgres(Path dataDir, int port) {
        super("PostgreSQL", dataDir, port);
        this.lockDir = dataDir;
        this.baseDir = baseDir(dataDir);
    }

    /** {@code postgresql://fairbench@127.0.0.1:<port>/fairbench}. */
    public String url() {
        return "postgresql://" + ROLE + "@127.0.0.1:" + port() + "/" + DATABASE;
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

    @Override
    boolean isOwnExecutable(Path exe) {
        return exe.endsWith(Path.of("bin", "postgres"));
    }

    /** Unpacks the binaries and creates the cluster when needed, then starts the server with {@code pg_ctl}. */
    @Override
    void launch() {
        install();
        if (!Files.exists(clusterDir().resolve("PG_VERSION"))) initCluster();
        Path ctlLog = baseDir.resolve("pg_ctl-" + port() + ".log");
        List<String> cmd = new ArrayList<>(ServiceUser.dropRootPrefix(baseDir));
        cmd.addAll(List.of(bin("pg_ctl"), "-D", clusterDir().toString(), "-l", logFile().toString(),
                "-w", "-t", "60", "start"));
        int exit = Processes.run(cmd, ctlLog, Duration.ofSeconds(90));
        if (exit != 0 || !isRunning()) {
            throw new ServiceException("PostgreSQL did not start on 127.0.0.1:" + port() + ": "
                    + Processes.tail(logFile(), 2) + " (logs: " + logFile() + ", " + ctlLog + ")");
        }
        createDatabaseIfMissing();
    }

    /** {@code pg_ctl -m fast stop}. */
    @Override
    void askToStop(long pid) {
        List<String> cmd = new ArrayList<>(ServiceUser.dropRootPrefix(baseDir));
        cmd.addAll(List.of(bin("pg_ctl"), "-D", clusterDir().toString(), "-m", "fast", "-w", "-t", "30", "stop"));
        Processes.run(cmd, baseDir.resolve("pg_ctl-" + port() + ".log"), Duration.ofSeconds(45));
    }

    /** Unpacks the binaries into {@link #installDir()} unless they are there. */
    void install() {
        try (ServiceLock ignored = ServiceLock.acquire(lockDir)) {
            Archives.unpackTxzOnce(ARCHIVE, installDir());
        }
    }

    /** Ports of the clusters under {@code dataDir} (running or not), from their {@code data-<port>} folders. */
    static SortedSet<Integer> clusterPorts(Path dataDir) {
        return Processes.portsOf(baseDir(dataDir), "data-", "");
    }

    /**
     * Runs initdb into a temporary sibling and renames it into place once configured, so that an interrupted
     * initdb never leaves a half-made cluster where {@link #start()} would try to use it.
     */
    private void initCluster() {
        Path cluster = baseDir.resolve("data-" + port() + ".init");
        try {
            Archives.deleteTree(cluster);
            Archives.deleteTree(clusterDir());
            Files.createDirectories(cluster);
        } catch (IOException e) {
            throw new ServiceException("cannot create " + cluster + ": " + e.getMessage(), e);
        }
        ServiceUser.chownTree(cluster, baseDir);
        Path initLog = baseDir.resolve("initdb-" + port() + ".log");
        List<String> cmd = new ArrayList<>(ServiceUser.dropRootPrefix(baseDir));
        cmd.addAll(List.of(bin("initdb"), "-D", cluster.toString(), "-U", ROLE, "-A", "trust", "-E", "UTF8",
                "--locale=C", "--no-sync"));
        int exit = Processes.run(cmd, initLog, Duration.ofSeconds(120));
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
            Files.writeString(cluster.resolve("postgresql.conf"), settings, StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
            Files.move(cluster, clusterDir(), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ServiceException("cannot configure the new cluster " + cluster + ": " + e.getMessage(), e);
        }
    }

    private void createDatabaseIfMissing() {
        Properties props = new Properties();
        props.setProperty("user", ROLE);
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port() + "/postgres", props);
             Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                if (rs.next()) return;
            }
            s.execute("CREATE DATABASE " + DATABASE + " OWNER " + ROLE);
        } catch (SQLException e) {
            throw new ServiceException("cannot create database " + DATABASE + " on 127.0.0.1:" + port() + ": "
                    + e.getMessage(), e);
        }
    }

    private String bin(String name) {
        return installDir().resolve("bin").resolve(name).toString();
    }

    private static Path baseDir(Path dataDir) {
        Path normal = dataDir.toAbsolutePath().normalize().resolve("pg");
        if (!ServiceUser.isRoot() || ServiceUser.othersCanReach(normal)) return normal;
        String hash = HexFormat.of().toHexDigits(normal.toString().hashCode());
        return Path.of("/var/tmp", "fairbench-" + hash, "pg");
    }
}
