package dev.fairbench.results;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BoundTest {

    @Test
    void theSaturatedSetNamesTheBound() {
        assertThat(Bound.classify(0.97, 1.0, 1.0, 5.0, 1.0)).isEqualTo(Bound.APP_BOUND);
        assertThat(Bound.classify(0.60, 0.95, 0.20, 3.0, 1.0)).isEqualTo(Bound.SERVICES_BOUND);
        assertThat(Bound.classify(0.60, 0.20, 0.95, 3.0, 1.0)).isEqualTo(Bound.LOADGEN_BOUND);
        assertThat(Bound.classify(0.30, 0.40, 0.40, 1.0, 1.0)).isEqualTo(Bound.LATENCY_BOUND);
    }

    @Test
    void onSharedCpusTheBiggerUserBoundTheRun() {
        assertThat(Bound.classify(0.5, 0.99, 0.99, 12.0, 6.0)).isEqualTo(Bound.SERVICES_BOUND);
        assertThat(Bound.classify(0.5, 0.99, 0.99, 2.0, 15.0)).isEqualTo(Bound.LOADGEN_BOUND);
        assertThat(Bound.classify(0.5, 0.99, 0.99, null, 15.0)).isEqualTo(Bound.LOADGEN_BOUND);
    }

    @Test
    void aRouteIsAppBoundOnlyWhenEveryRunWas() {
        assertThat(Summaries.bound(List.of(run(Bound.APP_BOUND), run(Bound.APP_BOUND)))).isEqualTo(Bound.APP_BOUND);
        assertThat(Summaries.bound(List.of(run(Bound.APP_BOUND), run(Bound.SERVICES_BOUND), run(Bound.APP_BOUND))))
                .isEqualTo(Bound.SERVICES_BOUND);
        assertThat(Summaries.bound(List.of(run(null)))).isNull();
        assertThat(Bound.LATENCY_BOUND.json()).isEqualTo("latency-bound");
    }

    private static RunResult run(Bound bound) {
        return new RunResult(1, Instant.EPOCH, 10, 100, 10, 100, 0, 0, 0, 0, 0, 0, 0,
                new Latency(1, 2, 3, 4, 5), null, null, null,
                bound == null ? null : new CpuUse(0.5, 0.5, 0.5, 1, bound), null);
    }
}
