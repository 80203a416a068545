package dev.fairbench.runner.placed;

import dev.fairbench.loadgen.HostLoad;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.MergedLoad;
import dev.fairbench.loadgen.ProgressListener;
import dev.fairbench.multiload.MultiHostLoad;
import dev.fairbench.multiload.PlacedHost;
import dev.fairbench.results.LoadHostRun;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.ProcStat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Where a trial's loads run: in this JVM ({@link #inThisJvm()}, {@link LoadGenerator}) or split among load hosts
 * ({@link #across}, {@link MultiHostLoad}: one start instant, results merged exactly, the merged interval logs
 * where the spec says). Across hosts, each load host's {@code /proc/stat} is read at the start and the end of the
 * measured window (scheduled at the instants the barrier sets), which gives each host's busy share of its CPUs:
 * a host at {@link dev.fairbench.results.Bound#SATURATED_SHARE} or more makes the run {@code loadgen-bound}. One
 * load at a time; thread-safe otherwise.
 */
public final class LoadDriver {
    /** Longest wait for every load host to be connected and ready, from the start of its parts. */
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    /**
     * One load's outcome.
     *
     * @param total       the whole load's result (the merge, across hosts)
     * @param hosts       each load host's own result, in the placement's order; empty in this JVM
     * @param busyShares  per load host, the busy share (0 to 1) of its CPUs over the measured window; empty in this
     *                    JVM, and without the hosts whose {@code /proc/stat} could not be read at both ends
     * @param busySeconds the CPU time the load hosts' CPUs were busy over the window (their load parts and anything
     *                    else there), summed; null in this JVM
     */
    public record Driven(LoadResult total, List<HostLoad> hosts, Map<String, Double> busyShares, Double busySeconds) {
        /** The busiest load host's share, or null when none was measured. */
        public Double busiestShare() {
            return busyShares.values().stream().max(Double::compare).orElse(null);
        }

        /**
         * Each load host's part as results.json records it ({@code load_hosts}), in {@link #hosts()}'s order, with
         * its busy share where it was read; empty in this JVM.
         */
        public List<LoadHostRun> loadHostRuns() {
            List<LoadHostRun> runs = new ArrayList<>();
            for (HostLoad h : hosts) {
                LoadResult r = h.result();
                runs.add(new LoadHostRun(h.host(), r.requestsCompleted(), r.requestsPerSecond(), r.errors(),
                        busyShares.get(h.host())));
            }
            return List.copyOf(runs);
        }
    }

    private final List<PlacedRoleHost> hosts;
    private final Path fairbenchJar;
    private final Consumer<String> log;

    private LoadDriver(List<PlacedRoleHost> hosts, Path fairbenchJar, Consumer<String> log) {
        this.hosts = List.copyOf(hosts);
        this.fairbenchJar = fairbenchJar;
        this.log = log;
    }

    /** The load generator in this JVM, as without a placement. */
    public static LoadDriver inThisJvm() {
        return new LoadDriver(List.of(), null, line -> { });
    }

    /** The load split among {@code hosts}, each running the fairbench jar copied from {@code fairbenchJar}. */
    public static LoadDriver across(List<PlacedRoleHost> hosts, Path fairbenchJar, Consumer<String> log) {
        if (hosts.isEmpty()) throw new IllegalArgumentException("a load across hosts needs at least one load host");
        return new LoadDriver(hosts, fairbenchJar, log);
    }

    /** Whether the load runs in this JVM. */
    public boolean inJvm() {
        return hosts.isEmpty();
    }

    /** {@link #run(LoadSpec, ProgressListener, Runnable, Runnable)} with nothing read at the window's ends. */
    public Driven run(LoadSpec spec, ProgressListener listener) throws LoadException {
        return run(spec, listener, () -> { }, () -> { });
    }

    /**
     * Runs {@code spec}: its warm-up, then its measured window, calling {@code atStart} and {@code atEnd} at the
     * window's ends: just before and just after the load in this JVM; at the instants the barrier set across hosts
     * (on a thread of their own, each while the load hosts' {@code /proc/stat} are read on others).
     *
     * @param listener progress of the load in this JVM; a load across hosts reports none
     * @throws LoadException as {@link LoadGenerator#run} or {@link MultiHostLoad#run}
     */
    public Driven run(LoadSpec spec, ProgressListener listener, Runnable atStart, Runnable atEnd)
            throws LoadException {
        if (inJvm()) {
            atStart.run();
            LoadResult result = LoadGenerator.run(spec, listener);
            atEnd.run();
            return new Driven(result, List.of(), Map.of(), null);
        }
        List<PlacedHost> placed = new ArrayList<>();
        for (PlacedRoleHost h : hosts) placed.add(PlacedHost.of(h.host(), h.role()));
        Map<String, ProcStat> before = new ConcurrentHashMap<>();
        Map<String, ProcStat> after = new ConcurrentHashMap<>();
        ScheduledExecutorService sampler = Executors.newScheduledThreadPool(hosts.size() + 1, r -> {
            Thread t = new Thread(r, "fairbench-load-host-cpu");
            t.setDaemon(true);
            return t;
        });
        try {
            // The end's reading waits for the start's: a start reading that a slow host delayed past the window's
            // end would otherwise be taken after the end's, and a difference of the two would come out negative.
            CountDownLatch startRead = new CountDownLatch(1);
            Runnable start = () -> {
                try {
                    atStart.run();
                } finally {
                    startRead.countDown();
                }
            };
            Runnable end = () -> {
                try {
                    startRead.await();
                    atEnd.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            MergedLoad merged = new MultiHostLoad(placed, fairbenchJar, READY_TIMEOUT, log, (startNanos, length) -> {
                sampler.schedule(start, Math.max(0, startNanos - epochNanos()), TimeUnit.NANOSECONDS);
                sampler.schedule(end, Math.max(0, startNanos + length.toNanos() - epochNanos()),
                        TimeUnit.NANOSECONDS);
                for (PlacedRoleHost h : hosts) {
                    schedule(sampler, startNanos, h, before);
                    schedule(sampler, startNanos + length.toNanos(), h, after);
                }
            }).run(spec, true);
            sampler.shutdown();
            sampler.awaitTermination(30, TimeUnit.SECONDS);
            Driven driven = new Driven(merged.total(), merged.hosts(), shares(before, after),
                    busySeconds(before, after));
            for (HostLoad h : merged.hosts()) {
                Double busy = driven.busyShares().get(h.host());
                log.accept(String.format(java.util.Locale.ROOT, "load host %s: %,d responses, %,.0f req/s, errors %d,"
                        + " CPUs busy %s", h.host(), h.result().requestsCompleted(), h.result().requestsPerSecond(),
                        h.result().errors(), busy == null ? "not read" : Math.round(busy * 100) + "%"));
            }
            return driven;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException(LoadException.INTERNAL, "interrupted while reading the load hosts' CPUs", e);
        } finally {
            sampler.shutdownNow();
        }
    }

    private static void schedule(ScheduledExecutorService sampler, long atEpochNanos, PlacedRoleHost host,
                                 Map<String, ProcStat> into) {
        long delay = atEpochNanos - epochNanos();
        sampler.schedule(() -> {
            try {
                into.put(host.role().host(), host.proc().cpuTimes());
            } catch (RuntimeException e) {
                // not read: the host's share stays unknown, never 0
            }
        }, Math.max(0, delay), TimeUnit.NANOSECONDS);
    }

    private Map<String, Double> shares(Map<String, ProcStat> before, Map<String, ProcStat> after) {
        Map<String, Double> shares = new java.util.LinkedHashMap<>();
        for (PlacedRoleHost h : hosts) {
            ProcStat b = before.get(h.role().host());
            ProcStat a = after.get(h.role().host());
            if (b != null && a != null) {
                shares.put(h.role().host(), a.busyShareSince(b, CpuPlacement.parse(h.cpus())));
            }
        }
        return shares;
    }

    private Double busySeconds(Map<String, ProcStat> before, Map<String, ProcStat> after) {
        double seconds = 0;
        for (PlacedRoleHost h : hosts) {
            ProcStat b = before.get(h.role().host());
            ProcStat a = after.get(h.role().host());
            if (b == null || a == null) return null;
            long ticks = 0;
            for (int cpu : CpuPlacement.parse(h.cpus())) {
                ticks += a.busyTicks().getOrDefault(cpu, 0L) - b.busyTicks().getOrDefault(cpu, 0L);
            }
            seconds += (double) ticks / h.proc().clockTicksPerSecond();
        }
        return seconds;
    }

    private static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
