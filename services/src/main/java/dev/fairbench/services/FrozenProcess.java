package dev.fairbench.services;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A server made to hang: SIGSTOP to a process and all its descendants (PostgreSQL's backends answer on their own,
 * so stopping the postmaster alone hangs nothing), SIGCONT on {@link #close()}. Its sockets stay open, so clients
 * connect and then wait, as with a server that hangs for real. Used by the hung-service checks of {@code verify}
 * and the apps' conformance suites (docs/workload.md §5). Not thread-safe.
 */
public final class FrozenProcess implements AutoCloseable {
    private final List<String> pids = new ArrayList<>();

    /** Stops {@code pid} and its descendants; throws when {@code kill} fails. */
    public FrozenProcess(long pid) throws IOException, InterruptedException {
        pids.add(Long.toString(pid));
        ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> pids.add(Long.toString(d.pid()))));
        signal("-STOP");
    }

    /** Lets them run again. */
    @Override
    public void close() throws IOException, InterruptedException {
        signal("-CONT");
    }

    private void signal(String signal) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("kill", signal));
        cmd.addAll(pids);
        int exit = new ProcessBuilder(cmd).inheritIO().start().waitFor();
        if (exit != 0) throw new IOException(String.join(" ", cmd) + " failed with exit " + exit);
    }
}
