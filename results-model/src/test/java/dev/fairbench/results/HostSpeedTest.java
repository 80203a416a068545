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
                null, List.of(run(1, canary(50, 100))), run(1, canary(52, 84)));
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
}
