package dev.fairbench.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * 95% confidence intervals of a figure and of the ratio of a figure between two apps.
 * <p><b>Rounds (the default, n ≥ 2).</b> Each round starts the app fresh, so its value is one independent draw of
 * the figure, and round-to-round variation is the noise that matters. The mean gets a Student-t interval over the
 * round values; a ratio A/B gets {@code exp} of the Welch interval of {@code mean(ln A) - mean(ln B)} with
 * Welch–Satterthwaite degrees of freedom. Working on logs makes the ratio's interval symmetric under A/B ↔ B/A and
 * suits figures whose noise is multiplicative; Welch does not assume equal variances and, when they are equal,
 * errs on the wide side, which is the safe side for a verdict. A bootstrap over 3 round values cannot reach its
 * nominal coverage (it only ever sees 10 distinct resamples), the t interval does on normal data.
 * <p><b>One round (smoke runs).</b> {@link #ofSeconds} and {@link #ratioOfSeconds} bootstrap the round's
 * per-second series in blocks ({@link BlockBootstrap}). They see only the noise within that one run, not the
 * restart-to-restart variation, so their intervals are too narrow for a claim about the apps; their method
 * {@value Interval#BLOCK_BOOTSTRAP_SECONDS} says so.
 * <p><b>Degenerate inputs.</b> Values that are all equal give a zero-width interval at that value (never NaN); one
 * value gives a {@linkplain Interval#point point} with method {@value Interval#NONE}; an empty array, NaN or an
 * infinite value is an {@link IllegalArgumentException}.
 * <p>Stateless and thread-safe.
 */
public final class Intervals {
    /** The confidence level of every interval here. */
    public static final double LEVEL = 0.95;

    private Intervals() {
    }

    /**
     * The mean of the round values with its Student-t interval ({@code n - 1} degrees of freedom), method
     * {@value Interval#T_ROUNDS}.
     *
     * @param roundValues one value per round, in any unit, finite
     * @return the interval; a point with method {@value Interval#NONE} for one round; zero width when all values
     *         are equal
     * @throws IllegalArgumentException if there is no value or one is not finite
     */
    public static Interval ofRounds(double[] roundValues) {
        requireFinite(roundValues, "roundValues");
        int n = roundValues.length;
        if (n == 1) {
            return Interval.point(roundValues[0]);
        }
        if (allEqual(roundValues)) {
            return new Interval(roundValues[0], roundValues[0], roundValues[0], Interval.T_ROUNDS);
        }
        double mean = mean(roundValues);
        double halfWidth = tQuantile(n - 1) * Math.sqrt(variance(roundValues, mean) / n);
        return new Interval(mean, mean - halfWidth, mean + halfWidth, Interval.T_ROUNDS);
    }

    /**
     * The ratio of the geometric means of {@code a} and {@code b}, {@code gm(a) / gm(b)}, with the exponentiated
     * Welch interval of the difference of the mean logs, method {@value Interval#WELCH_LOG_ROUNDS}. The two sides
     * may have different numbers of rounds.
     *
     * @param a one value per round of the numerator, each {@code > 0}
     * @param b one value per round of the denominator, each {@code > 0}
     * @return the interval; a point with method {@value Interval#NONE} when a side has only one round; zero width
     *         when each side's values are all equal
     * @throws IllegalArgumentException if a side is empty or a value is not finite or not positive
     */
    public static Interval ratioOfRounds(double[] a, double[] b) {
        double[] logA = logs(a, "a");
        double[] logB = logs(b, "b");
        double meanA = mean(logA);
        double meanB = mean(logB);
        double estimate = geometricMean(a) / geometricMean(b);
        if (a.length < 2 || b.length < 2) {
            return Interval.point(estimate);
        }
        // Variances of the two means; an all-equal side contributes exactly 0 (its logs may differ in the last bit).
        double varA = allEqual(a) ? 0 : variance(logA, meanA) / a.length;
        double varB = allEqual(b) ? 0 : variance(logB, meanB) / b.length;
        double se2 = varA + varB;
        if (se2 == 0) {
            return new Interval(estimate, estimate, estimate, Interval.WELCH_LOG_ROUNDS);
        }
        double df = se2 * se2 / (varA * varA / (a.length - 1) + varB * varB / (b.length - 1));
        double halfWidth = tQuantile(df) * Math.sqrt(se2);
        double d = meanA - meanB;
        return new Interval(estimate, Math.exp(d - halfWidth), Math.exp(d + halfWidth), Interval.WELCH_LOG_ROUNDS);
    }

    /**
     * The mean of one round's per-second series with a block-bootstrap percentile interval
     * ({@link BlockBootstrap#RESAMPLES} resamples, block length from {@link BlockBootstrap#blockLength}), method
     * {@value Interval#BLOCK_BOOTSTRAP_SECONDS}. Within-run noise only: see the class comment.
     *
     * @param perSecond the value of each second of the measured window (e.g. completed requests), finite
     * @param seed      seed of the resampling; the same seed and series give the same interval
     * @return the interval; a point with method {@value Interval#NONE} for one second; zero width for a constant
     *         series
     * @throws IllegalArgumentException if the series is empty or a value is not finite
     */
    public static Interval ofSeconds(double[] perSecond, long seed) {
        requireFinite(perSecond, "perSecond");
        if (perSecond.length == 1) {
            return Interval.point(perSecond[0]);
        }
        return BlockBootstrap.ofMean(perSecond, BlockBootstrap.blockLength(perSecond), seed);
    }

    /**
     * The ratio {@code mean(a) / mean(b)} of two single rounds' per-second series with a block-bootstrap percentile
     * interval: each series is resampled on its own (the two runs are independent), with its own block length;
     * method {@value Interval#BLOCK_BOOTSTRAP_SECONDS}. Within-run noise only: see the class comment.
     *
     * @param a    the numerator's per-second values, finite and {@code >= 0}
     * @param b    the denominator's per-second values, finite, {@code >= 0}, with a positive mean
     * @param seed seed of the resampling
     * @return the interval; a point with method {@value Interval#NONE} when a series has only one second; zero
     *         width when both series are constant. A resample of {@code b} with mean 0 counts as an infinite ratio.
     * @throws IllegalArgumentException if a series is empty, a value is not finite or negative, or {@code mean(b)}
     *                                  is 0
     */
    public static Interval ratioOfSeconds(double[] a, double[] b, long seed) {
        requireNonNegative(a, "a");
        requireNonNegative(b, "b");
        double meanB = mean(b);
        if (meanB == 0) {
            throw new IllegalArgumentException("b has mean 0: no ratio");
        }
        if (a.length < 2 || b.length < 2) {
            return Interval.point(mean(a) / meanB);
        }
        return BlockBootstrap.ofRatioOfMeans(a, b, seed);
    }

    /** The two-sided {@link #LEVEL} quantile of Student's t with {@code df > 0} degrees of freedom. */
    static double tQuantile(double df) {
        return new TDistribution(null, df, TDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY)
                .inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
    }

    static double mean(double[] x) {
        double sum = 0;
        for (double v : x) {
            sum += v;
        }
        return sum / x.length;
    }

    /**
     * The geometric mean of positive values: {@code exp(mean(ln x))}, and exactly the value when there is one or
     * all are equal (so that a point ratio of single values is their plain quotient).
     */
    static double geometricMean(double[] x) {
        if (allEqual(x)) {
            return x[0];
        }
        double sum = 0;
        for (double v : x) {
            sum += Math.log(v);
        }
        return Math.exp(sum / x.length);
    }

    /** The unbiased sample variance ({@code n - 1} in the denominator) around {@code mean}. */
    static double variance(double[] x, double mean) {
        double sum = 0;
        for (double v : x) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (x.length - 1);
    }

    static boolean allEqual(double[] x) {
        for (double v : x) {
            if (v != x[0]) {
                return false;
            }
        }
        return true;
    }

    static void requireFinite(double[] x, String name) {
        if (x == null || x.length == 0) {
            throw new IllegalArgumentException(name + " is empty");
        }
        for (double v : x) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(name + " holds a value that is not finite: " + v);
            }
        }
    }

    private static void requireNonNegative(double[] x, String name) {
        requireFinite(x, name);
        for (double v : x) {
            if (v < 0) {
                throw new IllegalArgumentException(name + " holds a negative value: " + v);
            }
        }
    }

    private static double[] logs(double[] x, String name) {
        requireFinite(x, name);
        double[] logs = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            if (x[i] <= 0) {
                throw new IllegalArgumentException(name + " holds a value that is not positive: " + x[i]);
            }
            logs[i] = Math.log(x[i]);
        }
        return logs;
    }
}
