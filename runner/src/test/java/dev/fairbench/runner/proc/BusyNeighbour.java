package dev.fairbench.runner.proc;

import java.io.IOException;

/**
 * A busy loop on given CPUs that is not a descendant of the test's JVM (its parent shell exits, so it is
 * reparented), as another user's work on the machine would be. Close it to kill it.
 */
public final class BusyNeighbour implements AutoCloseable {
    private final long pid;

    private BusyNeighbour(long pid) {
        this.pid = pid;
    }

    /**
     * Starts a shell spinning on {@code cpus} (a taskset list such as {@code 0}). As root it runs at nice -19, so that
     * on a machine already busy with other work (a shared build box) it still takes most of its CPU and stands out
     * as the biggest foreign process, as the test of the guard needs.
     */
    public static BusyNeighbour start(String cpus) throws IOException, InterruptedException {
        String nice = "root".equals(System.getProperty("user.name")) ? "nice -n -19 " : "";
        Process sh = new ProcessBuilder("sh", "-c", "taskset -c " + cpus + " " + nice
                + "sh -c 'while :; do :; done' </dev/null >/dev/null 2>&1 & echo $!").start();
        String out = new String(sh.getInputStream().readAllBytes()).strip();
        sh.waitFor();
        return new BusyNeighbour(Long.parseLong(out));
    }

    public long pid() {
        return pid;
    }

    @Override
    public void close() {
        ProcessHandle.of(pid).ifPresent(p -> {
            p.destroyForcibly();
            p.onExit().join();
        });
    }
}
