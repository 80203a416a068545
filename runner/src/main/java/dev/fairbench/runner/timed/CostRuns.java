package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;
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
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The cost runs of {@code fairbench run}: after the timed rounds, in as many rounds of their own (every app started
 * fresh in each, in the rotated order of the timed rounds), each route is loaded at one fixed offered rate that is
 * the same for every app and every round, low enough that none is saturated: half of the slowest app's median
 * closed-loop rate on that route in this trial, or the rate given for the route. There the CPU per request compares
 * like with like (no app is paying for queueing or idling), and the latency is measured from the intended send time
 * (no coordinated omission). Each round's run is added to the route's {@code cost} runs, under the interference
 * guard ({@link GuardedRun}); its interval log is {@code hlog/APP/ROUTE/cost-round-N.hlog} ({@code cost.hlog} when
 * there is one round). The rounds give the cost at the fixed rate a spread and an interval, as the timed rounds give
 * the closed loop's. Not thread-safe; one app at a time.
 *
 * <p>The same pass, of another {@link Kind}, makes the phash suite's two shared-rate steps from the capacities the
 * capacity pass recorded before it: {@code fixed-rate} offers every app a share of the slowest app's capacity
 * (recorded as the cost run: the one rate every app got), {@code overload} a multiple above 1 of the fastest app's
 * capacity, so that every app is over its capacity, with a {@value #OVERLOAD_TIMEOUT_SECONDS} s response timeout
 * (recorded as the route's overload run); both in one round.
 */
public final class CostRuns implements Pass {
    /** Share of the slowest app's closed-loop rate offered to every app. */
    public static final double SHARE_OF_SLOWEST = 0.5;
    /** A response of the overload step later than this is a timeout, as in the pHash write-up and its capacity probe. */
    public static final int OVERLOAD_TIMEOUT_SECONDS = 2;

    /** Where the one rate every app gets comes from, and where the run is recorded. */
    public enum Kind {
        /** {@link #SHARE_OF_SLOWEST} of the slowest median closed-loop rate, on the 1-2-5 series; the cost run. */
        COST("cost"),
        /** {@code factor} times the slowest app's capacity on the route, rounded down; the cost run. */
        FIXED_RATE("fixed-rate"),
        /** {@code factor} times the fastest app's capacity on the route, rounded down; the overload run. */
        OVERLOAD("overload");

        private final String passName;

        Kind(String passName) {
            this.passName = passName;
        }

        /** The pass's name, in results and suite files. */
        public String passName() {
            return passName;
        }
    }

    /**
     * @param warmup       load at the same rate before the measured run, not recorded
     * @param duration     length of the measured run
     * @param rates        offered rate per route name (requests per second) where given; other routes take
     *                     {@link #SHARE_OF_SLOWEST} of the slowest app, rounded down to a step of {@link #niceRate}
     * @param jitSettleMax how much longer the warm-up may grow while a JIT compiles ({@link WarmUp}; 0 = fixed)
     * @param kind         where the rate comes from and where the run is recorded
     * @param factor       the share or multiple of {@link Kind#FIXED_RATE} and {@link Kind#OVERLOAD} (unused by
     *                     {@link Kind#COST})
     * @param rounds       rounds of the pass, each a fresh start of every app and one run per route; 1 for
     *                     {@link Kind#OVERLOAD}, whose one run per route is the route's overload run
     */
    public record Settings(Duration warmup, Duration duration, Map<String, Double> rates, Duration jitSettleMax,
                           Kind kind, double factor, int rounds) {
        /** Settings of one round whose warm-up is never extended. */
        public Settings(Duration warmup, Duration duration, Map<String, Double> rates) {
            this(warmup, duration, rates, Duration.ZERO, 1);
        }

        /** The cost runs of {@code fairbench run}, in {@code rounds} rounds. */
        public Settings(Duration warmup, Duration duration, Map<String, Double> rates, Duration jitSettleMax,
                        int rounds) {
            this(warmup, duration, rates, jitSettleMax, Kind.COST, SHARE_OF_SLOWEST, rounds);
        }

        /** One round of a pass of {@code kind}. */
        public Settings(Duration warmup, Duration duration, Map<String, Double> rates, Duration jitSettleMax,
                        Kind kind, double factor) {
            this(warmup, duration, rates, jitSettleMax, kind, factor, 1);
        }

        public Settings {
            if (rounds < 1) throw new IllegalArgumentException("the cost runs need at least 1 round, got " + rounds);
            if (kind == Kind.OVERLOAD && rounds != 1) {
                throw new IllegalArgumentException("the overload step has one round, got " + rounds);
            }
            if (kind == Kind.FIXED_RATE && !(factor > 0 && factor <= 1)) {
                throw new IllegalArgumentException("the fixed-rate share must be in (0, 1], got " + factor);
            }
            if (kind == Kind.OVERLOAD && !(factor > 1)) {
                throw new IllegalArgumentException("the overload factor must be above 1, got " + factor);
            }
            new WarmUp(warmup, jitSettleMax); // validates
            rates = Map.copyOf(rates);
            for (var e : rates.entrySet()) {
                Route.byName(e.getKey());
                if (!(e.getValue() > 0)) throw new IllegalArgumentException("--cost-rate " + e.getKey() + " must be positive");
            }
            if (duration.isZero() || duration.isNegative()) throw new IllegalArgumentException("the cost run's duration must be positive");
        }
    }

    private final Settings settings;

    public CostRuns(Settings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return settings.kind().passName();
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
        m.put("duration_s", settings.duration().toMillis() / 1000.0);
        m.put("rate", switch (settings.kind()) {
            case COST -> "the same for every app: " + (int) (SHARE_OF_SLOWEST * 100)
                    + "% of the slowest app's median closed-loop req/s on the route rounded down to 1, 2 or 5 times a "
                    + "power of 10, unless given";
            case FIXED_RATE -> "the same for every app: " + settings.factor()
                    + " times the slowest app's capacity on the route, rounded down, unless given";
            case OVERLOAD -> "the same for every app: " + settings.factor()
                    + " times the fastest app's capacity on the route, rounded down, unless given; responses later than "
                    + OVERLOAD_TIMEOUT_SECONDS + " s are timeouts";
        });
        m.put("jit_settle_max_s", settings.jitSettleMax().toMillis() / 1000.0);
        m.put("rounds", settings.rounds());
        m.put("rates_given", settings.rates());
        return m;
    }

    @Override
    public boolean measuresRouteByRoute() {
        return true;
    }

    @Override
    public Duration plannedLoad(AppEntry app, TrialOptions options) {
        return settings.warmup().plus(settings.duration()).multipliedBy(options.routes().stream().filter(app::serves).count());
    }

    @Override
    public void run(RunningApp running, TrialContext ctx) throws IOException, InterruptedException, LoadException,
            TrialFailure {
        String name = running.name();
        AppProcess app = running.process();
        var o = ctx.options();
        GuardedRun guarded = new GuardedRun(ctx, RunMeasurement.Parties.of(app, ctx.session()));
        int round = running.round();
        String stem = settings.rounds() == 1 ? name() : name() + "-round-" + round;
        String ofRounds = settings.rounds() == 1 ? "" : " round " + round + "/" + settings.rounds();
        for (Route route : running.routes()) {
            String r = route.routeName();
            OptionalDouble rate = rate(ctx, r);
            if (rate.isEmpty()) {
                ctx.line("[" + name + "] cost " + r + ": no app was measured on this route, no rate to offer");
                continue;
            }
            ctx.session().redis().clearPageCache();
            LoadSpec spec = ctx.targets().spec(route, app.address(), app.port(), o.connections(), o.loadgenThreads(), settings.duration())
                    .withRate(rate.getAsDouble());
            if (settings.kind() == Kind.OVERLOAD) spec = spec.withTimeout(Duration.ofSeconds(OVERLOAD_TIMEOUT_SECONDS));
            String phase = String.format(Locale.ROOT, "%s at %.0f req/s%s", name(), rate.getAsDouble(), ofRounds);
            Duration warmed = TimedRuns.warmUp(new WarmUp(settings.warmup(), settings.jitSettleMax()), spec, app, ctx,
                    name, r, phase + " warm-up");
            ctx.activity(name + " " + r + " " + phase);
            // The phash report shows memory at the fixed rate and under overload; the blog's cost table does not.
            RunResult result = guarded.measure(round, name, r, spec, stem, settings.kind() != Kind.COST,
                    p -> ctx.status(name, r, phase, p, settings.duration()));
            if (!warmed.isZero()) result = result.withWarmupSeconds(warmed.toMillis() / 1000.0);
            if (settings.kind() == Kind.OVERLOAD) {
                ctx.recordOverload(name, r, result);
            } else {
                ctx.recordCost(name, r, result);
            }
            ctx.line(costLine(name() + ofRounds, name, r, result));
            if (!app.isAlive()) {
                throw new TrialFailure("exited with code " + app.exitCode() + " during the " + name() + " run of " + r
                        + "; last lines of its log:\n" + app.logTail());
            }
            if (!TimedRuns.answersWithin(app, running.entry().readiness(), TimedRuns.HANG_TIMEOUT)) {
                throw new TrialFailure("stopped answering GET " + running.entry().readiness() + " after the " + name() + " run of " + r);
            }
        }
    }

    /**
     * The rate given for the route, else the one of the pass's {@link Kind}: for the cost runs half of the slowest
     * median closed-loop rate of this trial on it, rounded down by {@link #niceRate}; for the others the share or
     * multiple of the slowest or fastest capacity, rounded down to a whole rate. Empty when nothing to derive it from
     * was measured.
     */
    OptionalDouble rate(TrialContext ctx, String route) {
        Double given = settings.rates().get(route);
        if (given != null) return OptionalDouble.of(given);
        java.util.List<AppResult> apps = ctx.results().apps();
        return switch (settings.kind()) {
            case COST -> slowest(apps, route).stream().map(v -> niceRate(v * SHARE_OF_SLOWEST)).findFirst();
            case FIXED_RATE -> capacities(apps, route).min().stream()
                    .map(v -> Math.max(1, Math.floor(v * settings.factor()))).findFirst();
            case OVERLOAD -> capacities(apps, route).max().stream()
                    .map(v -> Math.floor(v * settings.factor())).findFirst();
        };
    }

    /** Every app's capacity on {@code route} (its highest rate within the SLO), of those that have one. */
    static java.util.stream.DoubleStream capacities(java.util.List<AppResult> apps, String route) {
        return apps.stream().flatMap(a -> a.capacity().stream()).filter(c -> c.route().equals(route))
                .map(dev.fairbench.results.CapacityResult::maxUnderSlo).flatMap(java.util.Optional::stream)
                .mapToDouble(dev.fairbench.results.CapacityResult.Step::targetRatePerSecond);
    }

    /**
     * {@code rate} rounded down to the 1-2-5 series (…, 100, 200, 500, 1 000, 2 000, 5 000, …; below 1, 1): the
     * derived rate then stays the same between two runs whose slowest apps differ by a few per cent, so their cost
     * runs compare at one rate (the slowest medians 14 219 and 15 274 req/s of two runs give 5 000 both, instead of
     * 7 110 and 7 637). It lies between 40% and 100% of {@code rate}, so no app is pushed closer to saturation.
     */
    public static double niceRate(double rate) {
        if (!(rate >= 1)) return 1;
        double decade = Math.pow(10, Math.floor(Math.log10(rate) + 1e-9));
        double m = rate / decade;
        return decade * (m >= 5 ? 5 : m >= 2 ? 2 : 1);
    }

    /** The lowest median req/s of any app on {@code route}, empty when none has one. */
    static OptionalDouble slowest(java.util.List<AppResult> apps, String route) {
        return apps.stream().map(a -> a.route(route)).flatMap(java.util.Optional::stream).map(RouteResult::summary)
                .filter(s -> s != null && s.requestsPerSecond() > 0).mapToDouble(RouteSummary::requestsPerSecond).min();
    }

    static String costLine(String pass, String app, String route, RunResult r) {
        var res = r.resources();
        String cpu = res == null || res.appCpuSeconds() == null || r.requestsCompleted() == 0 ? "-"
                : String.format(Locale.ROOT, "%.1f", res.appCpuSeconds() * 1e6 / r.requestsCompleted());
        return String.format(Locale.ROOT, "[%s] %-13s %s at %.0f req/s: %,.0f req/s done, app CPU %s µs/req, "
                        + "p50 %.2f ms  p99 %.2f ms  p99.9 %.2f ms (corrected)  errors %d%s", app, route, pass,
                r.offeredRatePerSecond(), r.requestsPerSecond(), cpu, r.latency().p50Ms(), r.latency().p99Ms(),
                r.latency().p999Ms(), r.errors(), r.disturbed() ? "  DISTURBED" : "");
    }
}
