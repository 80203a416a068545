package dev.fairbench.capacity;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CapacitySearchTest {

    /** A server model whose p99 is flat until its capacity, then rises by 1 ms per extra request per second. */
    private static CapacitySearch.Probe kneeAt(double capacity) {
        return rate -> {
            double p99 = rate <= capacity ? 2.0 : 2.0 + (rate - capacity);
            return new CapacitySearch.Step(rate, p99, p99 * 1.5, rate, 0);
        };
    }

    @Property(tries = 100, seed = "42")
    void convergesWithinToleranceBelowTheSloCrossing(@ForAll @DoubleRange(min = 50, max = 50_000) double capacity) throws Exception {
        CapacitySearch search = new CapacitySearch(15, 0.02, 40);
        CapacitySearch.Outcome outcome = search.search(25, kneeAt(capacity));
        // p99 crosses 15 ms at capacity + 13; the best good step lies within 2% below that.
        double crossing = capacity + 13;
        assertThat(outcome.best()).isNotNull();
        assertThat(outcome.best().ratePerSecond()).isLessThan(crossing).isGreaterThanOrEqualTo(crossing * 0.98 - 1e-9);
        assertThat(outcome.steps()).allMatch(s -> s.ratePerSecond() > 0);
    }

    @Test
    void aConfirmedSearchIgnoresOneStallPerRate() throws Exception {
        // Every rate's first run stalls (p99 1 s); its repeat behaves like the model.
        java.util.Set<Double> seen = new java.util.HashSet<>();
        CapacitySearch.Probe model = kneeAt(1000);
        CapacitySearch.Probe stallingOnce = rate -> seen.add(rate)
                ? new CapacitySearch.Step(rate, 1000, 1000, rate, 0) : model.run(rate);
        CapacitySearch.Outcome outcome = new CapacitySearch(15, 0.02, 40, true).search(100, stallingOnce);
        assertThat(outcome.best().ratePerSecond()).isLessThan(1013).isGreaterThanOrEqualTo(1013 * 0.98 - 1e-9);

        seen.clear();
        CapacitySearch.Outcome trusting = new CapacitySearch(15, 0.02, 40).search(100, stallingOnce);
        assertThat(trusting.best()).as("without confirmation the first stall ends it").isNull();
    }

    @Test
    void reportsNoBestWhenEvenTheLowestRateBreaksTheSlo() throws Exception {
        CapacitySearch.Outcome outcome = new CapacitySearch(15, 0.05, 10)
                .search(100, rate -> new CapacitySearch.Step(rate, 50, 60, rate, 0));
        assertThat(outcome.best()).isNull();
        assertThat(outcome.steps()).hasSizeLessThanOrEqualTo(10);
    }

    @Test
    void errorsOrShortfallBreakTheSloEvenWithLowLatency() {
        CapacitySearch search = new CapacitySearch(15, 0.05, 10);
        assertThat(search.withinSlo(new CapacitySearch.Step(1000, 1, 2, 1000, 1))).isFalse();
        assertThat(search.withinSlo(new CapacitySearch.Step(1000, 1, 2, 900, 0))).isFalse();
        assertThat(search.withinSlo(new CapacitySearch.Step(1000, 1, 2, 990, 0))).isTrue();
    }

    @Test
    void stepsAreBounded() throws Exception {
        CapacitySearch.Outcome outcome = new CapacitySearch(15, 1e-9, 12).search(10, kneeAt(1234));
        assertThat(outcome.steps()).hasSize(12);
        assertThat(outcome.best().ratePerSecond()).isCloseTo(1247, within(20.0));
    }
}
