package dev.fairbench.runner.timed;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class CostRatesTest {
    @Test
    void derivedRatesAreRoundedDownToOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(CostRuns.niceRate(3555)).isEqualTo(2000);
        assertThat(CostRuns.niceRate(3818)).isEqualTo(2000);
        assertThat(CostRuns.niceRate(7110)).isEqualTo(5000);
        assertThat(CostRuns.niceRate(5000)).isEqualTo(5000);
        assertThat(CostRuns.niceRate(4999.9)).isEqualTo(2000);
        assertThat(CostRuns.niceRate(1000)).isEqualTo(1000);
        assertThat(CostRuns.niceRate(999)).isEqualTo(500);
        assertThat(CostRuns.niceRate(569)).isEqualTo(500);
        assertThat(CostRuns.niceRate(1.5)).isEqualTo(1);
        assertThat(CostRuns.niceRate(0.2)).isEqualTo(1);
    }

    /** The property: never above the rate, never below 40% of it, always 1, 2 or 5 times a power of ten. */
    @Test
    void theNiceRateStaysWithinFortyPercentBelowTheRate() {
        Random random = new Random(20261201);
        for (int i = 0; i < 100_000; i++) {
            double rate = Math.pow(10, random.nextDouble() * 7);
            double nice = CostRuns.niceRate(rate);
            assertThat(nice).isLessThanOrEqualTo(rate).isGreaterThanOrEqualTo(rate * 0.4);
            double mantissa = nice / Math.pow(10, Math.floor(Math.log10(nice) + 1e-9));
            assertThat(mantissa).isIn(1.0, 2.0, 5.0);
        }
    }
}
