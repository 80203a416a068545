package dev.fairbench.services;

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
 * Starts child processes tied to this JVM's life: the kernel SIGKILLs them when it dies, by SIGKILL included, so
 * nothing fairbench started for itself outlives it. Each child runs through {@code setpriv --pdeathsig KILL}
 * (util-linux), which sets the parent-death signal and then execs the command (so the child keeps its pid). Only
 * the direct child is tied: a program that forks a daemon away from itself ({@code pg_ctl start}, a Redis with
 * {@code daemonize yes}) is not, so tied servers run in the foreground. Without {@code setpriv} on the PATH the
 * command runs untied.
 *
 * <p>The kernel's "parent" is the <em>thread</em> that forked the child, so every child is started on one
 * dedicated daemon thread that lives as long as the JVM; a child started from a short-lived thread would otherwise
 * be killed when that thread ends.
 *
 * <p>The kernel also clears a parent-death signal when a process changes its user, so a command that first
 * switches to another user ({@link ServiceUser}'s {@code setpriv --reuid …}) is given as a prefix, and the tie is
 * set after it, by the new user. Thread-safe.
 */
public final class Tether {
    private static final List<String> WRAPPER = findSetpriv();
    private static final ExecutorService FORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fairbench-forker");
        t.setDaemon(true);
        return t;
    });

    private Tether() {}

    /** True when children are tied (setpriv was found). */
    public static boolean available() {
        return !WRAPPER.isEmpty();
    }

    /** {@link #start(List, ProcessBuilder)} without a change of user. */
    public static Process start(ProcessBuilder pb) throws IOException {
        return start(List.of(), pb);
    }

    /**
     * Starts {@code userSwitch} (a command prefix that switches user and execs the rest, or an empty list), then the
     * tie, then {@code pb}'s command; blocks until the process is started. {@code pb}'s command is replaced by the
     * whole command line.
     *
     * @throws IOException as {@link ProcessBuilder#start()} does
     */
    public static Process start(List<String> userSwitch, ProcessBuilder pb) throws IOException {
        List<String> argv = new ArrayList<>(userSwitch);
        argv.addAll(WRAPPER);
        argv.addAll(pb.command());
        pb.command(argv);
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
                return List.of(candidate.toAbsolutePath().toString(), "--pdeathsig", "KILL", "--");
            }
        }
        return List.of();
    }
}
