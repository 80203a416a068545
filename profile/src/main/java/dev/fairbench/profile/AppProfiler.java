package dev.fairbench.profile;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.runner.RunningApp;
import dev.fairbench.runner.TrialContext;
import dev.fairbench.runner.RouteTargets;
import dev.fairbench.results.Interference;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.InterferenceGuard;
import dev.fairbench.runner.proc.JstatGc;
import dev.fairbench.runner.proc.ProcFs;
import dev.fairbench.runner.proc.RunSampler;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * The profiling of one app, never inside a timed run: the app was started by the trial loop with
 * {@code DATABASE_URL} and {@code REDIS_URL} pointing at two {@link CountingProxy counting proxies} and passed the
 * conformance gate through them (which shows they change no byte); then for each route: a warm-up, a sequential
 * window (one connection: the round trips of one page), a counting window (wire counts, CPU of app, PostgreSQL
 * and Redis from {@code /proc}, context switches, GC from JFR for JVM apps), a syscall window under
 * {@code strace -c -f}, and a CPU-profile window (async-profiler in itimer mode for JVM apps, {@code perf}
 * otherwise) written as {@code profiles/<app>/<route>.html}. The windows are separate because strace and the
 * profilers slow the app. Not thread-safe; one app at a time.
 */
public final class AppProfiler {
    private static final String JFR_NAME = "fairbench-profile";
    /** The wire is quiet when no byte moved for this long after the load stopped. */
    private static final long QUIET_MILLIS = 300;
    private static final long QUIET_LIMIT_MILLIS = 5_000;
    private static final int TOP_SYSCALLS = 12;

    /**
     * How long each window of a route lasts; the load (connections, threads, detail slugs) is the trial's.
     *
     * @param warmup           load before each route's windows, not measured
     * @param sequentialWindow the sequential window: one connection, for the round trips of one page
     * @param window           the counting window
     * @param straceWindow     the syscall window (zero: no syscall counts)
     * @param cpuProfileWindow the CPU-profile window (zero: no flame graph)
     */
    public record Windows(Duration warmup, Duration sequentialWindow, Duration window, Duration straceWindow,
                          Duration cpuProfileWindow) {
        public Windows {
            if (window.isZero() || window.isNegative() || sequentialWindow.isZero() || sequentialWindow.isNegative()) {
                throw new IllegalArgumentException("--window must be positive");
            }
            if (warmup.isNegative() || straceWindow.isNegative() || cpuProfileWindow.isNegative()) {
                throw new IllegalArgumentException("windows must not be negative");
            }
        }

        /** 2 s warm-up, 3 s sequential, 5 s counting, 3 s strace, 5 s CPU profile. */
        public static Windows defaults() {
            return new Windows(Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(5),
                    Duration.ofSeconds(3), Duration.ofSeconds(5));
        }

        /** Load time of one route: every window. */
        public Duration loadPerRoute() {
            return warmup.plus(sequentialWindow).plus(window).plus(straceWindow).plus(cpuProfileWindow);
        }
    }

    /**
     * The outcome for one app.
     *
     * @param app    registry name
     * @param failed why the profiling stopped (the app died, the load failed), or null
     * @param routes the routes profiled, in {@link Route} order
     * @param tools  the tools that measured, one line each
     * @param notes  remarks about the whole pass
     */
    public record AppProfile(String app, String failed, List<RouteProfile> routes, List<String> tools,
                             List<String> notes) {
        public AppProfile {
            routes = List.copyOf(routes);
            tools = List.copyOf(tools);
            notes = List.copyOf(notes);
        }
    }

    private final TrialContext ctx;
    private final Windows settings;
    private final int connections;
    private final int loadgenThreads;
    private final Path resultsDir;

    /** Profiles with the load of {@code ctx}'s options; {@code profiles/<app>/} goes into its output directory. */
    public AppProfiler(TrialContext ctx, Windows windows) {
        this.ctx = ctx;
        this.settings = windows;
        this.connections = ctx.options().connections();
        this.loadgenThreads = ctx.options().loadgenThreads();
        this.resultsDir = ctx.options().outputDir();
    }

    /** Profiles {@code app} (started behind {@code pg} and {@code redis}) on those of the trial's routes it serves. */
    public AppProfile profile(RunningApp app, CountingProxy pg, CountingProxy redis)
            throws InterruptedException, IOException {
        Path dir = Files.createDirectories(resultsDir.resolve("profiles").resolve(app.name()));
        return profileRoutes(app.entry(), ctx.options().routes(), app.process(), pg, redis, dir);
    }

    private AppProfile profileRoutes(AppEntry e, List<Route> routes, AppProcess app, CountingProxy pg,
                                     CountingProxy redis, Path dir) throws IOException, InterruptedException {
        List<String> tools = new ArrayList<>(List.of("PostgreSQL and Redis wire proxies (fairbench)",
                "/proc CPU accounting"));
        JvmTools jvm = JstatGc.jstatFor(app.pid())
                .map(jstat -> new JvmTools(jstat.getParent().getParent(),
                        Path.of(System.getProperty("java.io.tmpdir"), "fairbench-profile")))
                .orElse(null);
        boolean strace = !settings.straceWindow().isZero() && Strace.available();
        boolean perf = jvm == null && !settings.cpuProfileWindow().isZero() && Perf.available();
        if (jvm != null) {
            tools.add("JFR (jdk.GarbageCollection)");
            if (!settings.cpuProfileWindow().isZero()) tools.add("async-profiler 4.2 (itimer)");
            jvm.startJfr(app.pid(), JFR_NAME);
        }
        if (strace) tools.add("strace -c -f");
        if (perf) tools.add("perf record -g");
        RouteTargets targets = ctx.targets();
        List<RouteProfile> measured = new ArrayList<>();
        List<Instant[]> windows = new ArrayList<>();
        try {
            for (Route route : routes) {
                if (!e.serves(route)) continue;
                Instant[] window = new Instant[2];
                RouteProfile p = profileRoute(e, route, app, targets, pg, redis, dir, jvm, strace, perf, window);
                measured.add(p);
                windows.add(window);
                line(e, summary(p));
                if (!app.isAlive()) {
                    return new AppProfile(e.name(), "exited with code " + app.exitCode() + " while profiling "
                            + route.routeName() + "; last lines of its log:\n" + app.logTail(), measured, tools, List.of());
                }
            }
        } catch (LoadException ex) {
            return new AppProfile(e.name(), "load failed while profiling: " + ex.getMessage(), measured, tools, List.of());
        } finally {
            if (jvm != null && app.isAlive()) {
                Path jfr = dir.resolve("gc.jfr");
                jvm.stopJfr(app.pid(), JFR_NAME, jfr);
                for (int i = 0; i < measured.size(); i++) {
                    JfrGc.Stats gc = JfrGc.read(jfr, windows.get(i)[0], windows.get(i)[1]);
                    measured.set(i, measured.get(i).withGc(gc.collectionsPerSecond(), gc.pauseSharePercent() / 100));
                }
            }
        }
        return new AppProfile(e.name(), null, measured, tools, List.of());
    }

    private RouteProfile profileRoute(AppEntry e, Route route, AppProcess app, RouteTargets targets,
                                      CountingProxy pg, CountingProxy redis, Path dir, JvmTools jvm, boolean strace,
                                      boolean perf, Instant[] window) throws LoadException, IOException,
            InterruptedException {
        String r = route.routeName();
        List<String> notes = new ArrayList<>();
        ctx.session().redis().clearPageCache();
        LoadSpec spec = targets.spec(route, app.port(), connections, loadgenThreads,
                settings.window());
        if (!settings.warmup().isZero()) LoadGenerator.run(spec.withDuration(settings.warmup()), null);
        awaitQuietWire(pg, redis);

        LoadSpec sequentialSpec = targets.spec(route, app.port(), 1, 1, settings.sequentialWindow());
        WireWindow sequentialWire = new WireWindow(pg, redis, settings.sequentialWindow().toNanos());
        LoadResult one = LoadGenerator.run(sequentialSpec, sequentialWire);
        awaitQuietWire(pg, redis);
        WireWindow.Span seq = sequentialWire.finish(one.requestsSent());
        RouteProfile.Sequential sequential = new RouteProfile.Sequential(seq.requests(), seq.postgres(), seq.redis());

        CpuTimes app0 = CpuTimes.ofTree(app.pid());
        Long pgCpu0 = cpu(ctx.session().services().postgresPid());
        Long redisCpu0 = cpu(ctx.session().services().redisPid());
        RunSampler sampler = new RunSampler(app.pid(), settings.window(), false);
        WireWindow wire = new WireWindow(pg, redis, settings.window().toNanos());
        Set<Long> roots = new HashSet<>();
        roots.add(app.pid());
        ctx.session().services().postgresPid().ifPresent(roots::add);
        ctx.session().services().redisPid().ifPresent(roots::add);
        InterferenceGuard guard = new InterferenceGuard(() -> roots, ctx.options().guard().maxForeignCores());
        window[0] = Instant.now();
        LoadResult load;
        try {
            load = LoadGenerator.run(spec, wire);
            if (load.requestsCompleted() == 0) {
                // On a loaded machine the app may get no CPU for a whole window: measure once more.
                notes.add("the first counting window completed no request and was repeated");
                window[0] = Instant.now();
                wire = new WireWindow(pg, redis, settings.window().toNanos());
                load = LoadGenerator.run(spec, wire);
            }
        } finally {
            sampler.close();
        }
        Interference interference = guard.stop();
        if (interference.disturbed()) {
            // Counts (queries, round trips) do not depend on neighbours; the CPU split of this window does.
            notes.add(String.format(Locale.ROOT, "the counting window was disturbed: foreign CPU %.2f cores by %s; its "
                    + "CPU split is not comparable", interference.foreignCores(), interference.top().stream()
                    .map(p -> p.command() + " (" + p.pid() + ")").collect(java.util.stream.Collectors.joining(", "))));
        }
        window[1] = Instant.now();
        awaitQuietWire(pg, redis);
        WireWindow.Span span = wire.finish(load.requestsSent());
        WireCounts pgDelta = span.postgres();
        WireCounts redisDelta = span.redis();
        CpuTimes appCpu = CpuTimes.ofTree(app.pid()).minus(app0);
        Long pgCpu = minus(cpu(ctx.session().services().postgresPid()), pgCpu0);
        Long redisCpu = minus(cpu(ctx.session().services().redisPid()), redisCpu0);
        if (pgCpu == null) notes.add("PostgreSQL is external: its CPU is not measured");
        if (redisCpu == null) notes.add("Redis is external: its CPU is not measured");
        if (!span.steady() || !seq.steady()) {
            notes.add("a window shorter than 3 s: its wire counts span the whole window, in-flight requests included");
        }
        double underLoad = span.perRequest(pgDelta.clientBursts());
        if (pgDelta.queries() > 0 && underLoad < 0.8 * sequential.postgresRoundTripsPerPage()) {
            notes.add(String.format(Locale.ROOT, "at %d connections %.2f PostgreSQL writes per request against %.2f for "
                            + "a page alone: statements of several requests share a write", connections,
                    underLoad, sequential.postgresRoundTripsPerPage()));
        }
        double parses = span.perRequest(pgDelta.parses());
        if (parses >= 0.1) {
            notes.add(String.format(Locale.ROOT, "%.2f Parse messages per request: PostgreSQL parses and plans those "
                    + "statements again instead of reusing a prepared one", parses));
        }
        long failed = load.errors() + load.non2xx() + one.errors() + one.non2xx();
        if (failed > 0) {
            notes.add(String.format(Locale.ROOT, "%d errors and %d non-2xx responses in the sequential and counting "
                    + "windows", load.errors() + one.errors(), load.non2xx() + one.non2xx()));
        }

        Long syscalls = null;
        long syscallRequests = 0;
        Map<String, Long> byName = Map.of();
        if (strace) {
            try (Strace tracer = Strace.attach(app.pid(), dir.resolve(r + ".strace.txt"))) {
                LoadResult traced = LoadGenerator.run(spec.withDuration(settings.straceWindow()), null);
                Strace.Summary s = tracer.stop();
                syscalls = s.totalCalls();
                syscallRequests = traced.requestsCompleted();
                byName = top(s.callsByName());
            } catch (IOException ex) {
                notes.add("syscalls not counted: " + ex.getMessage());
            }
        } else if (!settings.straceWindow().isZero()) {
            notes.add("syscalls not counted: strace is not installed");
        }

        String flame = null;
        if (!settings.cpuProfileWindow().isZero()) {
            Path html = dir.resolve(r + ".html");
            LoadSpec profiled = spec.withDuration(settings.cpuProfileWindow());
            if (jvm != null) {
                jvm.startCpuProfile(app.pid());
                try {
                    LoadGenerator.run(profiled, null);
                } finally {
                    jvm.stopCpuProfile(app.pid(), html);
                }
                flame = resultsDir.relativize(html).toString();
            } else if (perf) {
                CompletableFuture<LoadResult> loading = CompletableFuture.supplyAsync(() -> {
                    try {
                        return LoadGenerator.run(profiled, null);
                    } catch (LoadException ex) {
                        throw new IllegalStateException(ex.getMessage(), ex);
                    }
                }, command -> Thread.ofVirtual().start(command));
                Path data = dir.resolve(r + ".perf.data");
                Map<String, Long> stacks = Perf.record(app.pid(), (int) Math.max(1, profiled.duration().toSeconds()), data);
                loading.join();
                Files.deleteIfExists(data);
                Files.writeString(html, FlameGraph.html(e.label() + " " + r + " (perf, " + stacks.values().stream()
                        .mapToLong(Long::longValue).sum() + " samples)", stacks), StandardCharsets.UTF_8);
                flame = resultsDir.relativize(html).toString();
            } else {
                notes.add("no CPU profile: perf is not available for a native app");
            }
        }
        return new RouteProfile(r, load.durationSeconds(), span.requests(), load.requestsCompleted(),
                load.requestsPerSecond(), failed, pgDelta, redisDelta, sequential, appCpu, pgCpu, redisCpu,
                sampler.contextSwitches(), syscalls, syscallRequests, byName, null, null, flame, notes);
    }

    /**
     * Waits until neither proxy moved a byte for {@value #QUIET_MILLIS} ms (at most {@value #QUIET_LIMIT_MILLIS}
     * ms): the app finishes the requests still in flight when the load stops, and their queries belong to the
     * window.
     */
    private static void awaitQuietWire(CountingProxy pg, CountingProxy redis) throws InterruptedException {
        long deadline = System.nanoTime() + QUIET_LIMIT_MILLIS * 1_000_000;
        long last = pg.counts().clientBytes() + pg.counts().serverBytes() + redis.counts().clientBytes()
                + redis.counts().serverBytes();
        while (System.nanoTime() - deadline < 0) {
            Thread.sleep(QUIET_MILLIS);
            long now = pg.counts().clientBytes() + pg.counts().serverBytes() + redis.counts().clientBytes()
                    + redis.counts().serverBytes();
            if (now == last) return;
            last = now;
        }
    }

    private static Map<String, Long> top(Map<String, Long> calls) {
        Map<String, Long> out = new LinkedHashMap<>();
        calls.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(TOP_SYSCALLS)
                .forEach(en -> out.put(en.getKey(), en.getValue()));
        return out;
    }

    private static Long cpu(OptionalLong pid) {
        return pid.isPresent() ? ProcFs.treeCpuMicros(pid.getAsLong()) : null;
    }

    private static Long minus(Long after, Long before) {
        return after == null || before == null ? null : Math.max(0, after - before);
    }

    private void line(AppEntry e, String text) {
        ctx.line("[" + e.name() + "] " + text);
    }

    static String summary(RouteProfile p) {
        var m = p.toModel();
        RouteProfile.Sequential page = p.sequential();
        return String.format(Locale.ROOT, "%-13s %,8.0f req/s  pg %.2f queries %.2f round trips per page  redis %.2f "
                        + "cmds per page %.2f writes per request  cpu us/req app %.1f+%.1f pg %s redis %s  syscalls/req %s",
                p.route(), p.requestsPerSecond(), page.postgresQueriesPerPage(), page.postgresRoundTripsPerPage(),
                page.redisCommandsPerPage(), p.redisBurstsPerRequest(), nz(m.cpu().appUserUs()), nz(m.cpu().appSystemUs()),
                fmt(m.cpu().postgresUs()), fmt(m.cpu().redisUs()), fmt(m.syscallsPerRequest()));
    }

    private static double nz(Double d) {
        return d == null ? 0 : d;
    }

    private static String fmt(Double d) {
        return d == null ? "-" : String.format(Locale.ROOT, "%.1f", d);
    }
}
