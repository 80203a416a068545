package dev.fairbench.results;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SummariesTest {
    private static RunResult run(int no, double rps, long readErrors, long status5xx, Resources resources) {
        long requests = Math.round(rps * 10);
        return new RunResult(no, Instant.EPOCH, 10, requests, rps, requests - status5xx, 0, 0, status5xx, 0,
                readErrors, 0, 0, new Latency(no, no, no, no, no), null, resources);
    }

    @Test
    void medianRunCarriesLatencyAndGc() {
        Resources r2 = new Resources(2.0, 1.0, null, 100L, 50_000L, 20L, 0.5);
        RouteSummary s = Summaries.summarize(List.of(
                run(1, 1100, 0, 0, new Resources(9.0, 9.0, 9.0, 9L, 9L, 9L, 9.0)),
                run(2, 1000, 3, 0, r2),
                run(3, 900, 0, 7, null)));

        assertThat(s.medianRun()).isEqualTo(2);
        assertThat(s.requestsPerSecond()).isEqualTo(1000);
        assertThat(s.spread()).isCloseTo(0.1, within(1e-12));
        assertThat(s.latency().p99Ms()).isEqualTo(2);
        assertThat(s.appRssPeakBytes()).as("memory comes from the first run").isEqualTo(9L);
        assertThat(s.gcPerSecond()).isEqualTo(2.0);
        assertThat(s.gcPauseShare()).isEqualTo(0.05);
        assertThat(s.errors()).isEqualTo(3);
        assertThat(s.non2xx()).isEqualTo(7);
        assertThat(s.appCpuUsPerRequest()).as("the median of the two runs that measured it: (818.2 + 200) / 2")
                .isCloseTo((9.0e6 / 11_000 + 200.0) / 2, within(1e-9));
        assertThat(s.redisCpuUsPerRequest()).as("only run 1 measured Redis").isCloseTo(9.0e6 / 11_000, within(1e-9));
    }

    /** A services-bound route: PostgreSQL sets req/s, so the run in the middle by req/s is the app's dearest. */
    @Test
    void costsAreMediansOverTheRunsNotTheMedianRunsCosts() {
        RouteSummary s = Summaries.summarize(List.of(
                run(1, 1010, 0, 0, new Resources(1.17, 0.50, 0.10, 1L, 20_000L, 1L, 0.0)),
                run(2, 1000, 0, 0, new Resources(1.34, 0.60, 0.20, 1L, 40_000L, 1L, 0.0)),
                run(3, 990, 0, 0, new Resources(1.16, 0.40, 0.30, 1L, 30_000L, 1L, 0.0))));

        assertThat(s.medianRun()).isEqualTo(2);
        assertThat(s.appCpuUsPerRequest()).as("run 3's, not run 2's 134").isCloseTo(1.16e6 / 9_900, within(1e-9));
        assertThat(s.postgresCpuUsPerRequest()).isCloseTo(0.50e6 / 10_100, within(1e-9));
        assertThat(s.redisCpuUsPerRequest()).isCloseTo(0.20e6 / 10_000, within(1e-9));
        assertThat(s.contextSwitchesPerRequest()).isCloseTo(30_000.0 / 9_900, within(1e-12));
        assertThat(s.totalCpuUsPerRequest()).as("the sum of the three medians")
                .isCloseTo(s.appCpuUsPerRequest() + s.postgresCpuUsPerRequest() + s.redisCpuUsPerRequest(),
                        within(1e-9));
        assertThat(s.requestsPerAppCpuSecond()).isCloseTo(1e6 / s.appCpuUsPerRequest(), within(1e-6));
        assertThat(s.appCpuSpread()).isCloseTo((1.34e6 / 10_000 - 1.17e6 / 10_100) / 2 / (1.16e6 / 9_900),
                within(1e-12));
    }

    @Test
    void evenCountAveragesTheMiddleAndTakesTheLowerRun() {
        RouteSummary s = Summaries.summarize(List.of(run(1, 400, 0, 0, null), run(2, 100, 0, 0, null),
                run(3, 300, 0, 0, null), run(4, 200, 0, 0, null)));
        assertThat(s.requestsPerSecond()).isEqualTo(250);
        assertThat(s.medianRun()).isEqualTo(4);
        assertThat(s.spread()).isCloseTo(150.0 / 250, within(1e-12));
        assertThat(s.appCpuUsPerRequest()).isNull();
    }

    @Test
    void readingComputesTheSummaryAgainFromTheRuns() throws Exception {
        List<RunResult> runs = List.of(run(1, 1010, 0, 0, new Resources(1.17, 0.5, null, 1L, 1L, 1L, 0.0)),
                run(2, 1000, 0, 0, new Resources(1.34, 0.6, null, 1L, 1L, 1L, 0.0)),
                run(3, 990, 0, 0, new Resources(1.16, 0.4, null, 1L, 1L, 1L, 0.0)));
        RouteSummary current = Summaries.summarize(runs);
        RouteSummary stale = new RouteSummary(3, 2, 1000, 0.01, current.latency(), 134.0, 60.0, null, 0.0001, 1L,
                0.1, 0.0, 0, 0, current.appCpuSpread(), 194.0, 7462.7, null, 0);
        Setup setup = new Setup(null, false, new Host("cpu", 2, 1L, "os", "k"), new Pinning(true, "0", "1", "1", "1"),
                1, 1, 1, 1, 1, 0, 10, 1, List.of("index", "phash"), Map.of(), Map.of());
        AppResult app = new AppResult("a", "A", "java", AppStatus.MEASURED, null, Map.of(), List.of(),
                new Conformance(1, List.of()), List.of(), List.of(new RouteResult("index", runs, stale),
                new RouteResult("phash", List.of(), null)), null, List.of());
        String written = ResultsStore.toJson(new Results(Results.SCHEMA_VERSION, "x", 1, Instant.EPOCH, null, setup,
                List.of(app)));

        AppResult read = ResultsStore.fromJson(written, "an older file").apps().getFirst();
        assertThat(read.routes()).extracting(RouteResult::route).as("order kept").containsExactly("index", "phash");
        assertThat(read.routes().getFirst().summary()).isEqualTo(current);
        assertThat(read.routes().get(1).summary()).isNull();
    }

    @Test
    void noRunsNoSummary() {
        assertThat(Summaries.summarize(List.of())).isNull();
        assertThat(Summaries.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
        assertThatThrownBy(() -> Summaries.median(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
