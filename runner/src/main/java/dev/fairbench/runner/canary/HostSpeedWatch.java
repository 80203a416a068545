package dev.fairbench.runner.canary;

import dev.fairbench.results.Canary;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The host-speed check of one trial: its {@link HostCanary} on the app's CPUs and the {@link HostSpeedRule} that
 * judges each window by it. Started once per trial, before the first app; the canary is timed
 * {@value #START_TIMINGS} times, {@link #POLL} apart, for the first baseline. Not thread-safe: one window at a time.
 */
public final class HostSpeedWatch implements AutoCloseable {
    /**
     * Timings taken when the canary starts, {@link #POLL} apart: the baseline of the first window. Five taken at
     * once in run B of docs/results/2026-12-02-repeat all fell in one fast moment (42 ms where the run's median was
     * 72), and every window of the first minute was measured again.
     */
    static final int START_TIMINGS = 5;
    /**
     * Pause before each timing: a load that just ended leaves the app its last in-flight requests (50 connections
     * of pHash are tens of ms of work), which must not count as a slow host.
     */
    static final Duration SETTLE = Duration.ofMillis(200);

    /** Pause between the timings of {@link #awaitSpeed}, and between those of the first baseline. */
    static final Duration POLL = Duration.ofSeconds(1);

    /**
     * Timings in a row within the threshold that end {@link #awaitSpeed}. In the slow stretch of run B of
     * docs/results/2026-12-02-repeat the canary's memory part took 75 to 116 ms against a 72 ms median, so one
     * timing in the threshold now and then did not mean the stretch was over.
     */
    static final int AT_SPEED_TIMINGS = 3;

    private final HostCanary canary;
    private final HostSpeedRule rule;

    HostSpeedWatch(HostCanary canary, HostSpeedRule rule) {
        this.canary = canary;
        this.rule = rule;
    }

    /**
     * Starts the canary on {@code cpus} and takes its first baseline.
     *
     * @throws IOException when the canary cannot be started or timed
     */
    public static HostSpeedWatch start(String cpus, double maxSlowdown) throws IOException {
        HostCanary canary = HostCanary.start(cpus);
        try {
            List<Canary.Times> times = new ArrayList<>();
            for (int i = 0; i < START_TIMINGS; i++) {
                if (i > 0) Thread.sleep(POLL);
                times.add(canary.time());
            }
            return new HostSpeedWatch(canary, new HostSpeedRule(maxSlowdown, times));
        } catch (IOException | RuntimeException e) {
            canary.close();
            throw e;
        } catch (InterruptedException e) {
            canary.close();
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while timing the canary's first baseline");
        }
    }

    /** Waits {@link #SETTLE}, then times the canary once (just before or just after a window). */
    public Canary.Times time() throws IOException, InterruptedException {
        Thread.sleep(SETTLE);
        return canary.time();
    }

    /**
     * How a wait for the host ended.
     *
     * @param atSpeed whether a timing came back within the threshold before the limit
     * @param waited  how long it took (wall time, timings and pauses together)
     */
    public record Wait(boolean atSpeed, Duration waited) {
    }

    /**
     * Times the canary about once a second ({@link #POLL}) until {@value #AT_SPEED_TIMINGS} timings in a row are
     * within the threshold of the baseline ({@link HostSpeedRule#atSpeed}) or {@code max} has passed. A host whose
     * memory slows for minutes at a time (docs/benchmarks.md §2) outlasts retries made at once; a retry measured
     * after this wait is measured on the host's usual speed. These timings are not added to the baseline.
     */
    public Wait awaitSpeed(Duration max) throws IOException, InterruptedException {
        long startNanos = System.nanoTime();
        int inARow = 0;
        while (true) {
            Duration waited = Duration.ofNanos(System.nanoTime() - startNanos);
            if (waited.compareTo(max) >= 0) return new Wait(false, waited);
            Thread.sleep(POLL);
            inARow = rule.atSpeed(canary.time()) ? inARow + 1 : 0;
            if (inARow == AT_SPEED_TIMINGS) return new Wait(true, Duration.ofNanos(System.nanoTime() - startNanos));
        }
    }

    /** The window between {@code before} and {@code after}, judged ({@link HostSpeedRule#judge}). */
    public Canary judge(Canary.Times before, Canary.Times after) {
        return rule.judge(before, after);
    }

    /** One line for the console: where the canary runs and its first baseline. */
    public String describe() {
        Canary.Times b = rule.baseline();
        return String.format(java.util.Locale.ROOT, "host-speed canary on CPUs %s (pid %d): %.1f ms CPU + %.1f ms memory;"
                + " a window is retried when it runs more than %.0f%% slower", canary.cpus(), canary.pid(), b.cpuMs(),
                b.memoryMs(), rule.maxSlowdown() * 100);
    }

    @Override
    public void close() {
        canary.close();
    }
}
