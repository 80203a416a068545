package dev.fairbench.results;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The session's host speed, summed up from the canaries of its windows. */
class HostSpeedTest {
    private static final Canary.Times BASE = new Canary.Times(50, 80);

    private static RunResult run(int no, Canary canary) {
        RunResult r = new RunResult(no, Instant.EPOCH, 10, 100, 10, 100, 0, 0, 0, 0, 0, 0, 0,
                new Latency(1, 2, 3, 4, 5), null, null);
        return canary == null ? r : r.withCanary(canary);
    }

    private static Canary canary(double cpuAfter, double memoryAfter) {
        return Canary.judge(BASE, new Canary.Times(cpuAfter, memoryAfter), BASE, 0.10);
    }

    private static Results results(RouteResult route) {
        Setup setup = new Setup(null, false, new Host("cpu", 2, 1L, "os", "k"), new Pinning(true, "0", "1", "1", "1"),
                1, 1, 1, 1, 1, 0, 10, 1, List.of("compute"), java.util.Map.of(), java.util.Map.of());
        AppResult app = new AppResult("a", "A", "java", AppStatus.MEASURED, null, java.util.Map.of(), List.of(),
                new Conformance(1, List.of()), List.of(), List.of(route), null, List.of());
        return new Results(Results.SCHEMA_VERSION, "x", 1, Instant.EPOCH, null, setup, List.of(app)).withHostSpeed();
    }

    @Test
    void everyWindowCountsKeptDiscardedAndCost() {
        RouteResult route = new RouteResult("compute", List.of(run(1, canary(50, 80)), run(2, canary(60, 80))),
                null, List.of(run(1, canary(50, 100))), List.of(run(1, canary(52, 84))));
        HostSpeed h = results(route).hostSpeed();
        assertThat(h.windows()).isEqualTo(4);
        assertThat(h.windowsRetried()).as("the discarded slowed one").isEqualTo(1);
        assertThat(h.windowsKeptSlowed()).as("round 2, +20% CPU").isEqualTo(1);
        // totals: 130 ×5 (every before, one after), 136, 140, 150: median 130, range 20
        assertThat(h.baseline()).isEqualTo(new Canary.Times(50, 80));
        assertThat(h.spread()).isCloseTo(10.0 / 130, within(1e-12));
        assertThat(h.maxSlowdown()).isEqualTo(0.10);
    }

    @Test
    void resultsWithoutACanaryHaveNoHostSpeed() {
        assertThat(results(new RouteResult("compute", List.of(run(1, null)), null)).hostSpeed()).isNull();
    }

    @Test
    void aSlowedRunIsDisturbedAndSaysWhy() {
        RunResult r = run(1, canary(50, 94.4));
        assertThat(r.slowed()).isTrue();
        assertThat(r.disturbed()).isTrue();
        assertThat(r.canary().reason()).isEqualTo("host slowed: canary +18%");
        assertThat(run(1, canary(50, 84)).disturbed()).isFalse();
    }

    @Test
    void aWindowSlowedOnlyAgainstAYoungBaselineIsClearedByTheFinalOne() {
        Canary.Times fast = new Canary.Times(50, 40);
        Canary.Times usual = new Canary.Times(50, 80);
        // judged at the start against a fast baseline: +100%, kept slowed; the session's median is 80 ms
        Canary early = Canary.judge(usual, usual, fast, 0.25);
        Canary ordinary = Canary.judge(usual, usual, usual, 0.25);
        Canary reallySlow = Canary.judge(usual, new Canary.Times(50, 120), usual, 0.25);
        RouteResult route = new RouteResult("compute", List.of(run(1, early), run(2, ordinary), run(3, reallySlow)),
                Summaries.summarize(List.of(run(1, early), run(2, ordinary), run(3, reallySlow))),
                List.of(run(1, early)), null);
        Results before = results(route);
        assertThat(before.hostSpeed().windowsKeptSlowed()).isEqualTo(2);
        assertThat(before.apps().get(0).routes().get(0).summary().disturbedRuns()).isEqualTo(2);

        Results after = HostSpeed.rejudged(before);
        RouteResult r = after.apps().get(0).routes().get(0);
        assertThat(r.runs().get(0).slowed()).as("+0% against the final 80 ms").isFalse();
        assertThat(r.runs().get(0).canary().baseline()).isEqualTo(usual);
        assertThat(r.runs().get(2).slowed()).as("+50% against any baseline").isTrue();
        assertThat(r.summary().disturbedRuns()).isEqualTo(1);
        assertThat(r.discarded().get(0).slowed()).as("discarded stays as measured").isTrue();
        assertThat(after.hostSpeed().windowsKeptSlowed()).isEqualTo(1);
        assertThat(HostSpeed.rejudged(after)).isEqualTo(after);
    }

    @Test
    void aPassedWindowIsNotMadeSlowedAfterwards() {
        Canary.Times low = new Canary.Times(50, 40);
        // +19% against the 80 ms of its moment, +138% against the session's final 40 ms
        Canary passed = Canary.judge(new Canary.Times(50, 95), new Canary.Times(50, 95), new Canary.Times(50, 80), 0.25);
        Canary quiet = Canary.judge(low, low, low, 0.25);
        RouteResult route = new RouteResult("compute", List.of(run(1, passed), run(2, quiet), run(3, quiet)), null);
        Results before = results(route);
        assertThat(HostSpeed.rejudged(before).apps()).isEqualTo(before.apps());
    }
}
