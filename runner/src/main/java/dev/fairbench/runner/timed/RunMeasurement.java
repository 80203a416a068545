package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.ProgressListener;
import dev.fairbench.report.Hlogs;
import dev.fairbench.results.Bound;
import dev.fairbench.results.CpuUse;
import dev.fairbench.results.Interference;
import dev.fairbench.results.IoCalls;
import dev.fairbench.results.Resources;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.Session;
import dev.fairbench.runner.placed.LoadDriver;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.HostTables;
import dev.fairbench.runner.proc.InterferenceGuard;
import dev.fairbench.runner.proc.JstatGc;
import dev.fairbench.runner.proc.ProcFs;
import dev.fairbench.runner.proc.ProcView;
import dev.fairbench.runner.proc.RemoteGuard;
import dev.fairbench.runner.proc.RunSampler;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One measured run: the load (in this JVM or from the load hosts, {@link LoadDriver}), and around it the costs of
 * every party read from the {@code /proc} of its host just before and just after (CPU of the app's process tree, of
 * every PostgreSQL process and of Redis; of the app and of Redis on this machine their I/O system calls; of the app
 * also its context switches and its memory on the first run; for
 * an app on this machine also its GC counters through jstat and the CPU of its JIT compiler threads for JVM apps:
 * these need this machine's tools and thread names, so for an app on another host they are recorded as null, not
 * measured). For an app on this machine the context switches and memory come from {@link RunSampler}; for an app on
 * another host from the two readings of its host at the window's ends (its threads' lines read in the same one
 * command, {@link HostTables#read(java.util.Collection, ProcView)}): the switches of the tree's threads between
 * them (a thread that ended inside the window is missed) and the tree's memory at the end reading (not the sample
 * at peak CPU among six).
 * Another host is read once at each end for all its parties; the interference guard watches this machine and,
 * from those same readings, the app's and the services' other hosts ({@link RemoteGuard}).
 * A watchdog interrupts the load generator when it overruns the run by a minute (a hung app must not hang the
 * session). Stateless; one run at a time per thread.
 */
final class RunMeasurement {
    static final long WATCHDOG_SLACK_SECONDS = 60;

    /**
     * The processes whose costs are measured, each on the host whose {@code /proc} reads it.
     *
     * @param appPid      root of the app's process tree, on {@code appProc}'s host
     * @param postgresPid postmaster, empty when PostgreSQL is external (its CPU is then not measured)
     * @param redisPid    Redis server, empty when external
     * @param jstat       the app JDK's jstat when the app is a JVM on this machine
     * @param appProc     the {@code /proc} of the app's host
     * @param servicesProc the {@code /proc} of the services' host
     */
    record Parties(long appPid, OptionalLong postgresPid, OptionalLong redisPid, Optional<Path> jstat,
                   ProcView appProc, ProcView servicesProc) {
        static Parties of(AppProcess app, Session session) {
            Session.ServerProcesses servers = session.processes();
            return new Parties(app.pid(), servers.postgresPid(), servers.redisPid(),
                    app.isLocal() ? JstatGc.jstatFor(app.pid()) : Optional.empty(), app.proc(), servers.proc());
        }

        /**
         * The roots of the benchmark's own process trees on this machine, for the interference guard (the runner
         * is added); a process on another host is not in this machine's {@code /proc}.
         */
        Set<Long> roots() {
            Set<Long> roots = new HashSet<>();
            if (appProc.isLocal()) roots.add(appPid);
            if (servicesProc.isLocal()) {
                postgresPid.ifPresent(roots::add);
                redisPid.ifPresent(roots::add);
            }
            return roots;
        }

        /** Each role's pids on its host, for the guard's part on the other hosts ({@link RemoteGuard}). */
        List<RemoteGuard.Role> roles() {
            List<Long> services = new ArrayList<>();
            postgresPid.ifPresent(services::add);
            redisPid.ifPresent(services::add);
            return List.of(new RemoteGuard.Role(appProc, List.of(appPid)), new RemoteGuard.Role(servicesProc, services));
        }
    }

    /**
     * How the machine is watched during a run.
     *
     * @param placement       the CPU sets whose busy share classifies the run (each on its role's host)
     * @param maxForeignCores foreign CPU (in cores) above which the run is disturbed
     * @param maxStealCores   the hypervisor's steal (in cores, summed over this machine's CPUs) above which the
     *                        run is stolen
     * @param load            where the load runs
     * @param acrossHosts     whether the roles are on several hosts: then no two CPU sets are the same CPUs
     * @param ownNamespaces   network namespaces of hosts that are this machine's kernel, whose processes are the
     *                        run's own for the interference guard
     */
    record Watch(CpuPlacement placement, double maxForeignCores, double maxStealCores, LoadDriver load,
                 boolean acrossHosts, Set<String> ownNamespaces) {}

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
        RemoteGuard remote = RemoteGuard.of(parties.roles());
        InterferenceGuard guard = new InterferenceGuard(() -> roots, watch.ownNamespaces(), watch.maxForeignCores());
        boolean appHere = parties.appProc().isLocal();
        AtomicReference<Readings> atStart = new AtomicReference<>();
        AtomicReference<Readings> atEnd = new AtomicReference<>();
        AtomicReference<Instant> started = new AtomicReference<>();
        LoadResult r;
        LoadDriver.Driven driven;
        RunSampler sampler = appHere ? new RunSampler(parties.appPid(), spec.duration(), sampleRss) : null;
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(t -> {
            Thread th = new Thread(t, "fairbench-run-watchdog");
            th.setDaemon(true);
            return th;
        });
        Thread runner = Thread.currentThread();
        AtomicBoolean overran = new AtomicBoolean();
        long limitSeconds = spec.warmup().plus(spec.duration()).toSeconds() + WATCHDOG_SLACK_SECONDS
                + (watch.load().inJvm() ? 0 : LoadDriver.READY_TIMEOUT.toSeconds());
        watchdog.schedule(() -> {
            overran.set(true);
            runner.interrupt();
        }, limitSeconds, TimeUnit.SECONDS);
        try {
            driven = watch.load().run(spec, listener, () -> {
                started.set(Instant.now());
                atStart.set(Readings.take(parties));
            }, () -> atEnd.set(Readings.take(parties)));
            r = driven.total();
        } catch (LoadException e) {
            if (overran.get()) {
                throw new LoadException(LoadException.INTERNAL, "the run did not end within " + limitSeconds
                        + " s: the app hangs", e);
            }
            throw e;
        } finally {
            watchdog.shutdownNow();
            if (sampler != null) sampler.close();
            guard.stop();
            // A watchdog interrupt that came just after the load ended must not leak into what follows.
            Thread.interrupted();
        }
        Readings before = atStart.get();
        Readings after = atEnd.get();
        if (before == null || after == null) {
            throw new LoadException(LoadException.INTERNAL, "the costs of the window could not be read at its "
                    + (before == null ? "start" : "end") + " (a host's /proc did not answer)");
        }
        long app0 = before.appMicros();
        long app1 = after.appMicros();
        long jit0 = before.jitMicros();
        long jit1 = after.jitMicros();
        Long pg0 = before.postgresMicros();
        Long pg1 = after.postgresMicros();
        Long redis0 = before.redisMicros();
        Long redis1 = after.redisMicros();
        long loadgen0 = before.loadgenMicros();
        long loadgen1 = after.loadgenMicros();
        Interference interference = remote.merge(guard.stop(), before.tables(), after.tables())
                .judgeSteal(watch.maxStealCores());
        Optional<JstatGc> gcAfter = parties.jstat().flatMap(j -> JstatGc.sample(j, parties.appPid()));
        long rss = sampler != null ? sampler.rssAtPeakCpuBytes()
                : after.tables().treeRssBytes(parties.appProc(), parties.appPid()).orElse(-1);
        OptionalLong remoteSwitches = sampler != null ? OptionalLong.empty()
                : HostTables.contextSwitches(before.tables(), after.tables(), parties.appProc(), parties.appPid());
        Resources resources = new Resources(seconds(app1 - app0), serviceSeconds(pg0, pg1),
                serviceSeconds(redis0, redis1), sampleRss && rss > 0 ? rss : null,
                sampler != null ? Long.valueOf(sampler.contextSwitches())
                        : remoteSwitches.isPresent() ? Long.valueOf(remoteSwitches.getAsLong()) : null,
                gcBefore.isPresent() && gcAfter.isPresent()
                        ? gcAfter.get().collections() - gcBefore.get().collections() : null,
                gcBefore.isPresent() && gcAfter.isPresent()
                        ? (gcAfter.get().pauseMillis() - gcBefore.get().pauseMillis()) / 1000.0 : null,
                parties.jstat().isPresent() ? seconds(jit1 - jit0) : null,
                ioCallsBetween(before.appIo(), after.appIo()), ioCallsBetween(before.redisIo(), after.redisIo()));
        Double servicesSeconds = resources.postgresCpuSeconds() == null && resources.redisCpuSeconds() == null ? null
                : orZero(resources.postgresCpuSeconds()) + orZero(resources.redisCpuSeconds());
        double window = (after.nanoTime() - before.nanoTime()) / 1e9;
        CpuUse use;
        if (!watch.acrossHosts()) {
            use = cpuUse(watch.placement(), window, resources.appCpuSeconds(), servicesSeconds,
                    seconds(loadgen1 - loadgen0));
        } else if (watch.load().inJvm()) {
            use = cpuUseAcrossHosts(watch.placement(), window, resources.appCpuSeconds(),
                    servicesSeconds, seconds(loadgen1 - loadgen0), null);
        } else {
            use = cpuUseAcrossHosts(watch.placement(), window, resources.appCpuSeconds(),
                    servicesSeconds, driven.busySeconds() == null ? 0 : driven.busySeconds(), driven.busiestShare());
        }
        return new RunResult(run, started.get(), r.durationSeconds(), r.requestsCompleted(), r.requestsPerSecond(),
                r.status2xx(), r.status3xx(), r.status4xx(), r.status5xx(), r.connectErrors(), r.readErrors(),
                r.writeErrors(), r.timeouts(), Hlogs.latency(r.latencyMicros()), hlog, resources,
                spec.fixedRate() ? spec.ratePerSecond() : null, use, interference)
                .withLoadHosts(driven.loadHostRuns());
    }

    /**
     * The cumulative costs of the parties at one instant (a window's start or end), each read from its host's
     * {@code /proc} (another host's process table read once for all its parties, and kept for {@link RemoteGuard});
     * the JIT threads only for an app on this machine (else 0, and not recorded).
     *
     * @param nanoTime when it was taken, on {@link System#nanoTime()}
     * @param appIo    the app tree's I/O system calls, empty unless the app is on this machine
     * @param redisIo  Redis's, empty unless Redis is on this machine and not external
     */
    private record Readings(long nanoTime, long loadgenMicros, long appMicros, long jitMicros, Long postgresMicros,
                            Long redisMicros, HostTables tables, Optional<IoCalls> appIo, Optional<IoCalls> redisIo) {
        static Readings take(Parties parties) {
            long nanoTime = System.nanoTime();
            long loadgen = ProcFs.processCpuMicros(ProcessHandle.current().pid());
            HostTables tables = HostTables.read(List.of(parties.appProc(), parties.servicesProc()),
                    parties.appProc());
            long app = tables.treeCpuMicros(parties.appProc(), parties.appPid());
            long jit = parties.appProc().isLocal() ? ProcFs.jitCpuMicros(parties.appPid()) : 0;
            Optional<IoCalls> appIo = parties.appProc().isLocal() ? ProcFs.treeIoCalls(parties.appPid())
                    : Optional.empty();
            Optional<IoCalls> redisIo = parties.servicesProc().isLocal() && parties.redisPid().isPresent()
                    ? ProcFs.treeIoCalls(parties.redisPid().getAsLong()) : Optional.empty();
            return new Readings(nanoTime, loadgen, app, jit, cpu(tables, parties.servicesProc(), parties.postgresPid()),
                    cpu(tables, parties.servicesProc(), parties.redisPid()), tables, appIo, redisIo);
        }
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

    /**
     * {@link #cpuUse} for roles on separate hosts, whose CPU sets are never the same CPUs: each role's share of its
     * own set. The load's share is {@code loadHostsBusyShare} (the busiest load host's busy share of its CPUs over
     * the window, everything on them counted) when the load ran on load hosts, else the load generator's CPU time
     * over its set here. A load share that was not measured counts as not saturated.
     */
    static CpuUse cpuUseAcrossHosts(CpuPlacement p, double windowSeconds, double appSeconds, Double servicesSeconds,
                                    double loadgenSeconds, Double loadHostsBusyShare) {
        double appShare = share(appSeconds, windowSeconds, CpuPlacement.parse(p.appCpus()).size());
        double servicesShare = share(orZero(servicesSeconds), windowSeconds,
                CpuPlacement.parse(p.servicesCpus()).size());
        double loadgenShare = loadHostsBusyShare != null ? loadHostsBusyShare
                : share(loadgenSeconds, windowSeconds, CpuPlacement.parse(p.loadgenCpus()).size());
        return new CpuUse(appShare, servicesShare, loadgenShare, loadgenSeconds,
                Bound.classify(appShare, servicesShare, loadgenShare, servicesSeconds, loadgenSeconds));
    }

    private static double share(double cpuSeconds, double windowSeconds, int cpus) {
        return windowSeconds <= 0 || cpus == 0 ? 0 : Math.min(1, cpuSeconds / (windowSeconds * cpus));
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }

    private static Long cpu(HostTables tables, ProcView proc, OptionalLong pid) {
        return pid.isPresent() ? tables.treeCpuMicros(proc, pid.getAsLong()) : null;
    }

    private static double seconds(long micros) {
        return Math.max(0, micros) / 1e6;
    }

    /**
     * The system calls between two readings of one process tree; null (not measured) when either reading is missing
     * or a count went down (a process of the tree ended between them and is not yet reaped).
     */
    static IoCalls ioCallsBetween(Optional<IoCalls> start, Optional<IoCalls> end) {
        if (start.isEmpty() || end.isEmpty()) return null;
        long reads = end.get().reads() - start.get().reads();
        long writes = end.get().writes() - start.get().writes();
        return reads < 0 || writes < 0 ? null : new IoCalls(reads, writes);
    }

    /**
     * A service's CPU seconds over the window from its tree CPU at the start and at the end, in microseconds; null
     * (not read) when either is unknown or the end's is the smaller: a process of the tree that ended between the
     * readings and is not yet reaped is not counted at the end
     * (see {@link dev.fairbench.runner.proc.ProcTable#treeCpuMicros}), and 0 there would read as an idle service.
     */
    static Double serviceSeconds(Long startMicros, Long endMicros) {
        if (startMicros == null || endMicros == null || endMicros < startMicros) return null;
        return (endMicros - startMicros) / 1e6;
    }
}
