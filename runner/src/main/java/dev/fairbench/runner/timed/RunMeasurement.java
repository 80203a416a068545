package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.ProgressListener;
import dev.fairbench.report.Hlogs;
import dev.fairbench.results.Bound;
import dev.fairbench.results.CpuUse;
import dev.fairbench.results.Interference;
import dev.fairbench.results.Resources;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.InterferenceGuard;
import dev.fairbench.runner.proc.JstatGc;
import dev.fairbench.runner.proc.ProcFs;
import dev.fairbench.runner.proc.RunSampler;
import dev.fairbench.services.RunningServices;

import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One measured run: the load generator in this JVM, and around it the costs of every party read from
 * {@code /proc} just before and just after (CPU of the app's process tree, of every PostgreSQL process and of
 * Redis; the app's context switches; its memory on the first run; its GC counters through jstat and the CPU of its
 * JIT compiler threads for JVM apps).
 * A watchdog interrupts the load generator when it overruns the run by a minute (a hung app must not hang the
 * session). Stateless; one run at a time per thread.
 */
final class RunMeasurement {
    static final long WATCHDOG_SLACK_SECONDS = 60;

    /**
     * The processes whose costs are measured.
     *
     * @param appPid      root of the app's process tree
     * @param postgresPid postmaster, empty when PostgreSQL is external (its CPU is then not measured)
     * @param redisPid    Redis server, empty when external
     * @param jstat       the app JDK's jstat when the app is a JVM
     */
    record Parties(long appPid, OptionalLong postgresPid, OptionalLong redisPid, Optional<Path> jstat) {
        static Parties of(AppProcess app, RunningServices services) {
            return new Parties(app.pid(), services.postgresPid(), services.redisPid(), JstatGc.jstatFor(app.pid()));
        }

        /** The roots of the benchmark's own process trees, for the interference guard (the runner is added). */
        Set<Long> roots() {
            Set<Long> roots = new HashSet<>();
            roots.add(appPid);
            postgresPid.ifPresent(roots::add);
            redisPid.ifPresent(roots::add);
            return roots;
        }
    }

    /**
     * How the machine is watched during a run.
     *
     * @param placement       the CPU sets whose busy share classifies the run
     * @param maxForeignCores foreign CPU (in cores) above which the run is disturbed
     */
    record Watch(CpuPlacement placement, double maxForeignCores) {}

    private RunMeasurement() {}

    /**
     * Runs {@code spec} (its warm-up should be zero: warm-up is a separate, unrecorded load) and measures it.
     *
     * @param hlog      the spec's interval log relative to the results directory, for the result
     * @param sampleRss take the six memory samples (first run of a route)
     */
    static RunResult measure(int run, LoadSpec spec, Parties parties, Watch watch, boolean sampleRss, String hlog,
                             ProgressListener listener) throws LoadException {
        Optional<JstatGc> gcBefore = parties.jstat().flatMap(j -> JstatGc.sample(j, parties.appPid()));
        Set<Long> roots = parties.roots();
        InterferenceGuard guard = new InterferenceGuard(() -> roots, watch.maxForeignCores());
        long self = ProcessHandle.current().pid();
        long loadgen0 = ProcFs.processCpuMicros(self);
        long app0 = ProcFs.treeCpuMicros(parties.appPid());
        long jit0 = ProcFs.jitCpuMicros(parties.appPid());
        Long pg0 = cpu(parties.postgresPid());
        Long redis0 = cpu(parties.redisPid());
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        LoadResult r;
        RunSampler sampler = new RunSampler(parties.appPid(), spec.duration(), sampleRss);
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(t -> {
            Thread th = new Thread(t, "fairbench-run-watchdog");
            th.setDaemon(true);
            return th;
        });
        Thread runner = Thread.currentThread();
        AtomicBoolean overran = new AtomicBoolean();
        long limitSeconds = spec.warmup().plus(spec.duration()).toSeconds() + WATCHDOG_SLACK_SECONDS;
        watchdog.schedule(() -> {
            overran.set(true);
            runner.interrupt();
        }, limitSeconds, TimeUnit.SECONDS);
        try {
            r = LoadGenerator.run(spec, listener);
        } catch (LoadException e) {
            if (overran.get()) {
                throw new LoadException(LoadException.INTERNAL, "the run did not end within " + limitSeconds
                        + " s: the app hangs", e);
            }
            throw e;
        } finally {
            watchdog.shutdownNow();
            sampler.close();
            guard.stop();
            // A watchdog interrupt that came just after the load ended must not leak into what follows.
            Thread.interrupted();
        }
        long app1 = ProcFs.treeCpuMicros(parties.appPid());
        long jit1 = ProcFs.jitCpuMicros(parties.appPid());
        Long pg1 = cpu(parties.postgresPid());
        Long redis1 = cpu(parties.redisPid());
        long loadgen1 = ProcFs.processCpuMicros(self);
        Interference interference = guard.stop();
        Optional<JstatGc> gcAfter = parties.jstat().flatMap(j -> JstatGc.sample(j, parties.appPid()));
        long rss = sampler.rssAtPeakCpuBytes();
        Resources resources = new Resources(seconds(app1 - app0), pg0 == null ? null : seconds(pg1 - pg0),
                redis0 == null ? null : seconds(redis1 - redis0), sampleRss && rss > 0 ? rss : null,
                sampler.contextSwitches(),
                gcBefore.isPresent() && gcAfter.isPresent()
                        ? gcAfter.get().collections() - gcBefore.get().collections() : null,
                gcBefore.isPresent() && gcAfter.isPresent()
                        ? (gcAfter.get().pauseMillis() - gcBefore.get().pauseMillis()) / 1000.0 : null,
                parties.jstat().isPresent() ? seconds(jit1 - jit0) : null);
        Double servicesSeconds = resources.postgresCpuSeconds() == null && resources.redisCpuSeconds() == null ? null
                : orZero(resources.postgresCpuSeconds()) + orZero(resources.redisCpuSeconds());
        double loadgenSeconds = seconds(loadgen1 - loadgen0);
        CpuUse use = cpuUse(watch.placement(), (System.nanoTime() - startNanos) / 1e9, resources.appCpuSeconds(),
                servicesSeconds, loadgenSeconds);
        return new RunResult(run, started, r.durationSeconds(), r.requestsCompleted(), r.requestsPerSecond(),
                r.status2xx(), r.status3xx(), r.status4xx(), r.status5xx(), r.connectErrors(), r.readErrors(),
                r.writeErrors(), r.timeouts(), Hlogs.latency(r.latencyMicros()), hlog, resources,
                spec.fixedRate() ? spec.ratePerSecond() : null, use, interference);
    }

    /**
     * How much of each CPU set the benchmark's own processes placed there used (their CPU time over the window
     * times the set's size), and the bound that follows. Own processes only: foreign work on the same CPUs is the
     * interference guard's business, and must not make an idle app look saturated. Where the services and the
     * load generator share CPUs, both count in the shared set. Where the app shares its CPUs with the load generator
     * (a loopback load, {@link CpuPlacement#sharedCpus()}), the app's set and the load generator's are one: it is
     * saturated when the two together fill it, and whichever of them used more of it bound the run.
     */
    static CpuUse cpuUse(CpuPlacement p, double windowSeconds, double appSeconds, Double servicesSeconds,
                         double loadgenSeconds) {
        List<Integer> app = CpuPlacement.parse(p.appCpus());
        List<Integer> services = CpuPlacement.parse(p.servicesCpus());
        List<Integer> loadgen = CpuPlacement.parse(p.loadgenCpus());
        double svc = orZero(servicesSeconds);
        boolean overlap = services.stream().anyMatch(loadgen::contains);
        double servicesShare = share(svc + (overlap ? loadgenSeconds : 0), windowSeconds, services.size());
        if (app.stream().anyMatch(loadgen::contains)) {
            java.util.Set<Integer> together = new java.util.HashSet<>(app);
            together.addAll(loadgen);
            double shared = share(appSeconds + loadgenSeconds, windowSeconds, together.size());
            Bound bound = shared < Bound.SATURATED_SHARE ? Bound.LATENCY_BOUND
                    : appSeconds >= loadgenSeconds ? Bound.APP_BOUND : Bound.LOADGEN_BOUND;
            return new CpuUse(shared, servicesShare, shared, loadgenSeconds, bound);
        }
        double appShare = share(appSeconds, windowSeconds, app.size());
        double loadgenShare = share(loadgenSeconds + (overlap ? svc : 0), windowSeconds, loadgen.size());
        return new CpuUse(appShare, servicesShare, loadgenShare, loadgenSeconds,
                Bound.classify(appShare, servicesShare, loadgenShare, servicesSeconds, loadgenSeconds));
    }

    private static double share(double cpuSeconds, double windowSeconds, int cpus) {
        return windowSeconds <= 0 || cpus == 0 ? 0 : Math.min(1, cpuSeconds / (windowSeconds * cpus));
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }

    private static Long cpu(OptionalLong pid) {
        return pid.isPresent() ? ProcFs.treeCpuMicros(pid.getAsLong()) : null;
    }

    private static double seconds(long micros) {
        return Math.max(0, micros) / 1e6;
    }
}
