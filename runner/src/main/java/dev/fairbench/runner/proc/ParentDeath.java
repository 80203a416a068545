package dev.fairbench.runner.proc;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Ties app processes to the runner's life, so that a SIGKILLed runner leaves no app behind: each child is started
 * through {@code setpriv --pdeathsig KILL} (util-linux), which asks the kernel to SIGKILL it when its parent dies,
 * and then execs the command (so the child keeps its pid). Only the direct child is tied: an app that double-forks
 * away from it (a shell script that backgrounds the server) is not. Without {@code setpriv} on the PATH the
 * command runs unwrapped.
 *
 * <p>The kernel's "parent" is the <em>thread</em> that forked the child, so every child is started on one
 * dedicated daemon thread that lives as long as the JVM; a child started from a short-lived thread would otherwise
 * be killed when that thread ends.
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

    private static final List<String> WRAPPER = findSetpriv();
    private static final ExecutorService FORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fairbench-forker");
        t.setDaemon(true);
        return t;
    });

    private ParentDeath() {
    }

    /** True when children are tied to the runner (setpriv was found). */
    public static boolean available() {
        return !WRAPPER.isEmpty();
    }

    /**
     * Starts {@code pb} with its command wrapped (see the class) and {@value #RUN_MARKER} set; blocks until the
     * process is started.
     *
     * @throws IOException as {@link ProcessBuilder#start()} does
     */
    public static Process start(ProcessBuilder pb) throws IOException {
        List<String> argv = new ArrayList<>(WRAPPER);
        argv.addAll(pb.command());
        pb.command(argv);
        pb.environment().put(RUN_MARKER, RUN_ID);
        Future<Process> started = FORKER.submit(pb::start);
        try {
            return started.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + argv, e);
        }
    }

    private static List<String> findSetpriv() {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "setpriv");
            if (Files.isExecutable(candidate)) {
                return List.of(candidate.toString(), "--pdeathsig", "KILL");
            }
        }
        return List.of();
    }
}
