package dev.fairbench.profile;

import java.nio.file.Path;

/**
 * A runner-like JVM for {@link ProfilersDieWithTheRunnerTest}: starts {@code sleep 300} as an app that outlives it
 * (not tied, as an app that double-forks away is not: strace would otherwise end with its only tracee), attaches
 * {@link Strace} to it from a short-lived thread, prints {@code TRACED} once attached (or {@code NO-ATTACH} when
 * strace cannot), then waits to be killed. Argument: a directory for strace's
 * output.
 */
public final class TracingRunner {
    private TracingRunner() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Process app = new ProcessBuilder("sleep", "300").start();
        Strace[] strace = new Strace[1];
        Thread attacher = new Thread(() -> {
            try {
                strace[0] = Strace.attach(app.pid(), dir.resolve("strace.txt"));
            } catch (Exception e) {
                e.printStackTrace();
            }
        }, "short-lived-attacher");
        attacher.start();
        attacher.join();
        System.out.println(strace[0] == null ? "NO-ATTACH" : "TRACED");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
