package dev.fairbench.runner;

import dev.fairbench.report.Steadiness;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Bound;
import dev.fairbench.results.Interference;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.proc.BusyNeighbour;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.timed.CostRuns;
import dev.fairbench.runner.timed.TimedRuns;
import dev.fairbench.services.RunningServices;
import dev.fairbench.services.Services;
import dev.fairbench.workload.Route;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The trial loop's guard and classification end to end with the small {@code TestApp} and real services: a busy
 * neighbour in the middle of a run gets the run discarded, measured again and the neighbour named; a load
 * generator that cannot saturate the app gets the run classified as not app-bound; rounds rotate the apps; the
 * cost run offers every app the same rate.
 */
@Timeout(300)
class GuardAndBoundTest {
    static RunningServices services;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServices() {
        services = Services.ensureRunning(TestServices.options());
    }

    @AfterAll
    static void stopServices() throws Exception {
        if (services != null) services.close();
        TestServices.deleteCluster();
    }

    private TrialOptions.Builder options(Path registry, int connections) {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        return TrialOptions.builder().routes(List.of(Route.COMPUTE)).connections(connections).detailSlugs(10)
                .outputDir(dir.resolve("results")).placement(CpuPlacement.defaults(2)).cores(2).loadgenThreads(1)
                .languages(List.of("en")).registryFile(registry).repoRoot(repo).services(TestServices.options())
                .commandLine("fairbench run (test)");
    }

    /**
     * The guard's default rules with {@code maxForeignCores} and {@code retries}, and no late retry: a test of
     * something else must not get an extra start when the host slows one of its windows.
     */
    static TrialOptions.Guard withoutLateRetry(double maxForeignCores, int retries) {
        TrialOptions.Guard d = TrialOptions.Guard.defaults();
        return new TrialOptions.Guard(maxForeignCores, retries, d.maxHostSlowdown(), d.maxHostWait(), d.maxStealCores(),
                false);
    }

    /** Timed runs and cost runs of 1 s each, without warm-up, in {@code rounds} and {@code costRounds} rounds. */
    private static List<Pass> timedAndCostRuns(int rounds, int costRounds) {
        return List.of(new TimedRuns(new TimedRuns.Settings(Duration.ZERO, Duration.ofSeconds(1), rounds, true)),
                new CostRuns(new CostRuns.Settings(Duration.ZERO, Duration.ofSeconds(1), Map.of(), Duration.ZERO, costRounds)));
    }

    private static Results run(TrialOptions o, List<Pass> passes, ByteArrayOutputStream out) throws Exception {
        try {
            return new TrialLoop(o, passes, new PrintStream(out, true, StandardCharsets.UTF_8), false).run();
        } finally {
            System.out.print(out.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * Starts a busy process on the app's CPUs 0.5 s after app ok's compute round 1 began (its interval log appeared)
     * and ends it 2.5 s later, inside a 4 s window; its pid goes to {@code pid}.
     */
    private Thread busyNeighbourInRound1(TrialOptions o, AtomicLong pid) {
        Path hlog = dir.resolve("results/hlog/ok/compute/round-1.hlog");
        return Thread.ofVirtual().start(() -> {
            try {
                while (!Files.exists(hlog)) Thread.sleep(20);
                Thread.sleep(500);
                try (BusyNeighbour n = BusyNeighbour.start(o.placement().appCpus())) {
                    pid.set(n.pid());
                    Thread.sleep(2_500);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void aNeighbourInTheMiddleOfARunIsNamedAndTheRunMeasuredAgain() throws Exception {
        TestRegistry reg = new TestRegistry().app("ok", "ok", "");
        TrialOptions o = options(reg.write(dir), 8).apps(List.of("ok")).guard(withoutLateRetry(0.05, 2)).build();
        AtomicLong neighbourPid = new AtomicLong();
        Thread disturber = busyNeighbourInRound1(o, neighbourPid);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Results results = run(o, List.of(new TimedRuns(new TimedRuns.Settings(Duration.ofSeconds(1),
                Duration.ofSeconds(4), 1, true))), out);
        disturber.join();

        RouteResult compute = results.app("ok").orElseThrow().route("compute").orElseThrow();
        assertThat(compute.discarded()).as(out.toString()).isNotEmpty();
        Interference first = compute.discarded().getFirst().interference();
        assertThat(first.disturbed()).isTrue();
        assertThat(first.foreignCores()).isGreaterThan(0.05);
        assertThat(first.top()).extracting(Interference.ForeignProcess::pid).contains(neighbourPid.get());
        assertThat(compute.discarded().getFirst().hlog()).isEqualTo("hlog/ok/compute/round-1.hlog");
        assertThat(compute.runs()).hasSize(1);
        assertThat(compute.runs().getFirst().hlog()).startsWith("hlog/ok/compute/round-1.retry-");
        assertThat(out.toString()).contains("compute round-1 disturbed, measuring again: foreign CPU")
                .contains("pid " + neighbourPid.get());
        // After the round, the steadiness of its kept app-bound windows (the retry, not the disturbed window)
        Optional<Steadiness> steadiness = Steadiness.of(results, dir.resolve("results"));
        Optional<String> line = new SteadinessSoFar(Optional.empty()).afterRound(steadiness, "run", 1, 1);
        if (line.isPresent()) assertThat(out.toString()).contains(line.get());
        else assertThat(out.toString()).doesNotContain("host steadiness");
    }

    @Test
    void aWindowThatStaysDisturbedIsMeasuredOnceMoreInAFreshStartAfterTheLastRound() throws Exception {
        TestRegistry reg = new TestRegistry().app("ok", "ok", "");
        // No retry at once: the window the neighbour disturbs stays disturbed until the late retry. Only foreign CPU
        // is judged (a slowed canary or the hypervisor's steal could disturb the late retry too on a noisy host).
        TrialOptions o = options(reg.write(dir), 8).apps(List.of("ok")).guard(new TrialOptions.Guard(0.05, 0, 100,
                Duration.ZERO, 100, true)).build();
        AtomicLong neighbourPid = new AtomicLong();
        Thread disturber = busyNeighbourInRound1(o, neighbourPid);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Results results = run(o, List.of(new TimedRuns(new TimedRuns.Settings(Duration.ofSeconds(1),
                Duration.ofSeconds(4), 2, true))), out);
        disturber.join();

        String log = out.toString(StandardCharsets.UTF_8);
        RouteResult compute = results.app("ok").orElseThrow().route("compute").orElseThrow();
        assertThat(compute.discarded()).as(log).extracting(RunResult::hlog).contains("hlog/ok/compute/round-1.hlog");
        assertThat(compute.discarded().getFirst().interference().top()).extracting(Interference.ForeignProcess::pid)
                .contains(neighbourPid.get());
        assertThat(compute.runs()).extracting(RunResult::run).containsExactly(1, 2);
        assertThat(compute.runs().getFirst().hlog()).isEqualTo("hlog/ok/compute/round-1.late.hlog");
        assertThat(compute.runs().getFirst().disturbed()).isFalse();
        assertThat(compute.summary().disturbedRuns()).isZero();
        assertThat(compute.summary().runs()).isEqualTo(2);
        assertThat(dir.resolve("results/hlog/ok/compute/round-1.late.hlog")).exists();
        assertThat(log).containsSubsequence("[ok] started for run round 2/2",
                "[ok] run round 1: compute stayed disturbed; measuring once more in a fresh start (late retry)",
                "[ok] started for run round 1/2 (late retry of compute)");
        // The late retry's gate re-checks the cases the round counted: the record counts them once.
        Matcher gated = Pattern.compile("\\[ok] conformance: (\\d+) cases passed").matcher(log);
        assertThat(gated.find()).as(log).isTrue();
        assertThat(results.app("ok").orElseThrow().conformance().casesChecked())
                .isEqualTo(Integer.parseInt(gated.group(1)));
        // The late retry replaced a window: the last steadiness line said is the report's figure, read after it
        Optional<Steadiness> reported = Steadiness.of(results, dir.resolve("results"));
        List<String> said = log.lines().filter(l -> l.contains("host steadiness after")).toList();
        if (reported.isPresent()) {
            assertThat(said).as(log).isNotEmpty();
            assertThat(said.getLast()).contains(String.format(Locale.ROOT, ": %.1f%% (median per-second CV of %d ",
                    100 * reported.get().medianCv(), reported.get().windows()));
        } else {
            assertThat(said).as(log).isEmpty();
        }
    }

    @Test
    void aNeighbourOnTheAppsCpuAroundTheEndOfAWindowGetsItMarkedSlowedByTheCanary() throws Exception {
        TestRegistry reg = new TestRegistry().app("ok", "ok", "");
        // The foreign-CPU and steal judgements are off and nothing is retried, not even late: the canary alone must
        // find the window slowed (with steal judged, a host that steals 0.26 cores in that window, as a clean
        // clone's CI saw, names the steal first and the canary after it).
        TrialOptions o = options(reg.write(dir), 8).apps(List.of("ok")).guard(new TrialOptions.Guard(100, 0, 0.10,
                TrialOptions.Guard.DEFAULT_MAX_HOST_WAIT, 100, false)).build();
        Path hlog = dir.resolve("results/hlog/ok/compute/round-1.hlog");
        Thread disturber = Thread.ofVirtual().start(() -> {
            try {
                while (!Files.exists(hlog)) Thread.sleep(20);
                Thread.sleep(2_000);
                // from the middle of the 4 s window until well after the canary timed after it
                try (BusyNeighbour n = BusyNeighbour.start(o.placement().appCpus())) {
                    Thread.sleep(5_000);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Results results = run(o, List.of(new TimedRuns(new TimedRuns.Settings(Duration.ofSeconds(1),
                Duration.ofSeconds(4), 1, true))), out);
        disturber.join();

        RouteResult compute = results.app("ok").orElseThrow().route("compute").orElseThrow();
        RunResult run = compute.runs().getFirst();
        assertThat(run.canary()).as(out.toString()).isNotNull();
        assertThat(run.slowed()).as("%s", run.canary()).isTrue();
        assertThat(run.disturbed()).isTrue();
        assertThat(run.interference().disturbed()).as("the guard was off").isFalse();
        assertThat(compute.summary().disturbedRuns()).isEqualTo(1);
        assertThat(results.hostSpeed().windowsKeptSlowed()).isEqualTo(1);
        assertThat(results.hostSpeed().windows()).isEqualTo(1);
        assertThat(out.toString()).contains("host-speed canary on CPUs 0")
                .contains("compute round-1 stays disturbed after 0 retries: host slowed: canary +");
    }

    @Test
    void oneConnectionToAnAppThatWaitsCannotSaturateItSoTheRunIsNotAppBound() throws Exception {
        // 2 ms of waiting per answer caps one connection at 500 req/s, far below what the app's CPU can serve: on
        // the 2-vCPU VMs the JDK's HTTP server alone keeps its CPU 98% busy for one connection without a wait.
        TestRegistry reg = new TestRegistry().app("ok", "wait:2", "");
        TrialOptions o = options(reg.write(dir), 1).apps(List.of("ok")).routes(List.of(Route.HELLO))
                .guard(withoutLateRetry(100, 0)).build();
        Results results = run(o, List.of(new TimedRuns(new TimedRuns.Settings(Duration.ofSeconds(1),
                Duration.ofSeconds(3), 1, true))), new ByteArrayOutputStream());
        RunResult run = results.app("ok").orElseThrow().route("hello").orElseThrow().runs().getFirst();
        assertThat(run.cpuUse()).isNotNull();
        assertThat(run.cpuUse().appCpusBusy()).isLessThan(Bound.SATURATED_SHARE);
        assertThat(run.cpuUse().bound()).isIn(Bound.LATENCY_BOUND, Bound.LOADGEN_BOUND);
        assertThat(results.app("ok").orElseThrow().route("hello").orElseThrow().summary().bound())
                .isNotEqualTo(Bound.APP_BOUND);
    }

    @Test
    void roundsRotateTheAppsAndTheCostRunsOfferEveryAppAndRoundTheSameRate() throws Exception {
        TestRegistry reg = new TestRegistry().app("a", "ok", "").app("b", "ok", "");
        TrialOptions o = options(reg.write(dir), 4).guard(withoutLateRetry(100, 0)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Results results = run(o, timedAndCostRuns(2, 2), out);
        String log = out.toString(StandardCharsets.UTF_8);
        assertThat(log).containsSubsequence("[a] started for run round 1/2", "[b] started for run round 1/2",
                "[b] started for run round 2/2", "[a] started for run round 2/2", "[a] started for cost round 1/2",
                "[b] started for cost round 1/2", "[b] started for cost round 2/2", "[a] started for cost round 2/2");
        double slowest = results.apps().stream().mapToDouble(a -> a.route("compute").orElseThrow().summary()
                .requestsPerSecond()).min().orElseThrow();
        for (AppResult app : results.apps()) {
            RouteResult compute = app.route("compute").orElseThrow();
            assertThat(compute.runs()).extracting(RunResult::run).containsExactly(1, 2);
            assertThat(compute.costRuns()).extracting(RunResult::run).containsExactly(1, 2);
            assertThat(compute.costRuns()).extracting(RunResult::offeredRatePerSecond)
                    .containsOnly(CostRuns.niceRate(slowest * CostRuns.SHARE_OF_SLOWEST));
            assertThat(compute.costRuns()).extracting(RunResult::hlog).containsExactly(
                    "hlog/" + app.name() + "/compute/cost-round-1.hlog", "hlog/" + app.name() + "/compute/cost-round-2.hlog");
            assertThat(dir.resolve("results").resolve(compute.costRuns().get(1).hlog())).exists();
        }
    }

    @Test
    void withAStartPerRouteEachRouteIsGatedAndMeasuredInAStartOfItsOwn() throws Exception {
        TestRegistry reg = new TestRegistry().app("a", "ok", "");
        TrialOptions o = options(reg.write(dir), 4).routes(List.of(Route.HELLO, Route.COMPUTE)).startPerRoute(true)
                .guard(withoutLateRetry(100, 0)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Results results = run(o, timedAndCostRuns(2, 1), out);
        String log = out.toString(StandardCharsets.UTF_8);
        assertThat(log).containsSubsequence("[a] started for run round 1/2 hello", "[a] hello ",
                "[a] started for run round 1/2 compute", "[a] compute ", "[a] started for run round 2/2 hello",
                "[a] started for run round 2/2 compute", "[a] started for cost hello", "[a] started for cost compute");
        assertThat(log).contains("plan: run: 1 app × 2 routes × 2 rounds").contains("6 app starts");
        AppResult a = results.app("a").orElseThrow();
        for (String route : List.of("hello", "compute")) {
            assertThat(a.route(route).orElseThrow().runs()).extracting(RunResult::run).containsExactly(1, 2);
            assertThat(a.route(route).orElseThrow().costRuns()).hasSize(1);
        }
        // The round's gates each checked their own route's cases; the record holds the last round's together.
        List<Integer> gated = Pattern.compile("\\[a] conformance: (\\d+) cases passed").matcher(log)
                .results().map(m -> Integer.parseInt(m.group(1))).toList();
        assertThat(gated).hasSize(6);
        assertThat(gated.get(4)).isNotEqualTo(gated.get(5));
        assertThat(a.conformance().casesChecked()).isEqualTo(gated.get(4) + gated.get(5));
        assertThat(results.setup().environment()).containsKey("start_per_route");
    }
}
