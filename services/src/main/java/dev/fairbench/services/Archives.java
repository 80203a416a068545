package dev.fairbench.services;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * Unpacks the binaries shipped inside Maven artifacts into {@code .fairbench/}. Every unpack goes to a temporary
 * sibling folder first and is then renamed into place, so a crash or a concurrent unpack never leaves a half-filled
 * target behind. Callers hold {@link ServiceLock} while calling, and have checked the target's parent with
 * {@link SafePaths}; an existing target is used only when it passes that check too (binaries someone else put
 * there would run as root or as the service user).
 */
final class Archives {
    private Archives() {}

    /**
     * Unpacks the {@code .txz} class-path resource {@code resource} into {@code target} unless it already exists,
     * keeping file modes and symbolic links.
     */
    static void unpackTxzOnce(String resource, Path target) {
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            SafePaths.requireOwnedFolder(target);
            return;
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try (InputStream raw = open(resource);
             TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(new BufferedInputStream(raw)))) {
            deleteTree(tmp);
            Files.createDirectories(tmp);
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path out = tmp.resolve(entry.getName()).normalize();
                if (!out.startsWith(tmp)) throw new IOException("entry outside the archive root: " + entry.getName());
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(out.getParent());
                    Files.createSymbolicLink(out, Path.of(entry.getLinkName()));
                } else if (entry.isLink()) {
                    Files.createDirectories(out.getParent());
                    Files.createLink(out, tmp.resolve(entry.getLinkName()).normalize());
                } else {
                    Files.createDirectories(out.getParent());
                    Files.copy(tar, out, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(out, permissions(entry.getMode()));
                }
            }
            Files.createDirectories(target.getParent());
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteTreeQuietly(tmp);
            throw new ServiceException("cannot unpack " + resource + " into " + target + ": " + e.getMessage(), e);
        }
    }

    /** Copies the class-path resource {@code resource} to {@code target} with mode 755 unless it already exists. */
    static void copyExecutableOnce(String resource, Path target) {
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && Files.isExecutable(target)) {
            requireOwnedFile(target);
            return;
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try (InputStream in = open(resource)) {
            Files.createDirectories(target.getParent());
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(tmp, permissions(0755));
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            deleteTreeQuietly(tmp);
            throw new ServiceException("cannot extract " + resource + " to " + target + ": " + e.getMessage(), e);
        }
    }

    /** Like {@link SafePaths#requireOwnedFolder(Path)} for a regular file: ours, not writable by group or others. */
    private static void requireOwnedFile(Path file) {
        try {
            var attrs = Files.readAttributes(file, java.nio.file.attribute.PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            String me = SafePaths.currentUser();
            if (!attrs.owner().getName().equals(me) || attrs.permissions().contains(PosixFilePermission.GROUP_WRITE)
                    || attrs.permissions().contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new ServiceException(file + " belongs to " + attrs.owner().getName() + " or is writable by others;"
                        + " refusing to run it (remove it)");
            }
        } catch (IOException e) {
            throw new ServiceException("cannot inspect " + file + ": " + e.getMessage(), e);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) return;
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private static void deleteTreeQuietly(Path root) {
        try {
            deleteTree(root);
        } catch (IOException ignored) {
            // best effort: the next unpack deletes it first
        }
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = Archives.class.getResourceAsStream(resource);
        if (in == null) throw new IOException(resource + " is not on the class path");
        return in;
    }

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {
            PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};
        for (int bit = 0; bit < order.length; bit++) {
            if ((mode & (1 << bit)) != 0) perms.add(order[bit]);
        }
        return perms;
    }
}
