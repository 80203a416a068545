package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
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
import dev.fairbench.runner.proc.JstatGc;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The timed runs of {@code fairbench run}: per route the app serves, a warm-up and then {@code runs} measured runs
 * of the closed-loop load, each recorded at once with its interval log ({@code hlog/APP/ROUTE/run-N.hlog}) and
 * the costs of every party ({@link RunMeasurement}); the median counts. After each run the app must still be
 * alive, answer its readiness path within {@link #HANG_TIMEOUT}, and have answered at least one request. Starts
 * new results: a run is a new measurement of every app. Not thread-safe; one app at a time.
 */
public final class TimedRuns implements Pass {
    /** After a run, how long the app may take to answer its readiness path again before it counts as hung. */
    public static final Duration HANG_TIMEOUT = Duration.ofSeconds(15);

    /**
     * @param warmup   load before a route's runs, not recorded (0 = none)
     * @param duration length of one measured run
     * @param runs     measured runs per app and route; the median counts
     * @param quick    a smoke run ({@link #smoke()}); recorded in the results
     */
    public record Settings(Duration warmup, Duration duration, int runs, boolean quick) {
        public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(5);
        public static final Duration DEFAULT_DURATION = Duration.ofSeconds(20);
        public static final int DEFAULT_RUNS = 3;
        /** {@code --quick}: detail routes over the first 100 posts. */
        public static final int QUICK_DETAIL_SLUGS = 100;

        public Settings {
            if (duration.isZero() || duration.isNegative()) throw new IllegalArgumentException("--duration must be positive");
            if (warmup.isNegative()) throw new IllegalArgumentException("--warmup must not be negative");
            if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1");
        }

        /** The round-2 rules: 5 s warm-up, then 3 runs of 20 s. */
        public static Settings defaults() {
            return new Settings(DEFAULT_WARMUP, DEFAULT_DURATION, DEFAULT_RUNS, false);
        }

        /** A smoke run that still measures everything: 1 s warm-up, one run of 3 s. */
        public static Settings smoke() {
            return new Settings(Duration.ofSeconds(1), Duration.ofSeconds(3), 1, true);
        }

        /** Load time of one route: its warm-up and its runs. */
        public Duration loadPerRoute() {
            return warmup.plus(duration.multipliedBy(runs));
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
    public Timing timing() {
        return new Timing(settings.warmup(), settings.duration(), settings.runs());
    }

    @Override
    public Map<String, Object> rules() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("warmup_s", settings.warmup().toMillis() / 1000.0);
        m.put("duration_s", settings.duration().toMillis() / 1000.0);
        m.put("runs", settings.runs());
        m.put("quick", settings.quick());
        return m;
    }

    @Override
    public boolean startsNewResults() {
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
        var services = ctx.session().services();
        RunMeasurement.Parties parties = new RunMeasurement.Parties(app.pid(), services.postgresPid(),
                services.redisPid(), JstatGc.jstatFor(app.pid()));
        for (Route route : o.routes()) {
            if (!running.entry().serves(route)) continue;
            ctx.session().redis().clearPageCache();
            LoadSpec spec = ctx.targets().spec(route, app.port(), o.connections(), o.loadgenThreads(), settings.duration());
            String r = route.routeName();
            if (!settings.warmup().isZero()) {
                ctx.activity(name + " " + r + " warm-up");
                LoadGenerator.run(spec.withDuration(settings.warmup()),
                        p -> ctx.status(name, r, "warm-up", p, settings.warmup()));
                ctx.loadDone(settings.warmup());
            }
            for (int run = 1; run <= settings.runs(); run++) {
                String of = run + "/" + settings.runs();
                ctx.activity(name + " " + r + " run " + of);
                String hlog = "hlog/" + name + "/" + r + "/run-" + run + ".hlog";
                Files.createDirectories(o.outputDir().resolve(hlog).getParent());
                RunResult result = RunMeasurement.measure(run, spec.withHlog(o.outputDir().resolve(hlog)), parties,
                        run == 1, hlog, p -> ctx.status(name, r, "run " + of, p, settings.duration()));
                ctx.loadDone(settings.duration());
                ctx.recordRun(name, r, result);
                ctx.line(runLine(name, r, result));
                if (!app.isAlive()) {
                    throw new TrialFailure("exited with code " + app.exitCode() + " during " + r + " run " + run
                            + "; last lines of its log:\n" + app.logTail());
                }
                if (!answersWithin(app, running.entry().readiness(), HANG_TIMEOUT)) {
                    throw new TrialFailure("stopped answering GET " + running.entry().readiness() + " (for "
                            + HANG_TIMEOUT.toSeconds() + " s) after " + r + " run " + run + " (it hangs: "
                            + result.requestsCompleted() + " responses in the run)");
                }
                if (result.requestsCompleted() == 0) {
                    throw new TrialFailure("no response during " + r + " run " + run + " (errors: " + result.errors() + ")");
                }
            }
        }
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
                ctx.line(String.format(Locale.ROOT, "  %-12s %-13s %,10.0f req/s ±%.1f%%  p99 %.2f ms  errors %d  non-2xx %d",
                        a.name(), route.route(), s.requestsPerSecond(), s.spread() * 100, s.latency().p99Ms(), s.errors(),
                        s.non2xx()));
            }
        }
    }

    /** Polls the readiness path: a loaded app may still be draining the requests of the last run. */
    private static boolean answersWithin(AppProcess app, String path, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (app.isAlive()) {
            if (app.answers(path, 5_000)) return true;
            if (System.nanoTime() - deadline > 0) return false;
            Thread.sleep(500);
        }
        return false;
    }

    static String runLine(String app, String route, RunResult r) {
        return String.format(Locale.ROOT, "[%s] %-13s run %d: %,10.0f req/s  p50 %.2f ms  p99 %.2f ms  errors %d  non-2xx %d",
                app, route, r.run(), r.requestsPerSecond(), r.latency().p50Ms(), r.latency().p99Ms(), r.errors(), r.non2xx());
    }
}
