package dev.fairbench.runner.proc;

import dev.fairbench.services.Tether;

import java.io.IOException;

/**
 * Ties app processes (and the runner's tools: profilers, builds) to the runner's life, so that a SIGKILLed runner
 * leaves no app behind: each child is started through {@link Tether} ({@code setpriv --pdeathsig KILL}, forked from
 * one thread that lives as long as the JVM), which also says what is not tied (a child that double-forks away, or
 * every child when {@code setpriv} is missing).
 *
 * <p>Every child also gets {@value #RUN_MARKER}{@code =}{@link #RUN_ID} in its environment, by which a later run
 * finds leftovers ({@link LeftoverApps}). Thread-safe.
 */
public final class ParentDeath {
    /** Environment variable that marks a process as started by a fairbench run. */
    public static final String RUN_MARKER = "FAIRBENCH_RUN";
    /** This run's marker value: the runner's pid and start time in epoch milliseconds. */
    public static final String RUN_ID = ProcessHandle.current().pid() + "-"
            + ProcessHandle.current().info().startInstant().map(i -> Long.toString(i.toEpochMilli())).orElse("0");

    private ParentDeath() {
    }

    /** True when children are tied to the runner (setpriv was found). */
    public static boolean available() {
        return Tether.available();
    }

    /**
     * Starts {@code pb} tied to the runner with {@value #RUN_MARKER} set; blocks until the process is started.
     *
     * @throws IOException as {@link ProcessBuilder#start()} does
     */
    public static Process start(ProcessBuilder pb) throws IOException {
        pb.environment().put(RUN_MARKER, RUN_ID);
        return Tether.start(pb);
    }
}
