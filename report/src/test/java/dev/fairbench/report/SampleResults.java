package dev.fairbench.report;

import dev.fairbench.results.Summaries;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Bound;
import dev.fairbench.results.Canary;
import dev.fairbench.results.CpuUse;
import dev.fairbench.results.Interference;
import dev.fairbench.results.CapacityResult;
import dev.fairbench.results.Conformance;
import dev.fairbench.results.Host;
import dev.fairbench.results.Latency;
import dev.fairbench.results.LoadHostRun;
import dev.fairbench.results.KnownFailure;
import dev.fairbench.results.NotEqualized;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.PlacedRole;
import dev.fairbench.results.Profile;
import dev.fairbench.results.ProfileRoute;
import dev.fairbench.results.Resources;
import dev.fairbench.results.Results;
import dev.fairbench.results.RobustnessCase;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Setup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A realistic session built in code: three measured apps (two JVM, one Go; one with errors in a run), one app
 * that failed the conformance gate with a diff, one skipped app, profiles and capacity searches. The checked-in
 * fixture {@code sample-results/results.json} is exactly {@code ResultsStore.toJson(SampleResults.build())}.
 */
final class SampleResults {
    static final List<String> ROUTES =
            List.of("index", "detail", "tag", "index-cached", "detail-cached", "compute", "hello", "phash");
    static final Instant START = Instant.parse("2026-11-30T10:00:00Z");

    private static final NotEqualized POOL_SLICES = new NotEqualized("One pool slice per event loop",
            "The driver's connections are bound to the event loop that opened them.");

    private SampleResults() {
    }

    static Results build() {
        Setup setup = new Setup("5cc9ed0f3a9d2e4b7c1a0f6e8d2b4c6a8e0f1a2b", false,
                new Host("AMD EPYC 9454P 48-Core Processor", 2, 25_769_803_776L, "Debian GNU/Linux 13 (trixie)",
                        "6.12.48+deb13-amd64"),
                new Pinning(true, "0", "1", "1", "1"), 1, 16, 4, 50, 1, 5, 20, 3, ROUTES,
                Map.of("java", "Temurin 21.0.9+10", "postgresql", "17.5", "redis", "7.4.2", "loadgen",
                        "fairbench-loadgen 0.1.0-SNAPSHOT"),
                Map.of("cpu_governor", "performance", "virtualization", "kvm", "jit_settle_max_s", "30.0"));
        List<AppResult> apps = new ArrayList<>();
        apps.add(measured("vertx", "Vert.x + pg-client", "java", 1.0, true, 0,
                Map.of("vertx", "5.0.4", "vertx-pg-client", "5.0.4", "jte", "3.2.5"),
                List.of("-Xms128m", "-Xmx256m", "-XX:+UseParallelGC"), List.of(POOL_SLICES))
                .withProfile(profile(1.0, true)).withCapacity(List.of(capacity(1.0))).withRobustness(robustness(true)));
        apps.add(measured("spring", "Spring Boot MVC + JDBC", "java", 0.62, true, 0,
                Map.of("spring-boot", "3.5.7", "hikaricp", "7.1.0", "pgjdbc", "42.7.14"),
                List.of("-Xms128m", "-Xmx256m", "-XX:+UseParallelGC"),
                List.of(new NotEqualized("Tomcat thread pool of 64 threads instead of WORKERS",
                        "Blocking JDBC needs a thread per in-flight request."))));
        apps.add(measured("go-nethttp", "Go net/http + pgx", "go", 0.85, false, 2,
                Map.of("go", "1.25.4", "pgx", "5.7.6", "go-redis", "9.16.0"), List.of("GOMAXPROCS=1"),
                List.of(POOL_SLICES))
                .withProfile(profile(0.85, false)).withCapacity(List.of(capacity(0.85))).withRobustness(robustness(false))
                .withKnownFailures(List.of(new KnownFailure("Content-Length 10^12 on /phash",
                        "The server awaits the first body bytes before any handler runs, with no bound.",
                        "example/server#42"))));
        apps.add(new AppResult("helidon", "Helidon SE 4", "java", AppStatus.FAILED,
                "conformance gate failed: 1 of 64 cases differ", Map.of("helidon", "4.3.1"),
                List.of("-Xms128m", "-Xmx256m"),
                new Conformance(64, List.of(new Conformance.Mismatch("GET /post/page-pipeline-page-97", "body differs",
                        "--- expected\n+++ actual\n@@ -9,3 +9,3 @@\n <h1>Page &amp; pipeline</h1>\n"
                                + "-<p class=\"meta\">by Олена on 2026-03-01, tags:</p>\n"
                                + "+<p class=\"meta\">by Олена on 2026-03-01, tags: </p>\n"
                                + " <div class=\"body\">Line one</div>\n"))),
                List.of(), List.of(), null, List.of(), "logs/helidon.log"));
        apps.add(new AppResult("axum", "axum + sqlx", "rust", AppStatus.SKIPPED, "cargo not found on PATH",
                Map.of(), List.of(), null, List.of(), List.of(), null, List.of()));
        return new Results(Results.SCHEMA_VERSION, "0.1.0-SNAPSHOT", 1, START, START.plusSeconds(2400), setup, apps)
                .withHostSpeed();
    }

    /**
     * A session across the network namespaces of {@code examples/hosts-netns.toml}: {@link #build()}'s setup with a
     * placement (app, services and two load hosts on 10.213.7.0/24) and its first app only, every run of which split
     * its load between the two load hosts ({@link #splitAmongLoadHosts}: fb-load2 the busier, saturated on
     * {@code hello}). The checked-in fixture {@code placed-results/results.json} is exactly
     * {@code ResultsStore.toJson(SampleResults.buildPlaced())}.
     */
    static Results buildPlaced() {
        Results all = build();
        String cpu = all.setup().host().cpuModel();
        List<PlacedRole> placement = List.of(
                new PlacedRole("app", "fb-app", "10.213.7.11", "0", "/tmp/fairbench-hosts/app", cpu, 2, 0.012, 0.183),
                new PlacedRole("services", "fb-svc", "10.213.7.12", "1", "/tmp/fairbench-hosts/services", cpu, 2,
                        -0.008, 0.171),
                new PlacedRole("load", "fb-load1", "10.213.7.13", "1", "/tmp/fairbench-hosts/load1", cpu, 2, 0.004,
                        0.166),
                new PlacedRole("load", "fb-load2", "10.213.7.14", "1", "/tmp/fairbench-hosts/load2", cpu, 2, -0.021,
                        0.204));
        AppResult app = all.apps().getFirst();
        for (RouteResult r : app.routes()) {
            // each route is replaced and moved to the end, so after all of them the order is the setup's again
            app = app.withRoute(new RouteResult(r.route(), r.runs().stream().map(SampleResults::splitAmongLoadHosts)
                    .toList(), r.summary(), r.discarded().stream().map(SampleResults::splitAmongLoadHosts).toList(),
                    r.costRuns().stream().map(SampleResults::splitAmongLoadHosts).toList(), r.overload()));
        }
        return new Results(all.schemaVersion(), all.fairbenchVersion(), all.contractVersion(), all.startedAt(),
                all.finishedAt(), all.setup().withPlacement(placement), List.of(app)).withHostSpeed();
    }

    /**
     * {@code run} as if its load had been split between fb-load1 and fb-load2: each host's CPUs busier the more
     * req/s the run made, fb-load2 more so (saturated from about 106 000 req/s: the hello route), and serving a
     * little less of the responses the busier it was; the errors split between them. The run's
     * {@code loadgen_cpus_busy} is the busier host's share, as the runner records it.
     */
    private static RunResult splitAmongLoadHosts(RunResult run) {
        double scale = run.requestsPerSecond() / 100_000;
        double busy1 = round3(Math.min(0.99, 0.20 + 0.45 * scale + 0.01 * (run.run() - 1)));
        double busy2 = round3(Math.min(0.99, 0.35 + 0.52 * scale + 0.01 * (run.run() - 1)));
        long requests2 = Math.round(run.requestsCompleted() * (0.5 - 0.04 * busy2));
        long requests1 = run.requestsCompleted() - requests2;
        long errors2 = run.errors() / 2;
        List<LoadHostRun> hosts = List.of(
                new LoadHostRun("fb-load1", requests1, round3(requests1 / run.durationSeconds()),
                        run.errors() - errors2, busy1),
                new LoadHostRun("fb-load2", requests2, round3(requests2 / run.durationSeconds()), errors2, busy2));
        CpuUse u = run.cpuUse();
        return new RunResult(run.run(), run.startedAt(), run.durationSeconds(), run.requestsCompleted(),
                run.requestsPerSecond(), run.status2xx(), run.status3xx(), run.status4xx(), run.status5xx(),
                run.connectErrors(), run.readErrors(), run.writeErrors(), run.timeouts(), run.latency(), run.hlog(),
                run.resources(), run.offeredRatePerSecond(),
                new CpuUse(u.appCpusBusy(), u.servicesCpusBusy(), busy2, u.loadgenCpuSeconds(), u.bound()),
                run.interference(), run.warmupSeconds(), run.canary(), hosts);
    }

    /** Base throughput per route for the fastest app, req/s. */
    private static double baseRps(String route) {
        return switch (route) {
            case "index" -> 9_412.7;
            case "detail" -> 17_230.4;
            case "tag" -> 5_120.9;
            case "index-cached" -> 61_845.2;
            case "detail-cached" -> 70_311.6;
            case "compute" -> 4_980.3;
            case "hello" -> 118_402.5;
            default -> 702.8;
        };
    }

    private static AppResult measured(String name, String label, String language, double speed, boolean jvm,
                                      long errorsInOneRun, Map<String, String> versions, List<String> flags,
                                      List<NotEqualized> notEqualized) {
        List<RouteResult> routes = new ArrayList<>();
        int routeNo = 0;
        for (String route : ROUTES) {
            routeNo++;
            List<RunResult> runs = new ArrayList<>();
            double[] factors = {0.991, 1.0, 1.013};
            for (int i = 0; i < 3; i++) {
                double rps = Math.round(baseRps(route) * speed * factors[(i + routeNo) % 3] * 10) / 10.0;
                long requests = Math.round(rps * 20);
                double p50 = Math.round(50_000.0 / rps * 0.9 * 1000) / 1000.0;
                Latency latency = new Latency(p50, round3(p50 * 1.6), round3(p50 * (jvm ? 2.2 : 2.9)),
                        round3(p50 * (jvm ? 3.1 : 4.4)),
                        round3(p50 * (jvm ? 7.9 : 6.2)), round3(p50 * 15.5));
                boolean db = route.equals("index") || route.equals("detail") || route.equals("tag");
                boolean cache = route.endsWith("-cached");
                double appCpuUs = (db ? 95 : cache ? 16 : route.equals("hello") ? 7 : route.equals("phash") ? 1350 : 190)
                        / speed * (1 + 0.004 * (i - 1));
                Resources resources = new Resources(round3(appCpuUs * requests / 1e6),
                        db ? round3(120.0 * requests / 1e6) : 0.0, cache ? round3(4.2 * requests / 1e6) : 0.0,
                        (jvm ? 190_000_000L : 21_500_000L) + routeNo * 1_048_576L + i * 65_536L,
                        Math.round(requests * (jvm ? 1.4 : 2.1)),
                        jvm ? (long) (requests / (db ? 900 : 4000)) : null,
                        jvm ? round3(requests / (db ? 900.0 : 4000.0) * 0.0021) : null,
                        jvm ? round3(appCpuUs * requests / 1e6 * (i == 0 ? 0.012 : 0.003)) : null);
                boolean broken = errorsInOneRun > 0 && route.equals("detail") && i == 1;
                CpuUse use = db ? new CpuUse(round3(0.62 * speed), 0.97, 0.97, 8.1, Bound.SERVICES_BOUND)
                        : new CpuUse(0.98, 0.55, 0.55, 6.2, Bound.APP_BOUND);
                Interference quiet = new Interference(20.0, 0.12, 0.3, 0.05, round3(0.02 * (routeNo + i) + 0.04 * (i == 2 ? routeNo : 0)), 0.05,
                        false, List.of()).judgeSteal(0.05);
                runs.add(new RunResult(i + 1, START.plusSeconds(60L * routeNo + 25L * i), 20.0, requests, rps,
                        requests - (broken ? 2 : 0), 0, 0, broken ? 2 : 0, 0, broken ? errorsInOneRun : 0, 0, 0,
                        latency, "hlog/" + name + "/" + route + "/round-" + (i + 1) + ".hlog", resources, null, use,
                        quiet, jvm && routeNo == 1 ? 5.0 + 7 - 2 * i : jvm && i == 0 ? 7.0 : 5.0)
                        .withCanary(canary(routeNo, i, 0)));
            }
            RouteResult result = new RouteResult(route, runs, Summaries.summarize(runs));
            if (route.equals("hello") && !jvm) {
                RunResult first = runs.getFirst();
                result = result.withDiscarded(new RunResult(1, first.startedAt().minusSeconds(25), 20.0,
                        first.requestsCompleted() / 2, first.requestsPerSecond() / 2, first.requestsCompleted() / 2,
                        0, 0, 0, 0, 0, 0, 0, first.latency(), "hlog/" + name + "/hello/round-1.hlog", first.resources(),
                        null, first.cpuUse(), new Interference(20.0, 9.6, 0.4, 0.1, 0.0, 0.05, true, List.of(
                        new Interference.ForeignProcess(4242, "cc1plus -O2 big.cpp", 9.1),
                        new Interference.ForeignProcess(4240, "make -j2", 0.5)))));
            }
            if (route.equals("phash") && jvm) {
                // one window in which the hypervisor stole 0.24 cores: discarded for it, and measured again
                RunResult first = runs.getFirst();
                result = result.withDiscarded(new RunResult(1, first.startedAt().minusSeconds(25), 20.0,
                        first.requestsCompleted(), first.requestsPerSecond(), first.requestsCompleted(), 0, 0, 0, 0, 0,
                        0, 0, first.latency(), "hlog/" + name + "/phash/round-1.hlog", first.resources(), null,
                        first.cpuUse(), new Interference(20.0, 0.1, 0.3, 0.05, 4.8, 0.05, false, List.of())
                        .judgeSteal(0.05)));
            }
            if (route.equals("compute") && speed == 1.0) {
                // one window the host slowed: discarded for it, and measured again
                RunResult first = runs.getFirst();
                result = result.withDiscarded(first.withCanary(canary(routeNo, 0, 0.183)));
            }
            if (route.equals("index")) {
                // three rounds of cost runs, the second the dearest and the third the cheapest: the first is the median
                RunResult first = runs.getFirst();
                long costRequests = Math.round(baseRps(route) * 0.6 / 2 * 20);
                double[] cpuFactor = {1.0, 1.04, 0.97};
                for (int round = 1; round <= cpuFactor.length; round++) {
                    result = result.withCost(new RunResult(round, START.plusSeconds(3_000 + 500L * (round - 1)), 20.0,
                            costRequests, costRequests / 20.0, costRequests, 0, 0, 0, 0, 0, 0, 0,
                            new Latency(1.2, 1.9, 3.4, 6.0, 11.0), "hlog/" + name + "/index/cost-round-" + round + ".hlog",
                            new Resources(round3(90 / speed * cpuFactor[round - 1] * costRequests / 1e6),
                                    round3(118.0 * costRequests / 1e6), 0.0, null, costRequests, null, null),
                            round3(baseRps(route) * 0.6 / 2), new CpuUse(0.4, 0.5, 0.5, 3.0, Bound.LATENCY_BOUND),
                            first.interference()));
                }
            }
            routes.add(result);
        }
        return new AppResult(name, label, language, AppStatus.MEASURED, null, versions, flags,
                new Conformance(64, List.of()), notEqualized, routes, null, List.of());
    }

    /**
     * The canary around one window: times near a baseline of 55 ms (CPU) and 75 ms (memory) that vary a little
     * with the route and round, the memory part after the window {@code slowdown} slower than the baseline.
     */
    private static Canary canary(int routeNo, int round, double slowdown) {
        Canary.Times baseline = new Canary.Times(55.0, 75.0);
        double jitter = ((routeNo * 3 + round * 5) % 7 - 3) / 100.0;
        Canary.Times before = new Canary.Times(round3(55.0 * (1 + jitter)), round3(75.0 * (1 - jitter / 2)));
        Canary.Times after = new Canary.Times(round3(55.0 * (1 + jitter / 2)),
                round3(75.0 * (1 + Math.max(slowdown, -jitter))));
        return Canary.judge(before, after, baseline, 0.10);
    }

    /**
     * A few cases of the hostile suite; unless {@code allPass}, the stalled head is held open past its bound, and so
     * is the 10^12-byte body (which that app declares a known failure).
     */
    private static List<RobustnessCase> robustness(boolean allPass) {
        return List.of(
                allPass ? new RobustnessCase("stalled request head", true, 2_012, null)
                        : new RobustnessCase("stalled request head", false, 3_001,
                        "no answer and no close within 3000 ms"),
                allPass ? new RobustnessCase("Content-Length 10^12 on /phash", true, 4, null)
                        : new RobustnessCase("Content-Length 10^12 on /phash", false, 1_004,
                        "no answer and no close within 1000 ms"),
                new RobustnessCase("64 KiB header", true, allPass ? 3 : 1, null),
                new RobustnessCase("HEAD /post/{slug}", true, allPass ? 12 : 9, null));
    }

    private static Profile profile(double speed, boolean jvm) {
        long requests = 25 * 9_000;
        List<ProfileRoute> routes = List.of(
                new ProfileRoute("index", requests, round3(9_100 * speed), 3.0, 3.0, jvm ? 2.0 : 3.0, null, null,
                        new ProfileRoute.CpuSplit(round3(71 / speed), round3(24 / speed), 118.4, null),
                        jvm ? 6.2 : 9.8, jvm ? 1.3 : 2.2, jvm ? 9.8 : 31.0, jvm ? 0.021 : 0.064,
                        jvm ? "profiles/vertx/index.html" : null,
                        jvm ? List.of() : List.of("syscalls counted with strace, which slows the app down")),
                new ProfileRoute("detail", requests, round3(16_800 * speed), 3.0, 3.0, jvm ? 1.0 : 3.0, null, null,
                        new ProfileRoute.CpuSplit(round3(48 / speed), round3(19 / speed), 88.1, null),
                        jvm ? 5.1 : 9.2, jvm ? 1.1 : 2.0, jvm ? 6.5 : 22.0, jvm ? 0.012 : 0.05, null, List.of()),
                new ProfileRoute("index-cached", requests, round3(60_500 * speed), 0.0, 0.0, 0.0, 1.0,
                        jvm ? 0.125 : 1.0, new ProfileRoute.CpuSplit(round3(9.5 / speed), round3(6.4 / speed), null, 4.1),
                        jvm ? 3.2 : 6.6, jvm ? 0.4 : 1.6, jvm ? 15.0 : 240.0, jvm ? 0.009 : 0.081, null, List.of()));
        return new Profile(25, List.of("async-profiler 4.1", "PostgreSQL wire capture", "/proc accounting"), routes);
    }

    private static CapacityResult capacity(double speed) {
        List<CapacityResult.Step> steps = new ArrayList<>();
        // doubling from 2 000, then bisecting between the last good and the first bad rate
        double[] rates = speed == 1.0 ? new double[] {2_000, 4_000, 8_000, 16_000, 12_000, 10_000, 9_000}
                : new double[] {2_000, 4_000, 8_000, 6_000, 7_000};
        for (double rate : rates) {
            double limit = 9_000 * speed;
            boolean ok = rate <= limit * 0.9;
            double achieved = ok ? round3(rate * 0.9995) : round3(limit);
            double p99 = ok ? round3(1.2 + rate / limit * 4) : round3(480 + rate / 100);
            long requests = Math.round(achieved * 20);
            steps.add(new CapacityResult.Step(rate, requests, achieved,
                    new Latency(round3(p99 / 4), round3(p99 / 2), p99, round3(p99 * 1.8), round3(p99 * 3)), 0, 0,
                    round3(requests * 95e-6 / speed), 180_000_000L + (long) rate * 1000, ok));
        }
        return new CapacityResult("index", 15, 20, steps);
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /**
     * Writes the hlogs of the index route of the measured apps into a results directory (the other routes have
     * none, as when logs went missing): ten one-second intervals per round, deterministic, with a stall in the
     * fourth second of Spring's rounds and a longer tail for Go.
     */
    static void writeHlogs(java.nio.file.Path dir) throws java.io.IOException {
        Results results = build();
        for (AppResult app : results.apps()) {
            if (app.status() != AppStatus.MEASURED) continue;
            RouteResult route = app.route("index").orElseThrow();
            for (RunResult run : route.runs()) {
                java.nio.file.Path file = dir.resolve(run.hlog());
                java.nio.file.Files.createDirectories(file.getParent());
                java.util.Random random = new java.util.Random(app.name().hashCode() * 31L + run.run());
                org.HdrHistogram.HistogramLogWriter writer = new org.HdrHistogram.HistogramLogWriter(file.toFile());
                writer.outputLogFormatVersion();
                writer.outputStartTime(0);
                writer.outputLegend();
                double p50us = run.latency().p50Ms() * 1000;
                double tail = app.name().equals("go-nethttp") ? 0.9 : 0.6;
                for (int second = 0; second < 10; second++) {
                    org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(1, 3_600_000_000L, 3);
                    h.setStartTimeStamp(second * 1000L);
                    h.setEndTimeStamp(second * 1000L + 1000);
                    boolean stall = app.name().equals("spring") && second == 3;
                    long count = Math.round(run.requestsPerSecond() * (stall ? 0.4 : 1 + 0.02 * (second % 3)));
                    for (long i = 0; i < count; i++) {
                        // log-normal around the median, with a heavier tail for some apps
                        double v = p50us * Math.exp(tail * random.nextGaussian());
                        h.recordValue(Math.max(1, Math.round(v)));
                    }
                    writer.outputIntervalHistogram(h);
                }
                writer.close();
            }
        }
    }
}
