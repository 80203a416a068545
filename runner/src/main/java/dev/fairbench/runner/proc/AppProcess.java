package dev.fairbench.runner.proc;

import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.TiedProcess;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An app under test, pinned with {@code taskset -c} to its CPUs, its standard output and error appended to a log
 * file on this machine. Either a child process here ({@link #start}), tied to the runner's life by
 * {@link ParentDeath} (it is SIGKILLed when the runner dies, even by SIGKILL) and marked with
 * {@value ParentDeath#RUN_MARKER}, or a process on another {@link Host} ({@link #startOn}), tied to its SSH
 * session ({@link TiedProcess}: it is killed with its process group when the session ends, whichever way).
 * Probes reach it at {@link #address()}. {@link #stop()} ends the whole process tree: SIGTERM, then SIGKILL for
 * what is left after a grace period ({@value #STOP_GRACE_SECONDS} s here, 5 s on another host, as the tie does).
 * Thread-safe; stop is idempotent.
 */
public final class AppProcess implements AutoCloseable {
    public static final int STOP_GRACE_SECONDS = 10;
    public static final int LOG_TAIL_LINES = 40;
    /** The pause between two readiness probes of {@link #awaitReady(String, Duration)}. */
    public static final Duration READINESS_POLL = Duration.ofMillis(100);
    /** The first line a remote start prints: the app's pid on its host. */
    static final String PID_LINE = "fairbench-app-pid ";
    private static final Duration REMOTE_PID_TIMEOUT = Duration.ofSeconds(60);
    /** Exit code of a process ended by SIGKILL, as a shell reports it. */
    private static final int KILLED = 128 + 9;

    /** How the app runs: a child process here, or a tied process on another host. */
    private interface Carrier {
        long pid();

        boolean isAlive();

        int exitCode();

        boolean stop();
    }

    private final Carrier carrier;
    private final Path log;
    private final String address;
    private final int port;
    private final ProcView proc;

    private AppProcess(Carrier carrier, Path log, String address, int port, ProcView proc) {
        this.carrier = carrier;
        this.log = log;
        this.address = address;
        this.port = port;
        this.proc = proc;
    }

    /**
     * Starts {@code command} under {@code taskset -c cpus} in {@code dir} with the runner's environment plus
     * {@code env}, appending its output to {@code log}, through {@link ParentDeath#start}.
     *
     * @throws IOException when the program cannot be started (e.g. not found)
     */
    public static AppProcess start(List<String> command, Path dir, Map<String, String> env, String cpus, Path log,
                                   int port) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        List<String> argv = new ArrayList<>(List.of("taskset", "-c", cpus));
        argv.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectErrorStream(true);
        pb.environment().putAll(env);
        return new AppProcess(new LocalCarrier(ParentDeath.start(pb)), log, "127.0.0.1", port, ProcView.LOCAL);
    }

    /**
     * Starts {@code command} on {@code host}, in its folder {@code dir}, under {@code taskset -c cpus} there, with
     * the host's login environment plus {@code env}; its output is copied into {@code log} here. The app is to
     * listen on {@code address:port}, where the probes reach it.
     *
     * @throws IOException when the command cannot be started there or does not report its pid
     */
    public static AppProcess startOn(Host host, List<String> command, String dir, Map<String, String> env,
                                     String cpus, Path log, String address, int port) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        List<String> argv = new ArrayList<>(List.of("sh", "-c",
                "cd -- \"$1\" || exit 126; shift; echo \"" + PID_LINE + "$$\"; exec \"$@\"", "fairbench-app", dir, "env"));
        env.forEach((k, v) -> argv.add(k + "=" + v));
        argv.addAll(List.of("taskset", "-c", cpus));
        argv.addAll(command);
        TiedProcess tied = host.start(argv);
        try {
            InputStream out = tied.stdout();
            long pid = remotePid(out, tied);
            OutputStream file = Files.newOutputStream(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            SynchronizedOutput shared = new SynchronizedOutput(file, 2);
            pump(out, shared, "fairbench-app-stdout");
            pump(tied.stderr(), shared, "fairbench-app-stderr");
            return new AppProcess(new TiedCarrier(tied, pid), log, address, port, new HostProcFs(host));
        } catch (IOException | RuntimeException e) {
            tied.close();
            throw e;
        }
    }

    /** The pid of the first line of {@code out}, read byte by byte so that the rest stays for the log. */
    private static long remotePid(InputStream out, TiedProcess tied) throws IOException {
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
            try {
                StringBuilder line = new StringBuilder();
                for (int b; (b = out.read()) != -1 && b != '\n'; ) {
                    if (line.length() < 200) line.append((char) b);
                }
                return line.isEmpty() ? null : line.toString();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        String line;
        try {
            line = first.get(REMOTE_PID_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IOException(tied.hostName() + ": the start did not report a pid within "
                    + REMOTE_PID_TIMEOUT.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the app", e);
        } catch (ExecutionException e) {
            throw new IOException(tied.hostName() + ": " + e.getCause().getMessage(), e.getCause());
        }
        if (line == null || !line.startsWith(PID_LINE)) {
            String err = new String(tied.stderr().readNBytes(4096), StandardCharsets.UTF_8).strip();
            throw new IOException(tied.hostName() + ": the start failed" + (err.isEmpty() ? "" : ": " + err));
        }
        return Long.parseLong(line.substring(PID_LINE.length()).strip());
    }

    private static void pump(InputStream from, SynchronizedOutput to, String name) {
        Thread t = new Thread(() -> {
            try (from) {
                from.transferTo(to);
            } catch (IOException e) {
                // the session ended: the app's output ends with it
            } finally {
                to.writerDone();
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    /**
     * Pid of the app on its host (setpriv, env and taskset exec the command, so this is the app's own pid); another
     * host's pid means nothing here: read it through {@link #proc()}.
     */
    public long pid() {
        return carrier.pid();
    }

    /** The address the app listens on and is probed at: 127.0.0.1 here, its host's address elsewhere. */
    public String address() {
        return address;
    }

    /** The {@code /proc} of the app's host. */
    public ProcView proc() {
        return proc;
    }

    /** Whether the app runs on this machine, where every per-process reader applies. */
    public boolean isLocal() {
        return proc.isLocal();
    }

    public int port() {
        return port;
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return carrier.isAlive();
    }

    /** Exit code, or -1 while it runs. */
    public int exitCode() {
        return carrier.exitCode();
    }

    /**
     * Waits until {@code GET path} on the app's address answers 200, probing every {@link #READINESS_POLL}.
     *
     * @return {@code null} when ready, else why not (the app exited, or the timeout passed)
     */
    public String awaitReady(String path, Duration timeout) throws InterruptedException {
        return awaitReady(path, timeout, READINESS_POLL);
    }

    /**
     * Waits until {@code GET path} on the app's address answers 200, pausing {@code poll} after each probe that did not
     * (a refused connection returns at once, so a poll of 1 ms times a cold start to about a millisecond).
     *
     * @return {@code null} when ready, else why not (the app exited, or the timeout passed)
     */
    public String awaitReady(String path, Duration timeout, Duration poll) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() - deadline < 0) {
            if (!carrier.isAlive()) return "exited with code " + carrier.exitCode() + " before it was ready";
            try {
                int status = HttpProbe.status(address, port, path, 2_000);
                if (status == 200) return null;
                last = "GET " + path + " answered " + status;
            } catch (IOException e) {
                last = "GET " + path + ": " + e.getMessage();
            }
            Thread.sleep(poll);
        }
        return "not ready within " + timeout.toSeconds() + " s (last: " + last + ")";
    }

    /** True when {@code GET path} answers 200 within {@code timeoutMillis}. */
    public boolean answers(String path, int timeoutMillis) {
        try {
            return HttpProbe.status(address, port, path, timeoutMillis) == 200;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Status code of one {@code GET path} on a fresh connection to 127.0.0.1:port, bounded as {@link HttpProbe}
     * says: {@code timeoutMillis} in all.
     */
    static int httpGetStatus(int port, String path, int timeoutMillis) throws IOException {
        return HttpProbe.status(port, path, timeoutMillis);
    }

    /** The last {@value #LOG_TAIL_LINES} lines of the app's log, with secrets (an echoed URL) redacted. */
    public String logTail() {
        return dev.fairbench.services.Redaction.redact(tail(log, LOG_TAIL_LINES));
    }

    /** The last {@code n} lines of a text file, or "" when it cannot be read. */
    public static String tail(Path file, int n) {
        try {
            List<String> lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Ends the app and every descendant: SIGTERM to all, then SIGKILL to what still runs after the grace period;
     * returns once all are gone (or after another 5 s).
     *
     * @return true when the app ended on SIGTERM, false when it had to be killed
     */
    public boolean stop() {
        return carrier.stop();
    }

    @Override
    public void close() {
        stop();
    }

    /** A child process of this JVM. */
    private record LocalCarrier(Process process) implements Carrier {
        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public int exitCode() {
            return process.isAlive() ? -1 : process.exitValue();
        }

        @Override
        public boolean stop() {
            List<ProcessHandle> tree = new ArrayList<>();
            tree.add(process.toHandle());
            process.toHandle().descendants().forEach(tree::add);
            tree.forEach(ProcessHandle::destroy);
            boolean graceful = awaitGone(tree, Duration.ofSeconds(STOP_GRACE_SECONDS));
            if (!graceful) {
                // Children forked after the SIGTERM are killed too.
                process.toHandle().descendants().forEach(tree::add);
                tree.forEach(ProcessHandle::destroyForcibly);
                awaitGone(tree, Duration.ofSeconds(5));
            }
            return graceful;
        }
    }

    /** A process on another host, tied to its session; {@code pid} is the app's pid there. */
    private record TiedCarrier(TiedProcess tied, long pid) implements Carrier {
        @Override
        public boolean isAlive() {
            return tied.isAlive();
        }

        @Override
        public int exitCode() {
            try {
                OptionalInt code = tied.waitFor(Duration.ZERO);
                return code.orElse(-1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }

        @Override
        public boolean stop() {
            tied.close();
            return exitCode() != KILLED;
        }
    }

    /** Pumps appending to one log file, which is closed once the last of them is done. */
    private static final class SynchronizedOutput extends OutputStream {
        private final OutputStream out;
        private int writers;

        SynchronizedOutput(OutputStream out, int writers) {
            this.out = out;
            this.writers = writers;
        }

        synchronized void writerDone() {
            if (--writers > 0) return;
            try {
                out.close();
            } catch (IOException e) {
                // the log keeps what was written
            }
        }

        @Override
        public synchronized void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            out.flush();
        }
    }

    private static boolean awaitGone(List<ProcessHandle> tree, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (tree.stream().anyMatch(h -> h.isAlive() && ProcFs.isAlive(h.pid()))) {
            if (System.nanoTime() - deadline > 0) return false;
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** A TCP port on 127.0.0.1 that was free a moment ago. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(false);
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    /** True when nothing accepts connections on 127.0.0.1:port and the port can be bound. */
    public static boolean portFree(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
