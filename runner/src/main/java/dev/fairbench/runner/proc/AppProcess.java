package dev.fairbench.runner.proc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An app under test running as a child process, pinned with {@code taskset -c} to its CPUs, its standard output
 * and error appended to a log file, tied to the runner's life by {@link ParentDeath} (it is SIGKILLed when the
 * runner dies, even by SIGKILL) and marked with {@value ParentDeath#RUN_MARKER}. {@link #stop()} ends the whole process tree: SIGTERM, then SIGKILL for what
 * is left after {@value #STOP_GRACE_SECONDS} s. Thread-safe; stop is idempotent.
 */
public final class AppProcess implements AutoCloseable {
    public static final int STOP_GRACE_SECONDS = 10;
    public static final int LOG_TAIL_LINES = 40;
    /** The pause between two readiness probes of {@link #awaitReady(String, Duration)}. */
    public static final Duration READINESS_POLL = Duration.ofMillis(100);

    private final Process process;
    private final Path log;
    private final int port;

    private AppProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
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
        return new AppProcess(ParentDeath.start(pb), log, port);
    }

    /** Pid of the app (setpriv and taskset exec the command, so this is the app's own pid). */
    public long pid() {
        return process.pid();
    }

    public int port() {
        return port;
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Exit code, or -1 while it runs. */
    public int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    /**
     * Waits until {@code GET path} on 127.0.0.1 answers 200, probing every {@link #READINESS_POLL}.
     *
     * @return {@code null} when ready, else why not (the app exited, or the timeout passed)
     */
    public String awaitReady(String path, Duration timeout) throws InterruptedException {
        return awaitReady(path, timeout, READINESS_POLL);
    }

    /**
     * Waits until {@code GET path} on 127.0.0.1 answers 200, pausing {@code poll} after each probe that did not
     * (a refused connection returns at once, so a poll of 1 ms times a cold start to about a millisecond).
     *
     * @return {@code null} when ready, else why not (the app exited, or the timeout passed)
     */
    public String awaitReady(String path, Duration timeout, Duration poll) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() - deadline < 0) {
            if (!process.isAlive()) return "exited with code " + process.exitValue() + " before it was ready";
            try {
                int status = httpGetStatus(port, path, 2_000);
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
            return httpGetStatus(port, path, timeoutMillis) == 200;
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
     * Ends the app and every descendant: SIGTERM to all, then SIGKILL to what still runs after
     * {@value #STOP_GRACE_SECONDS} s; returns once all are gone (or after another 5 s).
     *
     * @return true when the app ended on SIGTERM, false when it had to be killed
     */
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

    @Override
    public void close() {
        stop();
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
