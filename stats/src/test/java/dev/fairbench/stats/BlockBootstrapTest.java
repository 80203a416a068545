package dev.fairbench.stats;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class BlockBootstrapTest {
    /**
     * Issue 10 §4: on an autocorrelated series (AR(1), φ = 0.8: r(k) = 0.8^k, inside the white-noise band of a
     * 60-second series, 2/√60 ≈ 0.26, from lag 7 on) the block length exceeds the minimum, and the interval is wider
     * than the iid bootstrap's, which ignores that neighbouring seconds move together.
     */
    @Test
    void autocorrelatedSeriesGetsLongBlocksAndAWiderIntervalThanIid() {
        double blockSum = 0;
        double widerSum = 0;
        int series = 50;
        for (int s = 0; s < series; s++) {
            double[] x = Simulated.ar1(new Random(100 + s), 60, 5000, 0.8, 50);
            int block = BlockBootstrap.blockLength(x);
            Interval blocked = Intervals.ofSeconds(x, s);
            Interval iid = BlockBootstrap.ofMean(x, 1, s);
            assertThat(blocked).isEqualTo(BlockBootstrap.ofMean(x, block, s));
            blockSum += block;
            widerSum += (blocked.high() - blocked.low()) / (iid.high() - iid.low());
            if (s == 0) {
                assertThat(block).isGreaterThan(2);
                assertThat(blocked.high() - blocked.low()).isGreaterThan(1.5 * (iid.high() - iid.low()));
            }
        }
        assertThat(blockSum / series).as("mean block length").isGreaterThan(3.5);
        assertThat(widerSum / series).as("mean width relative to iid").isGreaterThan(1.5);
    }

    @Test
    void whiteNoiseGetsTheMinimumBlock() {
        Random random = new Random(3);
        int minimum = 0;
        for (int s = 0; s < 100; s++) {
            if (BlockBootstrap.blockLength(Simulated.ar1(random, 60, 5000, 0, 50)) == 2) {
                minimum++;
            }
        }
        assertThat(minimum).isGreaterThanOrEqualTo(85);
    }

    @Test
    void blockLengthStaysWithinBounds() {
        double[] alternating = new double[40];
        for (int t = 0; t < alternating.length; t++) {
            alternating[t] = t % 2;  // |r(k)| = 1 - k/n ≥ 1/2 up to n/2: never inside the band, capped at n/2
        }
        assertThat(BlockBootstrap.blockLength(alternating)).isEqualTo(20);
        assertThat(BlockBootstrap.blockLength(new double[] {3, 3, 3, 3, 3, 3})).isEqualTo(2);
        assertThat(BlockBootstrap.blockLength(new double[] {1, 5, 2})).isEqualTo(1);
        assertThat(BlockBootstrap.blockLength(new double[] {1, 5})).isEqualTo(1);
        assertThat(BlockBootstrap.blockLength(new double[] {1})).isEqualTo(1);
    }

    @Test
    void autocorrelationIsTheBoxJenkinsEstimator() {
        double[] x = {1, 2, 3, 4};  // mean 2.5, deviations -1.5 -0.5 0.5 1.5, Σd² = 5
        assertThat(BlockBootstrap.autocorrelation(x, 0)).isEqualTo(1);
        assertThat(BlockBootstrap.autocorrelation(x, 1)).isCloseTo((0.75 - 0.25 + 0.75) / 5, within(1e-12));
        assertThat(BlockBootstrap.autocorrelation(new double[] {2, 2, 2}, 1)).isNaN();
        assertThatThrownBy(() -> BlockBootstrap.autocorrelation(x, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sameSeedSameIntervalOtherSeedOtherInterval() {
        double[] x = Simulated.ar1(new Random(5), 20, 1000, 0.5, 20);
        Interval one = Intervals.ofSeconds(x, 11);
        assertThat(Intervals.ofSeconds(x, 11)).isEqualTo(one);
        assertThat(Intervals.ofSeconds(x, 12)).isNotEqualTo(one);
        assertThat(one.estimate()).isCloseTo(Intervals.mean(x), within(1e-12));
        assertThat(one.low()).isLessThan(one.estimate());
        assertThat(one.high()).isGreaterThan(one.estimate());
    }

    @Test
    void tinySeriesAndBadBlockLengths() {
        Interval two = Intervals.ofSeconds(new double[] {10, 20}, 1);
        assertThat(two.low()).isGreaterThanOrEqualTo(10);
        assertThat(two.high()).isLessThanOrEqualTo(20);
        assertThatThrownBy(() -> BlockBootstrap.ofMean(new double[] {1, 2, 3}, 0, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BlockBootstrap.ofMean(new double[] {1, 2, 3}, 4, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BlockBootstrap.ofMean(new double[] {1}, 1, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void quantileInterpolatesAndSurvivesInfinity() {
        double[] sorted = {1, 2, 3, 4, 5};
        assertThat(BlockBootstrap.quantile(sorted, 0)).isEqualTo(1);
        assertThat(BlockBootstrap.quantile(sorted, 0.5)).isEqualTo(3);
        assertThat(BlockBootstrap.quantile(sorted, 0.125)).isEqualTo(1.5);
        assertThat(BlockBootstrap.quantile(new double[] {1, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY}, 0.9))
                .isInfinite();
    }
}
