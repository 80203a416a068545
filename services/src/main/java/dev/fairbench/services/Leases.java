package dev.fairbench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Who uses a server that a {@link RunningServices} scope started. A scope that starts a server writes the marker
 * {@code <dataDir>/leases/<service>-<port>.scoped} with its pid; every scope that uses an embedded server writes a
 * lease file {@code <dataDir>/leases/<service>-<port>/<pid>-<n>}. On close a scope drops its lease, and the server is
 * stopped when the marker is there and no live holder is left: so scopes of one JVM that share a server do not lose
 * it when the first closes. A server a scope started is tied to that scope's JVM ({@link EmbeddedServer#start()}):
 * another process may use it, but it stops when its starter ends ({@link #tetheredTo()} names the starter). Only an
 * explicit {@code services start} makes servers that outlive commands; it removes the marker of a server that
 * nobody alive is tied to. A lease file, and the marker, hold their process's start instant, so that a pid reused by
 * a later process counts as dead. Callers hold {@link ServiceLock}.
 */
final class Leases {
    private static final AtomicLong NEXT = new AtomicLong();
    private final Path dir;
    private final Path marker;

    Leases(Path dataDir, String service, int port) {
        Path root = dataDir.resolve("leases");
        this.dir = root.resolve(service + "-" + port);
        this.marker = root.resolve(service + "-" + port + ".scoped");
    }

    /** Adds a lease for this process and returns its file. */
    Path acquire() {
        try {
            Files.createDirectories(dir);
            Path lease = dir.resolve(ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet());
            Files.writeString(lease, startOf(ProcessHandle.current().pid()));
            return lease;
        } catch (IOException e) {
            throw new ServiceException("cannot write a lease under " + dir + ": " + e.getMessage(), e);
        }
    }

    void release(Path lease) {
        deleteQuietly(lease);
    }

    /** True when a live process other than a released one still holds a lease; removes the leases of dead ones. */
    boolean anyLiveHolder() {
        if (!Files.isDirectory(dir)) return false;
        boolean live = false;
        try (Stream<Path> leases = Files.list(dir)) {
            for (Path lease : leases.toList()) {
                long pid = Long.parseLong(lease.getFileName().toString().split("-", 2)[0]);
                // A lease whose pid was reused by a later process is stale: the holder is told by its start time.
                if (Processes.isAlive(pid) && Files.readString(lease).equals(startOf(pid))) {
                    live = true;
                } else {
                    deleteQuietly(lease);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return true; // unsure: better to leave a server running than to pull it from under someone
        }
        return live;
    }

    /** When process {@code pid} started, as an ISO instant, or "" when that cannot be read. */
    static String startOf(long pid) {
        return ProcessHandle.of(pid).flatMap(h -> h.info().startInstant()).map(Object::toString).orElse("");
    }

    /** Writes the marker: this process started the server for its own use, tied to its life. */
    void markStartedByScope() {
        long pid = ProcessHandle.current().pid();
        try {
            Files.createDirectories(marker.getParent());
            Files.writeString(marker, pid + "\n" + startOf(pid));
        } catch (IOException e) {
            throw new ServiceException("cannot write " + marker + ": " + e.getMessage(), e);
        }
    }

    /**
     * The live process that started the server for its own use, to whose life it is tied; empty when there is no
     * marker or its process is gone (a marker of an older fairbench, with a pid alone, counts while that pid lives).
     */
    OptionalLong tetheredTo() {
        try {
            if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) return OptionalLong.empty();
            String[] lines = Files.readString(marker).split("\n", 2);
            long pid = Long.parseLong(lines[0].strip());
            boolean sameProcess = lines.length < 2 || lines[1].strip().equals(startOf(pid));
            return Processes.isAlive(pid) && sameProcess ? OptionalLong.of(pid) : OptionalLong.empty();
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    boolean startedByScope() {
        return Files.exists(marker);
    }

    /** Forgets the scope marker: the server now belongs to whoever started it explicitly. */
    void clearMarker() {
        deleteQuietly(marker);
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover lease of a dead pid is pruned by anyLiveHolder
        }
    }
}
