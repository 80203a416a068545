package dev.fairbench.stats;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class IntervalsTest {
    /** Student-t 97.5% quantiles from the tables. */
    private static final double T2 = 4.302652729911275;
    private static final double T4 = 2.7764451051977987;

    @Test
    void tQuantilesMatchTheTables() {
        assertThat(Intervals.tQuantile(2)).isCloseTo(T2, within(1e-7));
        assertThat(Intervals.tQuantile(4)).isCloseTo(T4, within(1e-7));
        assertThat(Intervals.tQuantile(1e7)).isCloseTo(1.959963984540054, within(1e-6));
    }

    @Test
    void ofRoundsIsTheStudentTIntervalOfTheMean() {
        Interval i = Intervals.ofRounds(new double[] {1, 2, 3});
        double halfWidth = T2 * 1 / Math.sqrt(3);  // sd 1, n 3
        assertThat(i.method()).isEqualTo("t-rounds");
        assertThat(i.estimate()).isEqualTo(2);
        assertThat(i.low()).isCloseTo(2 - halfWidth, within(1e-6));
        assertThat(i.high()).isCloseTo(2 + halfWidth, within(1e-6));
    }

    /**
     * Issue 10 §6: on simulated normal rounds with a known mean, the 95% interval contains it 95% of the time
     * (binomial sd over 10 000 trials is 0.2%, so 93–97% leaves room for the seed, not for a wrong method).
     */
    @Test
    void ofRoundsCoversTheTrueMean95PercentOfTheTime() {
        for (int rounds : new int[] {2, 3, 5}) {
            Random random = new Random(10_000 + rounds);
            int trials = 10_000;
            int covered = 0;
            for (int i = 0; i < trials; i++) {
                if (!Intervals.ofRounds(Simulated.rounds(random, rounds, 12_000, 0.03)).excludes(12_000)) {
                    covered++;
                }
            }
            assertThat((double) covered / trials).as("coverage with %d rounds", rounds).isBetween(0.93, 0.97);
        }
    }

    /**
     * On log-normal rounds (exactly the model of the log interval) the ratio's interval covers the true ratio at
     * least 95% of the time, and not absurdly more: Welch is conservative when the variances are equal (about 96.5%
     * with 3 rounds each) and exact-ish when they differ.
     */
    @Test
    void ratioOfRoundsCoversTheTrueRatio() {
        Random random = new Random(31);
        int trials = 10_000;
        int covered = 0;
        for (int i = 0; i < trials; i++) {
            int nB = 2 + i % 3;  // 2 to 4 rounds on the denominator
            double[] a = new double[3];
            double[] b = new double[nB];
            for (int k = 0; k < a.length; k++) {
                a[k] = 1050 * Math.exp(0.02 * random.nextGaussian());
            }
            for (int k = 0; k < b.length; k++) {
                b[k] = 1000 * Math.exp((i % 2 == 0 ? 0.02 : 0.05) * random.nextGaussian());
            }
            if (!Intervals.ratioOfRounds(a, b).excludes(1.05)) {
                covered++;
            }
        }
        assertThat((double) covered / trials).isBetween(0.945, 0.985);
    }

    @Test
    void ratioOfRoundsWithEqualSpreadsUsesWelchDf() {
        // Equal n and equal log variances: Welch–Satterthwaite df = 2(n - 1) = 4.
        double d = 0.01;
        double[] a = {100 * Math.exp(-d), 100, 100 * Math.exp(d)};
        double[] b = {90 * Math.exp(-d), 90, 90 * Math.exp(d)};
        Interval r = Intervals.ratioOfRounds(a, b);
        double halfWidth = T4 * Math.sqrt(2 * d * d / 3);
        assertThat(r.method()).isEqualTo("welch-log-rounds");
        assertThat(r.estimate()).isCloseTo(100.0 / 90, within(1e-12));
        assertThat(r.low()).isCloseTo(100.0 / 90 * Math.exp(-halfWidth), within(1e-7));
        assertThat(r.high()).isCloseTo(100.0 / 90 * Math.exp(halfWidth), within(1e-7));
    }

    @Test
    void ratioOfRoundsAgainstAConstantSideHasThatOtherSidesDf() {
        double[] a = {Math.exp(1), Math.exp(2), Math.exp(3)};  // logs 1, 2, 3: sd 1
        double[] b = {1, 1, 1, 1};
        Interval r = Intervals.ratioOfRounds(a, b);
        double halfWidth = T2 / Math.sqrt(3);
        assertThat(r.estimate()).isCloseTo(Math.exp(2), within(1e-12));
        assertThat(r.low()).isCloseTo(Math.exp(2 - halfWidth), within(1e-6));
        assertThat(r.high()).isCloseTo(Math.exp(2 + halfWidth), within(1e-5));
    }

    @Test
    void ratioOfRoundsIsSymmetricUnderSwap() {
        double[] a = {1000, 1040, 980, 1010};
        double[] b = {900, 950};
        Interval ab = Intervals.ratioOfRounds(a, b);
        Interval ba = Intervals.ratioOfRounds(b, a);
        assertThat(ab.estimate()).isCloseTo(1 / ba.estimate(), within(1e-12));
        assertThat(ab.low()).isCloseTo(1 / ba.high(), within(1e-9));
        assertThat(ab.high()).isCloseTo(1 / ba.low(), within(1e-9));
        assertThat(ab.low()).isLessThan(ab.estimate());
        assertThat(ab.high()).isGreaterThan(ab.estimate());
    }

    @Test
    void equalValuesGiveZeroWidthNotNaN() {
        assertThat(Intervals.ofRounds(new double[] {0.1, 0.1, 0.1}))
                .isEqualTo(new Interval(0.1, 0.1, 0.1, "t-rounds"));
        assertThat(Intervals.ofRounds(new double[] {0, 0})).isEqualTo(new Interval(0, 0, 0, "t-rounds"));

        Interval r = Intervals.ratioOfRounds(new double[] {0.3, 0.3, 0.3}, new double[] {0.1, 0.1});
        assertThat(r.method()).isEqualTo("welch-log-rounds");
        assertThat(r.estimate()).isCloseTo(3, within(1e-12));
        assertThat(r.low()).isEqualTo(r.estimate());
        assertThat(r.high()).isEqualTo(r.estimate());

        Interval s = Intervals.ofSeconds(new double[] {500, 500, 500, 500, 500}, 1);
        assertThat(s).isEqualTo(new Interval(500, 500, 500, "block-bootstrap-seconds"));
        Interval rs = Intervals.ratioOfSeconds(new double[] {600, 600, 600}, new double[] {300, 300, 300, 300}, 1);
        assertThat(rs).isEqualTo(new Interval(2, 2, 2, "block-bootstrap-seconds"));
    }

    @Test
    void oneValueGivesAPointWithoutInterval() {
        assertThat(Intervals.ofRounds(new double[] {7})).isEqualTo(new Interval(7, 7, 7, "none"));
        assertThat(Intervals.ratioOfRounds(new double[] {8}, new double[] {2, 2.1}).method()).isEqualTo("none");
        assertThat(Intervals.ratioOfRounds(new double[] {8, 8.2}, new double[] {2}).method()).isEqualTo("none");
        assertThat(Intervals.ratioOfRounds(new double[] {8}, new double[] {2}))
                .isEqualTo(new Interval(4, 4, 4, "none"));
        assertThat(Intervals.ofSeconds(new double[] {9}, 1)).isEqualTo(Interval.point(9));
        assertThat(Intervals.ratioOfSeconds(new double[] {9}, new double[] {3, 3}, 1)).isEqualTo(Interval.point(3));
    }

    @Test
    void emptyOrNonFiniteInputIsRejected() {
        double[] empty = {};
        assertThatThrownBy(() -> Intervals.ofRounds(empty)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.ofRounds(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.ofRounds(new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.ofRounds(new double[] {1, Double.POSITIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.ratioOfRounds(empty, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.ofSeconds(empty, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.ratioOfSeconds(new double[] {1, 2}, empty, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ratiosNeedPositiveValues() {
        assertThatThrownBy(() -> Intervals.ratioOfRounds(new double[] {1, 0}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not positive");
        assertThatThrownBy(() -> Intervals.ratioOfRounds(new double[] {1, 2}, new double[] {-1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.ratioOfSeconds(new double[] {1, -2}, new double[] {1, 2}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> Intervals.ratioOfSeconds(new double[] {1, 2}, new double[] {0, 0}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mean 0");
    }

    @Test
    void ratioOfSecondsBracketsTheTrueRatioOfIndependentSeries() {
        Random random = new Random(7);
        double[] a = Simulated.ar1(random, 20, 1200, 0.3, 30);
        double[] b = Simulated.ar1(random, 20, 1000, 0.3, 30);
        Interval r = Intervals.ratioOfSeconds(a, b, 42);
        assertThat(r.method()).isEqualTo("block-bootstrap-seconds");
        assertThat(r.estimate()).isCloseTo(Intervals.mean(a) / Intervals.mean(b), within(1e-12));
        assertThat(r.low()).isLessThan(r.estimate()).isGreaterThan(1);
        assertThat(r.high()).isGreaterThan(r.estimate());
        assertThat(r.relativeHalfWidth()).isLessThan(0.1);
        assertThat(Intervals.ratioOfSeconds(a, b, 42)).as("same seed, same interval").isEqualTo(r);
    }
}
