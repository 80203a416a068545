package dev.fairbench.services;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Checks on the folders fairbench writes into, so that a folder another user prepared (with links to files of
 * root's, or binaries of their own) is refused instead of used. A folder passes when it is a real folder (not a
 * symbolic link), owned by this process's user, and not writable by group or others. Whatever fairbench then
 * creates inside such a folder nobody else can have replaced, which is why only the folders are checked and the
 * files written inside them need no check of their own.
 */
final class SafePaths {
    private SafePaths() {}

    /**
     * Creates the missing folders of {@code dir} one at a time (mode 755, never through a symbolic link) and checks
     * {@code dir} and every folder created with {@link #requireOwnedFolder(Path)}.
     *
     * @throws ServiceException naming the first folder that fails the check
     */
    static void ensureOwnedFolder(Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        Deque<Path> missing = new ArrayDeque<>();
        for (Path p = absolute; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            missing.push(p);
        }
        try {
            while (!missing.isEmpty()) {
                Path p = missing.pop();
                try {
                    Files.createDirectory(p, PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwxr-xr-x")));
                } catch (FileAlreadyExistsException raced) {
                    // another process made it meanwhile: checked below like any existing folder
                }
                requireOwnedFolder(p);
            }
        } catch (IOException e) {
            throw new ServiceException("cannot create " + absolute + ": " + e.getMessage(), e);
        }
        requireOwnedFolder(absolute);
    }

    /**
     * Throws a one-line {@link ServiceException} unless {@code dir} is a folder (not a symbolic link), owned by this
     * process's user and not writable by group or others.
     */
    static void requireOwnedFolder(Path dir) {
        PosixFileAttributes attrs;
        try {
            attrs = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new ServiceException("cannot inspect " + dir + ": " + e.getMessage(), e);
        }
        if (attrs.isSymbolicLink()) {
            throw new ServiceException(dir + " is a symbolic link; refusing to use it (remove it)");
        }
        if (!attrs.isDirectory()) throw new ServiceException(dir + " is not a folder; refusing to use it");
        String me = currentUser();
        if (!attrs.owner().getName().equals(me)) {
            throw new ServiceException(dir + " belongs to " + attrs.owner().getName() + ", not " + me
                    + "; refusing to use it (remove it, or run as its owner)");
        }
        if (attrs.permissions().contains(PosixFilePermission.GROUP_WRITE)
                || attrs.permissions().contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new ServiceException(dir + " is writable by others (" + PosixFilePermissions.toString(
                    attrs.permissions()) + "); refusing to use it (chmod go-w it)");
        }
    }

    /** The name of this process's user, from the owner of {@code /proc/self}. */
    static String currentUser() {
        try {
            return Files.getOwner(Path.of("/proc/self"), LinkOption.NOFOLLOW_LINKS).getName();
        } catch (IOException e) {
            return System.getProperty("user.name");
        }
    }
}
