package dev.fairbench.hosts;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A JUnit extension that brings up the network namespaces of {@code examples/hosts-netns.sh} (four SSH hosts on this
 * machine) once for the whole test run, before the first class that uses it, and removes them after the last test.
 * A test class using it is skipped, with the reason, when this is not root, when {@code ip} or {@code sshd} is
 * missing, or when the kernel refuses to make namespaces. Tests get the {@link Namespaces} through {@link #get}.
 * A file lock keeps two test JVMs of this machine from using the namespaces (whose names are fixed) at once.
 * Other modules' tests use it through the hosts module's test jar.
 */
public final class NetnsHosts implements BeforeAllCallback {
    /** The script's default folder, which {@code examples/hosts-netns.toml} names. */
    public static final Path DIR = Path.of("/tmp/fairbench-netns");
    private static final Path LOCK = Path.of("/tmp/fairbench-netns.lock");
    private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(NetnsHosts.class);
    private static volatile Namespaces current;

    @Override
    public void beforeAll(ExtensionContext context) {
        current = context.getRoot().getStore(STORE)
                .computeIfAbsent(Namespaces.class, key -> Namespaces.bringUp(), Namespaces.class);
        if (current.skipReason != null) throw new TestAbortedException(current.skipReason);
    }

    /** The namespaces, once {@link #beforeAll} has brought them up. */
    public static Namespaces get() {
        return current;
    }

    /** The namespaces of one test run: their hosts, their SSH options, and the processes in them. */
    public static final class Namespaces implements AutoCloseable {
        public static final List<String> HOSTS = List.of("fb-app", "fb-svc", "fb-load1", "fb-load2");
        public static final String REFUSED = "fb-refused";

        private final String skipReason;
        private final FileChannel lockFile;
        private final FileLock lock;

        private Namespaces(String skipReason, FileChannel lockFile, FileLock lock) {
            this.skipReason = skipReason;
            this.lockFile = lockFile;
            this.lock = lock;
        }

        private static Namespaces bringUp() {
            String missing = missingPrerequisite();
            if (missing != null) return new Namespaces(missing, null, null);
            try {
                FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock();
                ExecResult up = script("up");
                if (up.succeeded()) return new Namespaces(null, channel, lock);
                script("down");
                channel.close(); // and so the lock
                if (up.exitCode() == 2 || up.stderr().contains("Operation not permitted")) {
                    return new Namespaces("no SSH hosts in network namespaces: " + up.lastErrorLine(), null, null);
                }
                throw new IllegalStateException("examples/hosts-netns.sh up failed: " + up.stderr().strip());
            } catch (IOException e) {
                throw new IllegalStateException("cannot lock " + LOCK + ": " + e.getMessage(), e);
            }
        }

        private static String missingPrerequisite() {
            try {
                if (!Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"))) {
                    return "not root: the SSH host tests make network namespaces, which needs root";
                }
            } catch (IOException | UnsupportedOperationException e) {
                return "cannot tell whether this is root: " + e.getMessage();
            }
            if (onPath("ip").isEmpty()) return "no 'ip' command (iproute2): the SSH host tests make namespaces with it";
            if (onPath("sshd").isEmpty() && !Files.isExecutable(Path.of("/usr/sbin/sshd"))) {
                return "no sshd (openssh-server; .ci/run installs it as root): the SSH host tests run one per namespace";
            }
            if (onPath("ssh").isEmpty()) return "no ssh client (openssh-client)";
            return null;
        }

        private static Optional<Path> onPath(String command) {
            return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                    .filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, command))
                    .filter(Files::isExecutable).findFirst();
        }

        private static ExecResult script(String action) {
            return new LocalHost().run(List.of(repositoryFile("examples/hosts-netns.sh").toString(), action,
                    DIR.toString()), Duration.ofMinutes(2));
        }

        /** A file of the repository, found from the test's working folder (the module's) upwards. */
        public static Path repositoryFile(String relative) {
            for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
                if (Files.exists(dir.resolve(relative))) return dir.resolve(relative);
            }
            throw new IllegalStateException("no " + relative + " above " + Path.of("").toAbsolutePath());
        }

        public SshOptions ssh() {
            return new SshOptions(Optional.of(DIR.resolve("ssh_config")), Optional.empty());
        }

        /** How long {@link #strayProcesses} lets a stopping process take to exit. */
        public static final java.time.Duration STOP_GRACE = java.time.Duration.ofSeconds(10);

        /** The address of {@code host}, as the script gives it (.11 to .14 of the subnet). */
        public String address(String host) {
            return "10.213.7." + (11 + HOSTS.indexOf(host));
        }

        /**
         * The live (not zombie) processes in the namespace {@code host} other than its listening sshd that are still
         * there after a grace of {@link #STOP_GRACE}: a process that was told to stop (a server's shutdown, a tie
         * that ends with its session) may take a moment to exit, on a busy machine more; one that stays is stray.
         */
        public List<Long> strayProcesses(String host) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + STOP_GRACE.toNanos();
            List<Long> stray = liveProcesses(host);
            while (!stray.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(200);
                stray = liveProcesses(host);
            }
            return stray;
        }

        private List<Long> liveProcesses(String host) throws IOException, InterruptedException {
            long sshd = Long.parseLong(Files.readString(DIR.resolve("sshd-" + host + ".pid")).strip());
            Process pids = new ProcessBuilder("ip", "netns", "pids", host).redirectErrorStream(true).start();
            String out = new String(pids.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            pids.waitFor(10, TimeUnit.SECONDS);
            List<Long> stray = new ArrayList<>();
            for (String line : out.lines().map(String::strip).filter(l -> l.matches("\\d+")).toList()) {
                long pid = Long.parseLong(line);
                if (pid != sshd && !isZombie(pid)) stray.add(pid);
            }
            return stray;
        }

        private static boolean isZombie(long pid) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
            } catch (IOException e) {
                return true; // gone
            }
        }

        @Override
        public void close() throws IOException {
            if (lock == null) return;
            try {
                ExecResult down = script("down");
                if (!down.succeeded()) {
                    throw new IOException("examples/hosts-netns.sh down failed: " + down.stderr().strip());
                }
            } finally {
                lock.release();
                lockFile.close();
            }
        }
    }
}
