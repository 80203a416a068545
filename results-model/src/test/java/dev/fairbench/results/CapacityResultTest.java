package dev.fairbench.results;

import dev.fairbench.results.CapacityResult.Step;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CapacityResultTest {
    private static Step step(double rate, boolean ok) {
        return new Step(rate, (long) rate * 10, rate, new Latency(1, 2, ok ? 5 : 50, 9, 10), 0, 0, null, null, ok);
    }

    private static CapacityResult search(double... ratesNegativeMeansBad) {
        List<Step> steps = new ArrayList<>();
        for (double r : ratesNegativeMeansBad) {
            steps.add(step(Math.abs(r), r > 0));
        }
        return new CapacityResult("index", 15, 10, steps);
    }

    @Test
    void bisectionOrderIsHandled() {
        // doubling 1k, 2k, 4k (bad), then bisection 3k (good), 3.5k (bad), 3.25k (good)
        CapacityResult c = search(1000, 2000, -4000, 3000, -3500, 3250);
        assertThat(c.maxUnderSlo()).get().extracting(Step::targetRatePerSecond).isEqualTo(3250.0);
        assertThat(c.overload()).get().extracting(Step::targetRatePerSecond).isEqualTo(3500.0);
    }

    @Test
    void theOverloadStepRunLastAtOnePointTwoTimesCapacityIsTheOverload() {
        // search as above, then the capacity pass offers 1.2 x 3250 = 3900
        CapacityResult c = search(1000, 2000, -4000, 3000, -3500, 3250, -3900);
        assertThat(c.maxUnderSlo()).get().extracting(Step::targetRatePerSecond).isEqualTo(3250.0);
        assertThat(c.overload()).get().extracting(Step::targetRatePerSecond).isEqualTo(3900.0);
    }

    @Test
    void noGoodStepOrNoBadStep() {
        CapacityResult none = search(-1000, -500);
        assertThat(none.maxUnderSlo()).isEmpty();
        assertThat(none.overload()).get().extracting(Step::targetRatePerSecond).isEqualTo(500.0);

        CapacityResult all = search(1000, 2000);
        assertThat(all.maxUnderSlo()).get().extracting(Step::targetRatePerSecond).isEqualTo(2000.0);
        assertThat(all.overload()).isEmpty();
    }

    @Test
    void requestsPerCpuSecond() {
        Step s = new Step(100, 1000, 100, new Latency(1, 1, 1, 1, 1), 0, 0, 0.5, null, true);
        assertThat(s.requestsPerCpuSecond()).isEqualTo(2000.0);
        assertThat(step(1, true).requestsPerCpuSecond()).isNull();
    }
}
