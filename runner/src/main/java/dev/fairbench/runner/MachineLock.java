package dev.fairbench.runner;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One benchmark at a time on the whole machine, whatever the checkout or user: every measuring command holds this
 * lock while it runs. It is an exclusive {@link FileChannel#tryLock() fcntl lock} on one file; the kernel releases
 * it when the holding process ends, however it ends (SIGKILL included), so a stale file never blocks anybody.
 *
 * <p><b>Where.</b> {@link #defaultPath()}: the system property {@value #PATH_PROPERTY} when set (tests use it, so
 * they never meet a real benchmark), else {@code /run/lock/fairbench.lock} when {@code /run/lock} is a writable
 * directory (tmpfs, cleared at boot, the FHS place for lock files), else {@code /var/lock/fairbench.lock}, else
 * {@code fairbench.lock} in {@code java.io.tmpdir}. The path is fixed on purpose: a lock per checkout would let two
 * checkouts measure at once.
 *
 * <p><b>Safety on a shared machine</b> (issue 15). The path is predictable, so another user may create the file
 * first. The file is opened without following symbolic links ({@link LinkOption#NOFOLLOW_LINKS}) and must be a
 * regular file with one name (no hard link to a file root would then overwrite), checked on the opened descriptor;
 * an existing file is opened without {@code O_CREAT} (so root is not refused by
 * {@code fs.protected_regular} for a file another user made in a sticky directory), a missing one is created with
 * {@code O_EXCL} and mode 0666, because an fcntl write lock needs the file open for writing and every user's
 * benchmark must be able to take it. Anyone can therefore hold the lock (deny service, nothing more) or write its
 * text: the holder's description is only ever printed, cleaned of control characters and cut to
 * {@value #MAX_DESCRIPTION} characters.
 *
 * <p><b>Content.</b> While held, the file says who holds it, three lines {@code pid=N}, {@code command=...},
 * {@code since=<ISO-8601 instant>}; it is emptied on {@link #close()}. The lock is on the file, not the content:
 * an empty or stale content never decides anything.
 *
 * <p>{@link #close()} releases it; instances are thread-safe, one per holder.
 */
public final class MachineLock implements AutoCloseable {
    /** System property naming the lock file instead of {@link #defaultPath()}'s choice. */
    public static final String PATH_PROPERTY = "fairbench.lock.path";
    static final String FILE_NAME = "fairbench.lock";
    static final int MAX_DESCRIPTION = 200;
    static final Duration POLL = Duration.ofMillis(250);

    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;

    private MachineLock(Path path, FileChannel channel, FileLock lock) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
    }

    /** The machine-wide lock file, as described above. */
    public static Path defaultPath() {
        String property = System.getProperty(PATH_PROPERTY);
        if (property != null && !property.isBlank()) return Path.of(property);
        for (String dir : new String[] {"/run/lock", "/var/lock"}) {
            Path d = Path.of(dir);
            if (Files.isDirectory(d) && Files.isWritable(d)) return d.resolve(FILE_NAME);
        }
        return Path.of(System.getProperty("java.io.tmpdir")).resolve(FILE_NAME);
    }

    /** Who holds a lock: pid, command line and since when; fields may be unknown when the text was unreadable. */
    public record Holder(long pid, String command, Instant since) {
        /** E.g. {@code pid 4242 (fairbench run --quick) since 14:03:12}. */
        public String describe() {
            StringBuilder s = new StringBuilder(pid > 0 ? "pid " + pid : "an unknown process");
            if (command != null && !command.isBlank()) s.append(" (").append(command).append(')');
            if (since != null) {
                ZonedDateTime t = since.atZone(ZoneId.systemDefault());
                String pattern = t.toLocalDate().equals(LocalDate.now()) ? "HH:mm:ss" : "yyyy-MM-dd HH:mm:ss";
                s.append(" since ").append(t.format(DateTimeFormatter.ofPattern(pattern)));
            }
            return s.toString();
        }
    }

    /** Thrown by {@link #acquire} without waiting when another process (or this one) holds the lock. */
    public static final class HeldException extends Exception {
        private final Holder holder;

        HeldException(Path path, Holder holder) {
            super("the benchmark lock " + path + " is held by " + holder.describe());
            this.holder = holder;
        }

        public Holder holder() {
            return holder;
        }
    }

    /**
     * Takes the lock at {@code path}, recording {@code command} as the holder's command line.
     *
     * @param wait    false: fail at once with {@link HeldException} when held; true: wait until it is free
     * @param waiting called once, before waiting, with the line {@code waiting for the benchmark lock held by
     *                pid N (command) since HH:MM:SS}
     * @throws IOException with one line when the file cannot be opened or is not a regular file
     */
    public static MachineLock acquire(Path path, String command, boolean wait, Consumer<String> waiting)
            throws IOException, HeldException, InterruptedException {
        FileChannel channel = open(path);
        try {
            boolean announced = false;
            while (true) {
                FileLock lock = tryLock(channel);
                if (lock != null) {
                    MachineLock held = new MachineLock(path, channel, lock);
                    held.writeHolder(command);
                    return held;
                }
                Holder holder = readHolder(channel);
                if (!wait) throw new HeldException(path, holder);
                if (!announced) {
                    waiting.accept("waiting for the benchmark lock held by " + holder.describe());
                    announced = true;
                }
                Thread.sleep(POLL);
            }
        } catch (IOException | HeldException | InterruptedException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Who holds the lock at {@code path} now, or empty when it is free (or the file does not exist). */
    public static Optional<Holder> holder(Path path) throws IOException, InterruptedException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) return Optional.empty();
        try (FileChannel channel = open(path)) {
            FileLock lock = tryLock(channel);
            if (lock == null) return Optional.of(readHolder(channel));
            lock.release();
            return Optional.empty();
        }
    }

    public Path path() {
        return path;
    }

    /** Empties the file and releases the lock; idempotent. */
    @Override
    public synchronized void close() throws IOException {
        if (!channel.isOpen()) return;
        try {
            if (lock.isValid()) channel.truncate(0);
        } finally {
            channel.close(); // releases the lock
        }
    }

    private static FileChannel open(Path path) throws IOException {
        OpenOption[] existing = {StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS};
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                FileChannel c = FileChannel.open(path, existing);
                requireSafe(path, c);
                return c;
            } catch (NoSuchFileException missing) {
                try {
                    Files.createDirectories(path.toAbsolutePath().getParent());
                    FileChannel c = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                            StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                    try {
                        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-rw-rw-"));
                    } catch (IOException | UnsupportedOperationException ignored) {
                        // then only this user can take it; still a lock
                    }
                    return c;
                } catch (FileAlreadyExistsException raced) {
                    // another process created it meanwhile: open it as existing
                }
            } catch (AccessDeniedException denied) {
                throw new IOException("cannot open the benchmark lock " + path + ": permission denied (another user "
                        + "made it without write access; remove it, or set -D" + PATH_PROPERTY + ")", denied);
            } catch (Refused e) {
                throw e;
            } catch (IOException e) {
                if (Files.isSymbolicLink(path)) {
                    throw new IOException("the benchmark lock " + path + " is a symbolic link: refused", e);
                }
                throw new IOException("cannot open the benchmark lock " + path + ": " + e.getMessage(), e);
            }
        }
        throw new IOException("cannot open the benchmark lock " + path + ": it keeps appearing and disappearing");
    }

    /**
     * Refuses (closing {@code c}) a lock file that is not a regular file or has another name too (a hard link, e.g.
     * to a file of the system that root would then overwrite). Checked on the descriptor just opened, through
     * {@code /proc/self/fd} (an fstat: no race with a file swapped after the open), else on the path.
     */
    private static void requireSafe(Path path, FileChannel c) throws IOException {
        List<Map<String, Object>> seen = descriptorAttributes(path);
        if (seen.isEmpty()) {
            seen = List.of(Files.readAttributes(path, "unix:isRegularFile,nlink", LinkOption.NOFOLLOW_LINKS));
        }
        for (Map<String, Object> a : seen) {
            String why = !Boolean.TRUE.equals(a.get("isRegularFile")) ? "is not a regular file"
                    : a.get("nlink") instanceof Integer n && n != 1 ? "has " + n + " hard links" : null;
            if (why != null) {
                c.close();
                throw new Refused("the benchmark lock " + path + " " + why + ": refused (remove it, or set -D"
                        + PATH_PROPERTY + ")");
            }
        }
    }

    /** Attributes of the files this process's descriptors opened at {@code path} refer to; empty when unknown. */
    private static List<Map<String, Object>> descriptorAttributes(Path path) {
        List<Map<String, Object>> found = new ArrayList<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            Path expected = path.toAbsolutePath().getParent().toRealPath().resolve(path.getFileName());
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).equals(expected)) {
                        found.add(Files.readAttributes(fd, "unix:isRegularFile,nlink")); // follows: the fd's file
                    }
                } catch (IOException | RuntimeException closedMeanwhile) {
                    // another thread's descriptor, gone
                }
            }
        } catch (IOException | RuntimeException noProc) {
            return List.of();
        }
        return found;
    }

    /** A lock file that must not be used; its message is the one line to print. */
    private static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    /** The lock, or null when another process holds it or this JVM does (through another channel). */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException heldByThisJvm) {
            return null;
        }
    }

    private void writeHolder(String command) throws IOException {
        String text = "pid=" + ProcessHandle.current().pid() + "\ncommand=" + clean(command) + "\nsince="
                + Instant.now() + "\n";
        channel.truncate(0);
        ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        long position = 0;
        while (buffer.hasRemaining()) position += channel.write(buffer, position);
        channel.force(false);
    }

    /** The holder as its file says; a holder that has not written yet is retried briefly, then "unknown". */
    private static Holder readHolder(FileChannel channel) throws IOException, InterruptedException {
        Holder h = parse(read(channel));
        for (int i = 0; i < 4 && h.pid() <= 0; i++) {
            Thread.sleep(50);
            h = parse(read(channel));
        }
        return h;
    }

    private static String read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        long position = 0;
        int n;
        while (buffer.hasRemaining() && (n = channel.read(buffer, position)) > 0) position += n;
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    static Holder parse(String text) {
        long pid = -1;
        String command = null;
        Instant since = null;
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq < 0) continue;
            String key = line.substring(0, eq);
            String value = line.substring(eq + 1);
            try {
                switch (key) {
                    case "pid" -> pid = Long.parseLong(value.strip());
                    case "command" -> command = clean(value);
                    case "since" -> since = Instant.parse(value.strip());
                    default -> { }
                }
            } catch (NumberFormatException | DateTimeParseException ignored) {
                // leave it unknown
            }
        }
        return new Holder(pid, command, since);
    }

    /**
     * Printable, short and without secrets: control characters become spaces, a password in a URL
     * ({@code scheme://user:secret@host}) becomes {@code ***} (the file is world-readable), at most
     * {@value #MAX_DESCRIPTION} characters.
     */
    static String clean(String s) {
        if (s == null) return "";
        String c = s.replaceAll("\\p{Cntrl}", " ").replaceAll("(://[^\\s:/@]*):[^\\s@]*@", "$1:***@").strip();
        return c.length() <= MAX_DESCRIPTION ? c : c.substring(0, MAX_DESCRIPTION - 1) + "…";
    }
}
