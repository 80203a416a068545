package dev.fairbench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Who runs the embedded servers, and where their files live. {@code initdb} and {@code postgres} refuse to run as
 * root, and a Redis running as root would hand root to anyone who can talk to it, so when this JVM is root both run
 * as the system user {@value #NAME} (created with {@code useradd -r} when missing) through {@code setpriv}, and only
 * the folders they write are chowned to it. As any other user they run as that user.
 */
final class ServiceUser {
    static final String NAME = "fairbench";

    private ServiceUser() {}

    static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) return line.split("\\s+")[1].equals("0");
            }
        } catch (IOException e) {
            // not Linux: never root for our purposes
        }
        return false;
    }

    /** Root of the service folders used when the data folder is out of the service user's reach. */
    static final Path ROOT_SERVICE_BASE = Path.of("/var/lib/fairbench");

    /**
     * The folder of one service ({@code pg} or {@code redis}): {@code <dataDir>/<name>}, unless this JVM is root and
     * the service user cannot reach it (a checkout under {@code /root}); then
     * {@code /var/lib/fairbench/<hash of dataDir>/<name>}, under a root-owned folder that no other user can write
     * into (unlike a predictable name in the world-writable {@code /var/tmp}).
     */
    static Path serviceDir(Path dataDir, String name) {
        Path normal = dataDir.toAbsolutePath().normalize().resolve(name);
        if (!isRoot() || othersCanReach(normal)) return normal;
        String hash = Redaction.sha256Hex(normal.getParent().toString()).substring(0, 16);
        return ROOT_SERVICE_BASE.resolve(hash).resolve(name);
    }

    /**
     * Creates {@code dir} (a service folder of {@link #serviceDir(Path, String)}) and its missing parents (mode 755)
     * and checks with {@link SafePaths#requireOwnedFolder(Path)} it, the folders created, and the folders above it up
     * to the data folder or {@code /var/lib/fairbench}.
     */
    static void ensureDir(Path dir) {
        SafePaths.ensureOwnedFolder(dir);
        Path absolute = dir.toAbsolutePath().normalize();
        if (absolute.startsWith(ROOT_SERVICE_BASE)) {
            // /var/lib/fairbench and the folder of this data dir: nobody but root may have made or changed them
            for (Path p = absolute.getParent(); p != null && p.startsWith(ROOT_SERVICE_BASE); p = p.getParent()) {
                SafePaths.requireOwnedFolder(p);
            }
        } else if (absolute.getParent() != null) {
            SafePaths.requireOwnedFolder(absolute.getParent());
        }
    }

    /** The command prefix that drops root, or an empty list when not root. Creates the user when missing. */
    static List<String> dropRootPrefix(Path logDir) {
        if (!isRoot()) return List.of();
        ensureUserExists(logDir);
        return List.of("setpriv", "--reuid=" + NAME, "--regid=" + NAME, "--init-groups", "--");
    }

    /** {@code chown -R} to the service user when root; nothing otherwise. */
    static void chownTree(Path dir, Path logDir) {
        if (!isRoot()) return;
        ensureUserExists(logDir);
        Path log = logDir.resolve("chown.log");
        int exit = Processes.run(List.of("chown", "-R", NAME + ":" + NAME, dir.toString()), log, Duration.ofSeconds(30));
        if (exit != 0) throw new ServiceException("chown of " + dir + " failed: " + Processes.tail(log, 3));
    }

    /**
     * True when a user other than root can reach {@code dir}: every ancestor must be searchable by others, which is
     * not the case under e.g. {@code /root} (mode 700). Then the caller keeps PostgreSQL elsewhere.
     */
    static boolean othersCanReach(Path dir) {
        try {
            for (Path p = dir.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
                if (!Files.exists(p)) continue;
                if (!Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) return false;
            }
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static void ensureUserExists(Path logDir) {
        Path log = logDir.resolve("useradd.log");
        if (Processes.run(List.of("id", "-u", NAME), log, Duration.ofSeconds(10)) == 0) return;
        List<String> useradd = new ArrayList<>(List.of("useradd", "--system", "--no-create-home",
                "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", NAME));
        int exit = Processes.run(useradd, log, Duration.ofSeconds(30));
        // 9: the name appeared meanwhile (another process created it)
        if (exit != 0 && exit != 9) {
            throw new ServiceException("running as root, PostgreSQL needs the system user '" + NAME
                    + "' and useradd failed (exit " + exit + "): " + Processes.tail(log, 2));
        }
    }
}
