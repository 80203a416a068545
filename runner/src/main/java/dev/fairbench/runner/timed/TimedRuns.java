package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.Pass;
import dev.fairbench.runner.RunningApp;
import dev.fairbench.runner.TrialContext;
import dev.fairbench.runner.TrialFailure;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The timed runs of {@code fairbench run}, in rounds: in each round every app is started fresh and, per route it
 * serves, warmed up and then measured once under the closed-loop load, recorded at once with its interval log
 * ({@code hlog/APP/ROUTE/round-N.hlog}), the costs of every party, the busy share of each CPU set and what else
 * ran on the machine ({@link RunMeasurement}); a run the interference guard finds disturbed is kept among the
 * discarded runs and measured again (see {@link GuardedRun}); a window that stays disturbed after its retries is
 * measured once more after the last round, in a fresh start of its app ({@link #lateRetries}; interval log
 * {@code round-N.late.hlog}), and that late retry takes its place when it is not disturbed. The median over rounds
 * counts. After each run the app must still be alive, answer its readiness path within {@link #HANG_TIMEOUT}, and
 * have answered at least one request. Starts new results: a run is a new measurement of every app. Not thread-safe; one app at a time.
 */
public final class TimedRuns implements Pass {
    /** After a run, how long the app may take to answer its readiness path again before it counts as hung. */
    public static final Duration HANG_TIMEOUT = Duration.ofSeconds(15);

    /**
     * @param warmup       load before each route's measured run in each round, not recorded (0 = none)
     * @param duration     length of one measured run
     * @param rounds       rounds, each a fresh start of every app and one measured run per route; the median counts
     * @param quick        a smoke run ({@link #smoke()}); recorded in the results
     * @param jitSettleMax how much longer a warm-up may grow while a JIT compiles ({@link WarmUp}; 0 = fixed)
     */
    public record Settings(Duration warmup, Duration duration, int rounds, boolean quick, Duration jitSettleMax) {
        public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(5);
        public static final Duration DEFAULT_DURATION = Duration.ofSeconds(20);
        public static final int DEFAULT_ROUNDS = 3;
        /** {@code --quick}: detail routes over the first 100 posts. */
        public static final int QUICK_DETAIL_SLUGS = 100;

        public Settings {
            if (duration.isZero() || duration.isNegative()) throw new IllegalArgumentException("--duration must be positive");
            if (warmup.isNegative()) throw new IllegalArgumentException("--warmup must not be negative");
            if (rounds < 1) throw new IllegalArgumentException("--rounds must be at least 1");
            new WarmUp(warmup, jitSettleMax); // validates
        }

        /** Settings whose warm-up is never extended. */
        public Settings(Duration warmup, Duration duration, int rounds, boolean quick) {
            this(warmup, duration, rounds, quick, Duration.ZERO);
        }

        /** The warm-up of every measured run. */
        public WarmUp warmUp() {
            return new WarmUp(warmup, jitSettleMax);
        }

        /**
         * The round-2 rules: 3 rounds of a 5 s warm-up and 20 s measured per route; the warm-up grows by up to
         * {@link WarmUp#DEFAULT_JIT_SETTLE_MAX} while a JIT compiles.
         */
        public static Settings defaults() {
            return new Settings(DEFAULT_WARMUP, DEFAULT_DURATION, DEFAULT_ROUNDS, false, WarmUp.DEFAULT_JIT_SETTLE_MAX);
        }

        /** A smoke run that still measures everything: one round, 1 s warm-up (never extended), 3 s measured. */
        public static Settings smoke() {
            return new Settings(Duration.ofSeconds(1), Duration.ofSeconds(3), 1, true);
        }

        /** Load time of one route in one round: its warm-up and its run. */
        public Duration loadPerRoute() {
            return warmup.plus(duration);
        }
    }

    private final Settings settings;

    public TimedRuns(Settings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "run";
    }

    @Override
    public int rounds() {
        return settings.rounds();
    }

    @Override
    public Timing timing() {
        return new Timing(settings.warmup(), settings.duration(), settings.rounds());
    }

    @Override
    public Map<String, Object> rules() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("warmup_s", settings.warmup().toMillis() / 1000.0);
        m.put("jit_settle_max_s", settings.jitSettleMax().toMillis() / 1000.0);
        m.put("duration_s", settings.duration().toMillis() / 1000.0);
        m.put("rounds", settings.rounds());
        m.put("order", "rotated by one app per round; every app started fresh in every round");
        m.put("quick", settings.quick());
        return m;
    }

    @Override
    public boolean startsNewResults() {
        return true;
    }

    @Override
    public boolean measuresRouteByRoute() {
        return true;
    }

    @Override
    public Duration plannedLoad(AppEntry app, TrialOptions options) {
        return settings.loadPerRoute().multipliedBy(options.routes().stream().filter(app::serves).count());
    }

    @Override
    public void run(RunningApp running, TrialContext ctx) throws IOException, InterruptedException, LoadException,
            TrialFailure {
        String name = running.name();
        AppProcess app = running.process();
        var o = ctx.options();
        RunMeasurement.Parties parties = RunMeasurement.Parties.of(app, ctx.session());
        GuardedRun guarded = new GuardedRun(ctx, parties);
        int round = running.round();
        String of = round + "/" + settings.rounds();
        for (Route route : running.routes()) {
            ctx.session().redis().clearPageCache();
            LoadSpec spec = ctx.targets().spec(route, app.address(), app.port(), o.connections(), o.loadgenThreads(), settings.duration())
                    .withPipeline(o.pipeline());
            String r = route.routeName();
            String stage = running.late() ? "round " + of + " late retry" : "round " + of;
            Duration warmed = warmUp(settings.warmUp(), spec, app, ctx, name, r, "warm-up");
            ctx.activity(name + " " + r + " " + stage);
            RunResult result = guarded.measure(round, name, r, spec, "round-" + round + (running.late() ? ".late" : ""),
                    round == 1, p -> ctx.status(name, r, stage, p, settings.duration()));
            if (!warmed.isZero()) result = result.withWarmupSeconds(warmed.toMillis() / 1000.0);
            if (!running.late()) {
                ctx.recordRun(name, r, result);
            } else if (!result.disturbed()) {
                ctx.replaceRun(name, r, result);
            } else {
                ctx.recordDiscarded(name, r, result);
                ctx.line("[" + name + "] " + r + " round-" + round + " late retry disturbed too: the round's window stays");
            }
            ctx.line(runLine(name, r, result));
            if (!app.isAlive()) {
                throw new TrialFailure("exited with code " + app.exitCode() + " during " + r + " round " + round
                        + "; last lines of its log:\n" + app.logTail());
            }
            if (!answersWithin(app, running.entry().readiness(), HANG_TIMEOUT)) {
                throw new TrialFailure("stopped answering GET " + running.entry().readiness() + " (for "
                        + HANG_TIMEOUT.toSeconds() + " s) after " + r + " round " + round + " (it hangs: "
                        + result.requestsCompleted() + " responses in the run)");
            }
            if (result.requestsCompleted() == 0) {
                throw new TrialFailure("no response during " + r + " round " + round + " (errors: " + result.errors() + ")");
            }
        }
    }

    /**
     * Per round, the routes of {@code app} whose kept window of that round is disturbed ({@link RunResult#disturbed}),
     * in the trial's order.
     */
    @Override
    public Map<Integer, List<Route>> lateRetries(AppEntry app, TrialContext ctx) {
        Map<Integer, List<Route>> late = new TreeMap<>();
        AppResult recorded = ctx.results().app(app.name()).orElse(null);
        if (recorded == null) return late;
        for (Route route : ctx.options().routes()) {
            recorded.route(route.routeName()).ifPresent(r -> r.runs().stream().filter(RunResult::disturbed)
                    .forEach(run -> late.computeIfAbsent(run.run(), k -> new ArrayList<>()).add(route)));
        }
        return late;
    }

    /**
     * Warms {@code app} up on {@code spec} under {@code warmUp}; returns the load time it took. Counts the fixed
     * part towards the planned load, and says so when a JIT made it longer.
     */
    static Duration warmUp(WarmUp warmUp, LoadSpec spec, AppProcess app, TrialContext ctx, String name, String route,
                           String phase) throws LoadException {
        if (warmUp.fixed().isZero()) return Duration.ZERO;
        ctx.activity(name + " " + route + " " + phase);
        Duration took = warmUp.run(spec, app, ctx.load(), part -> p -> ctx.status(name, route, phase, p, part));
        ctx.loadDone(warmUp.fixed());
        if (took.compareTo(warmUp.fixed()) > 0) {
            ctx.line(String.format(Locale.ROOT, "[%s] %-13s %s: %.0f s, %.0f s more while a JIT compiled%s", name,
                    route, phase, warmUp.fixed().toMillis() / 1000.0, took.minus(warmUp.fixed()).toMillis() / 1000.0,
                    took.minus(warmUp.fixed()).compareTo(warmUp.jitSettleMax()) >= 0 ? " (the most --jit-settle allows)"
                            : ""));
        }
        return took;
    }

    /** The medians of every measured app and route. */
    @Override
    public void afterTrial(TrialContext ctx) {
        ctx.line("");
        ctx.line("summary (median of runs; errors and non-2xx summed over runs):");
        for (AppResult a : ctx.results().apps()) {
            if (a.status() != AppStatus.MEASURED) {
                ctx.line(String.format("  %-12s %s: %s", a.name(), a.status().json(),
                        a.reason() == null ? "" : a.reason().lines().findFirst().orElse("")));
                continue;
            }
            for (var route : a.routes()) {
                var s = route.summary();
                if (s == null) continue;
                ctx.line(String.format(Locale.ROOT, "  %-12s %-13s %,10.0f req/s ±%.1f%%  app CPU %s µs/req  p99 %.2f ms"
                                + "  %s%s  errors %d  non-2xx %d", a.name(), route.route(), s.requestsPerSecond(),
                        s.spread() * 100, s.appCpuUsPerRequest() == null ? "-"
                                : String.format(Locale.ROOT, "%.1f", s.appCpuUsPerRequest()), s.latency().p99Ms(),
                        s.bound() == null ? "" : s.bound().json(),
                        s.disturbedRuns() > 0 ? ", " + s.disturbedRuns() + " disturbed" : "", s.errors(), s.non2xx()));
            }
        }
    }

    /** Polls the readiness path: a loaded app may still be draining the requests of the last run. */
    static boolean answersWithin(AppProcess app, String path, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (app.isAlive()) {
            if (app.answers(path, 5_000)) return true;
            if (System.nanoTime() - deadline > 0) return false;
            Thread.sleep(500);
        }
        return false;
    }

    static String runLine(String app, String route, RunResult r) {
        String cpu = r.resources() == null || r.resources().appCpuSeconds() == null || r.requestsCompleted() == 0 ? "-"
                : String.format(Locale.ROOT, "%.1f", r.resources().appCpuSeconds() * 1e6 / r.requestsCompleted());
        String use = r.cpuUse() == null ? "" : String.format(Locale.ROOT, "  CPUs busy app %.0f%% services %.0f%% load %.0f%%: %s",
                r.cpuUse().appCpusBusy() * 100, r.cpuUse().servicesCpusBusy() * 100, r.cpuUse().loadgenCpusBusy() * 100,
                r.cpuUse().bound().json());
        return String.format(Locale.ROOT, "[%s] %-13s round %d: %,10.0f req/s  app CPU %s µs/req  p50 %.2f ms  p99 %.2f ms"
                        + "  errors %d  non-2xx %d%s%s", app, route, r.run(), r.requestsPerSecond(), cpu, r.latency().p50Ms(),
                r.latency().p99Ms(), r.errors(), r.non2xx(), use, (r.canary() == null ? ""
                        : String.format(Locale.ROOT, "  canary %+.0f%%", r.canary().slowdown() * 100))
                        + (r.disturbed() ? "  DISTURBED" : ""));
    }
}
