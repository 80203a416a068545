package dev.fairbench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A server made to hang: SIGSTOP to a process and all its descendants (PostgreSQL's backends answer on their own,
 * so stopping the postmaster alone hangs nothing), SIGCONT on {@link #close()}. Its sockets stay open, so clients
 * connect and then wait, as with a server that hangs for real. The constructor and {@link #close()} return once
 * every process shows the new state in {@code /proc} (or {@link #SETTLE_MILLIS} have passed): a signal takes effect
 * only when its target next runs, which on a busy machine is not at once, and a check timed from the freeze must not
 * start before the hang does. Used by the hung-service checks of {@code verify} and the apps' conformance suites
 * (docs/workload.md §5). Not thread-safe.
 */
public final class FrozenProcess implements AutoCloseable {
    /** How long a freeze or a thaw waits at most for every process to show it. */
    static final long SETTLE_MILLIS = 2_000;

    private final List<String> pids = new ArrayList<>();

    /** Stops {@code pid} and its descendants; throws when {@code kill} fails. */
    public FrozenProcess(long pid) throws IOException, InterruptedException {
        pids.add(Long.toString(pid));
        ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> pids.add(Long.toString(d.pid()))));
        signal("-STOP");
        settle(true);
    }

    /** Lets them run again. */
    @Override
    public void close() throws IOException, InterruptedException {
        signal("-CONT");
        settle(false);
    }

    /** Waits until every process that still exists is stopped (state {@code T}), or is not, as asked. */
    private void settle(boolean stopped) throws InterruptedException {
        long deadline = System.nanoTime() + SETTLE_MILLIS * 1_000_000;
        for (String pid : pids) {
            while (isStopped(pid).map(s -> s != stopped).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        }
    }

    /** Whether {@code pid} is stopped; empty when it no longer exists. */
    private static Optional<Boolean> isStopped(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            return Optional.of(stat.charAt(stat.lastIndexOf(')') + 2) == 'T');
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private void signal(String signal) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("kill", signal));
        cmd.addAll(pids);
        int exit = new ProcessBuilder(cmd).inheritIO().start().waitFor();
        if (exit != 0) throw new IOException(String.join(" ", cmd) + " failed with exit " + exit);
    }
}
