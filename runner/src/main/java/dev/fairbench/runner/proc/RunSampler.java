package dev.fairbench.runner.proc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Watches an app's process tree during one load run, on a thread of its own: samples context switches every
 * 250 ms (see {@link ContextSwitchCounter}) and, when asked, takes {@value #RSS_SAMPLES} memory samples spread
 * evenly over the run, each with the app's CPU use since the previous sample. Start it just before the load and
 * close it just after. Thread-safe.
 */
public final class RunSampler implements AutoCloseable {
    public static final int RSS_SAMPLES = 6;
    private static final long CONTEXT_SWITCH_PERIOD_MILLIS = 250;

    /**
     * One memory sample.
     *
     * @param rssBytes     resident memory of the app's tree
     * @param cpuShare     CPU used by the tree since the previous sample, in cores (1.0 = one core fully busy)
     */
    public record RssSample(long rssBytes, double cpuShare) {}

    private final long pid;
    private final ContextSwitchCounter switches;
    private final ScheduledExecutorService timer;
    private final List<RssSample> rssSamples = new ArrayList<>();
    private long lastCpuMicros;
    private long lastNanos;

    /**
     * @param pid        root of the app's process tree
     * @param runLength  expected length of the run; memory samples fall at the middle of each sixth of it
     * @param sampleRss  whether to take memory samples (the first run of each route)
     */
    public RunSampler(long pid, Duration runLength, boolean sampleRss) {
        this.pid = pid;
        this.switches = new ContextSwitchCounter(pid);
        this.lastCpuMicros = ProcFs.treeCpuMicros(pid);
        this.lastNanos = System.nanoTime();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fairbench-run-sampler");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(switches::sample, CONTEXT_SWITCH_PERIOD_MILLIS, CONTEXT_SWITCH_PERIOD_MILLIS,
                TimeUnit.MILLISECONDS);
        if (sampleRss) {
            long sixthNanos = runLength.toNanos() / RSS_SAMPLES;
            for (int i = 0; i < RSS_SAMPLES; i++) {
                timer.schedule(this::sampleRss, sixthNanos * i + sixthNanos / 2, TimeUnit.NANOSECONDS);
            }
        }
    }

    private synchronized void sampleRss() {
        long now = System.nanoTime();
        long cpu = ProcFs.treeCpuMicros(pid);
        double share = (cpu - lastCpuMicros) * 1000.0 / Math.max(1, now - lastNanos);
        lastCpuMicros = cpu;
        lastNanos = now;
        rssSamples.add(new RssSample(ProcFs.treeRssBytes(pid), share));
    }

    /** Stops sampling and takes the last context-switch sample. */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        switches.sample();
    }

    /** Context switches of the tree since the sampler started. */
    public long contextSwitches() {
        return switches.switchesSinceStart();
    }

    /** The memory samples taken, in order. */
    public synchronized List<RssSample> rssSamples() {
        return List.copyOf(rssSamples);
    }

    /** Resident memory of the sample taken when the app used the most CPU, or -1 when none was taken. */
    public synchronized long rssAtPeakCpuBytes() {
        RssSample best = null;
        for (RssSample s : rssSamples) {
            if (s.rssBytes() > 0 && (best == null || s.cpuShare() > best.cpuShare())) best = s;
        }
        return best == null ? -1 : best.rssBytes();
    }
}
