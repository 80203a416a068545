package dev.fairbench.services;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * The generated passwords of the embedded servers, each in a file of its own that only the invoking user can read
 * (mode 0600, owned by this process's user). Passwords are 32 random bytes in lowercase hex, so they need no escaping
 * in a URL, a config file or SQL.
 *
 * <p>A password file is never followed through a symbolic link, and one with a foreign owner or a mode that lets
 * others read it is refused: whoever could have written or read it may know the password.
 */
final class Secrets {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private Secrets() {}

    /** A new random password: 64 lowercase hex digits. */
    static String newPassword() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** True when {@code file} exists (as anything, a symbolic link included). */
    static boolean exists(Path file) {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * The password in {@code file}.
     *
     * @throws ServiceException when it is missing, not a regular file, not owned by this user, readable or writable
     *                          by others, or empty
     */
    static String read(Path file) {
        try {
            PosixFileAttributes attrs = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attrs.isRegularFile()) throw new ServiceException(file + " is not a regular file; refusing to use it");
            String me = SafePaths.currentUser();
            if (!attrs.owner().getName().equals(me)) {
                throw new ServiceException(file + " is owned by " + attrs.owner().getName() + ", not " + me
                        + "; refusing to use it");
            }
            if (!OWNER_ONLY.containsAll(attrs.permissions())) {
                throw new ServiceException(file + " has mode " + PosixFilePermissions.toString(attrs.permissions())
                        + ", want rw-------; refusing to use it");
            }
            String password = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (password.isEmpty()) throw new ServiceException(file + " is empty");
            Redaction.register(password);
            return password;
        } catch (IOException e) {
            throw new ServiceException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code password} to {@code file} with mode 0600: into a new temporary sibling created with that mode
     * (never an existing file or link), then renamed over {@code file}, so no reader ever sees a partial file and a
     * symbolic link planted at {@code file} is replaced, not followed.
     */
    static void write(Path file, String password) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            Files.writeString(tmp, password + "\n", StandardCharsets.US_ASCII, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the next write deletes it first
            }
            throw new ServiceException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The password in {@code file}, after writing a new one there when the file does not exist. */
    static String readOrCreate(Path file) {
        if (!exists(file)) write(file, newPassword());
        return read(file);
    }
}
