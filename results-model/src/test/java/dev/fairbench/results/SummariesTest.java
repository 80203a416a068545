package dev.fairbench.results;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

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
    void medianRunCarriesLatencyAndCosts() {
        Resources r2 = new Resources(2.0, 1.0, null, 100L, 50_000L, 20L, 0.5);
        RouteSummary s = Summaries.summarize(List.of(
                run(1, 1100, 0, 0, new Resources(9.0, 9.0, 9.0, 9L, 9L, 9L, 9.0)),
                run(2, 1000, 3, 0, r2),
                run(3, 900, 0, 7, null)));

        assertThat(s.medianRun()).isEqualTo(2);
        assertThat(s.requestsPerSecond()).isEqualTo(1000);
        assertThat(s.spread()).isCloseTo(0.1, within(1e-12));
        assertThat(s.latency().p99Ms()).isEqualTo(2);
        assertThat(s.appCpuUsPerRequest()).isCloseTo(200.0, within(1e-9));
        assertThat(s.postgresCpuUsPerRequest()).isCloseTo(100.0, within(1e-9));
        assertThat(s.redisCpuUsPerRequest()).isNull();
        assertThat(s.contextSwitchesPerRequest()).isCloseTo(5.0, within(1e-12));
        assertThat(s.appRssPeakBytes()).as("memory comes from the first run").isEqualTo(9L);
        assertThat(s.gcPerSecond()).isEqualTo(2.0);
        assertThat(s.gcPauseShare()).isEqualTo(0.05);
        assertThat(s.errors()).isEqualTo(3);
        assertThat(s.non2xx()).isEqualTo(7);
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
    void noRunsNoSummary() {
        assertThat(Summaries.summarize(List.of())).isNull();
        assertThat(Summaries.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
        assertThatThrownBy(() -> Summaries.median(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
