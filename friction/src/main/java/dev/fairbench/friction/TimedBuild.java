package dev.fairbench.friction;

import dev.fairbench.runner.AppLauncher;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.ParentDeath;
import dev.fairbench.runner.proc.ProcFs;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one build command and times it: wall clock from spawn to exit, and the CPU time of its whole process tree.
 * The command runs as the runner's builds do: on {@code cpus} through {@code taskset}, tied to the runner's life
 * ({@link ParentDeath}), standard input from {@code /dev/null}, output appended to a log, killed after
 * {@link AppLauncher#BUILD_TIMEOUT}.
 *
 * <p>CPU time is the growth of this JVM's {@code cutime + cstime} ({@code /proc/self/stat}) over the build: the
 * kernel adds a reaped child's user and system time, and that of every descendant it waited for, to its parent's,
 * so a build tool's compilers count once they exit. A process the build leaves running (a daemon) is not counted.
 * The JVM must reap no other child meanwhile, so builds run one at a time. Resolution: one clock tick (10 ms).
 * Not thread-safe.
 */
final class TimedBuild {
    /**
     * What a finished build took.
     *
     * @param exitCode    the build's exit code; -1 when killed at the time bound
     * @param wallSeconds spawn to exit
     * @param cpuSeconds  user plus system CPU time of the process tree
     */
    record Outcome(int exitCode, double wallSeconds, double cpuSeconds) {
    }

    private TimedBuild() {
    }

    /**
     * Runs {@code argv} in {@code dir} with the runner's environment changed by {@code env}.
     *
     * @param label what to call it in the progress lines printed every 15 s to {@code out}, e.g. {@code [vertx]
     *              clean build}
     * @throws IOException when the command cannot start
     */
    static Outcome run(List<String> argv, Path dir, BuildEnvironment env, String cpus, Path log, String label,
                       PrintStream out) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("taskset", "-c", cpus));
        command.addAll(argv);
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).redirectErrorStream(true);
        env.applyTo(pb.environment());
        long cpuBefore = reapedChildrenTicks();
        long start = System.nanoTime();
        Process p = ParentDeath.start(pb);
        try {
            long deadline = start + AppLauncher.BUILD_TIMEOUT.toNanos();
            boolean done;
            while (!(done = p.waitFor(15, TimeUnit.SECONDS)) && System.nanoTime() < deadline) {
                String last = AppProcess.tail(log, 1).strip();
                out.println(label + ": " + (System.nanoTime() - start) / 1_000_000_000L + " s"
                        + (last.isEmpty() ? "" : ", " + (last.length() > 100 ? last.substring(0, 100) + "…" : last)));
                out.flush();
            }
            if (!done) {
                destroyTree(p);
                p.waitFor();
            }
            double wall = (System.nanoTime() - start) / 1e9;
            double cpu = (reapedChildrenTicks() - cpuBefore) / (double) ProcFs.clockTicksPerSecond();
            return new Outcome(done ? p.exitValue() : -1, wall, cpu);
        } catch (InterruptedException e) {
            destroyTree(p);
            throw e;
        }
    }

    /** {@code cutime + cstime} of this JVM, in clock ticks. */
    static long reapedChildrenTicks() {
        String[] f = ProcFs.statFields(ProcessHandle.current().pid());
        if (f == null) throw new IllegalStateException("/proc/self/stat cannot be read: CPU time needs Linux");
        // Fields after the command name, 0-based from the state: cutime is field 16 of stat, index 13 here.
        return Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }

    private static void destroyTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
