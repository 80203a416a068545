package dev.fairbench.profile;

import dev.fairbench.runner.proc.ParentDeath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Counts the system calls of a running process tree over a window with {@code strace -c -f -p PID}: attach,
 * let the load run, then interrupt strace, which detaches and writes its summary table. strace slows the traced
 * process a great deal, so only the counts are used, never timings, and never inside a timed run. strace dies with
 * the runner ({@link ParentDeath}): a SIGKILLed runner leaves no process traced.
 *
 * <p>strace 6.1 can hang for good while detaching from a process caught in {@code vfork} (the parent waits for
 * the child, the child waits in its first ptrace stop, strace waits for the parent); {@link #stop()} then gives up
 * after {@link #DETACH_TIMEOUT} and says so, rather than returning counts it does not have.
 */
public final class Strace implements AutoCloseable {

    /** How long {@link #stop()} waits for strace to detach and write its table. */
    static final Duration DETACH_TIMEOUT = Duration.ofSeconds(10);

    /** Calls per syscall name, and their total. */
    public record Summary(long totalCalls, Map<String, Long> callsByName) {}

    private final Process process;
    private final Path output;

    private Strace(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /** True when {@code strace} is on the PATH and may attach (ptrace allowed). */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("strace", "-V").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Attaches to {@code pid} and all its threads and children; waits until attached. */
    public static Strace attach(long pid, Path output) throws IOException {
        Process p = ParentDeath.start(new ProcessBuilder("strace", "-c", "-f", "-o", output.toString(), "-p",
                Long.toString(pid)).redirectErrorStream(true)
                .redirectOutput(output.resolveSibling(output.getFileName() + ".log").toFile()));
        try {
            Thread.sleep(500); // strace prints no "attached" signal we can wait on cheaply; attaching takes ~100 ms
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while attaching strace", e);
        }
        if (!p.isAlive()) throw new IOException("strace could not attach to " + pid + ": see " + output + ".log");
        return new Strace(p, output);
    }

    /**
     * Detaches and parses the summary.
     *
     * @throws IOException when strace did not detach within {@link #DETACH_TIMEOUT} (it is then killed, which
     *     detaches it) or wrote no summary table
     */
    public Summary stop() throws IOException {
        process.destroy(); // SIGTERM: strace detaches and prints its table
        try {
            if (!process.waitFor(DETACH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new IOException("strace did not detach within " + DETACH_TIMEOUT.toSeconds()
                        + " s (killed; a traced process may have been in vfork), so no counts");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping strace", e);
        }
        return summaryOf(Files.readAllLines(output, StandardCharsets.UTF_8), output);
    }

    /**
     * Parses the table a finished {@code strace -c} wrote to {@code output}: rows of {@code % time, seconds,
     * usecs/call, calls, [errors,] syscall}, between dashed lines, and a {@code total} row, without which it is an
     * error (strace wrote no table).
     */
    static Summary summaryOf(List<String> lines, Path output) throws IOException {
        Map<String, Long> calls = new LinkedHashMap<>();
        Long total = null;
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 5 || !f[0].matches("[0-9.]+")) continue;
            String name = f[f.length - 1];
            long n = Long.parseLong(f[3]);
            if (name.equals("total")) {
                total = n;
            } else {
                calls.put(name, n);
            }
        }
        if (total == null) throw new IOException("strace wrote no summary table to " + output);
        return new Summary(total, calls);
    }

    @Override
    public void close() {
        if (process.isAlive()) process.destroyForcibly();
    }
}
