package dev.fairbench.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A moving-block bootstrap of the mean of one round's per-second series, in its circular form (Politis and Romano):
 * a resample is made of blocks of {@code blockLength} consecutive seconds, each starting at a uniformly drawn second
 * and wrapping around the end, concatenated and cut to the series' length. Blocks keep the series' short-range
 * autocorrelation (a slow second tends to be followed by a slow second), which an iid bootstrap would destroy,
 * making its interval too narrow; wrapping around gives every second the same weight.
 * <p>The interval is the percentile interval (2.5% and 97.5% quantiles, interpolated) of
 * {@value #RESAMPLES} resampled means, from a {@link SplittableRandom} with the given seed: the same series and seed
 * always give the same interval.
 * <p>It measures within-run noise only. Stateless and thread-safe.
 */
public final class BlockBootstrap {
    /** Number of resamples of every bootstrap here. */
    public static final int RESAMPLES = 2000;

    private BlockBootstrap() {
    }

    /**
     * The block length for a series: the smallest lag {@code k ≥ 1} whose sample autocorrelation is within the
     * white-noise band, {@code |r(k)| < 2/√n}, then clamped to {@code [2, n/2]}; when {@code n/2 < 2} (fewer than 4
     * seconds) it is {@code max(1, n/2)}. A constant series has no autocorrelation: {@code k = 1}. When no lag up
     * to {@code n/2} is inside the band, {@code n/2}.
     *
     * @param series the per-second values, at least one, finite
     * @return the block length in seconds, between 1 and {@code max(1, n/2)}
     * @throws IllegalArgumentException if the series is empty or a value is not finite
     */
    public static int blockLength(double[] series) {
        Intervals.requireFinite(series, "series");
        int n = series.length;
        int max = Math.max(1, n / 2);
        int k = max;
        if (Intervals.allEqual(series)) {
            k = 1;
        } else {
            double band = 2 / Math.sqrt(n);
            for (int lag = 1; lag <= max; lag++) {
                if (Math.abs(autocorrelation(series, lag)) < band) {
                    k = lag;
                    break;
                }
            }
        }
        return Math.min(Math.max(k, 2), max);
    }

    /**
     * The sample autocorrelation of {@code series} at {@code lag}: {@code Σ (x[t] - m)(x[t+lag] - m) / Σ (x[t] - m)²}
     * (the usual biased estimator, as in Box–Jenkins). NaN for a constant series.
     *
     * @throws IllegalArgumentException if {@code lag} is not in {@code [0, n)}
     */
    public static double autocorrelation(double[] series, int lag) {
        if (lag < 0 || lag >= series.length) {
            throw new IllegalArgumentException("lag " + lag + " outside [0, " + series.length + ")");
        }
        double m = Intervals.mean(series);
        double num = 0;
        double den = 0;
        for (int t = 0; t < series.length; t++) {
            double d = series[t] - m;
            den += d * d;
            if (t + lag < series.length) {
                num += d * (series[t + lag] - m);
            }
        }
        return num / den;
    }

    /**
     * The mean of {@code series} with its block-bootstrap percentile interval at a given block length, method
     * {@value Interval#BLOCK_BOOTSTRAP_SECONDS}. Block length 1 is the ordinary iid bootstrap.
     *
     * @param series      at least 2 finite values
     * @param blockLength in {@code [1, n]}
     * @param seed        seed of the resampling
     * @return the interval; zero width for a constant series
     * @throws IllegalArgumentException on fewer than 2 values, a value that is not finite, or a block length out of
     *                                  range
     */
    public static Interval ofMean(double[] series, int blockLength, long seed) {
        Intervals.requireFinite(series, "series");
        requireBootstrappable(series, blockLength);
        double mean = Intervals.mean(series);
        if (Intervals.allEqual(series)) {
            return new Interval(series[0], series[0], series[0], Interval.BLOCK_BOOTSTRAP_SECONDS);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] means = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            means[i] = resampledMean(series, blockLength, random);
        }
        return percentile(mean, means);
    }

    /**
     * {@code mean(a) / mean(b)} with a block-bootstrap percentile interval, each series resampled independently
     * with its own {@link #blockLength}. Callers check the inputs ({@link Intervals#ratioOfSeconds}).
     */
    static Interval ofRatioOfMeans(double[] a, double[] b, long seed) {
        double estimate = Intervals.mean(a) / Intervals.mean(b);
        if (Intervals.allEqual(a) && Intervals.allEqual(b)) {
            return new Interval(estimate, estimate, estimate, Interval.BLOCK_BOOTSTRAP_SECONDS);
        }
        int blockA = blockLength(a);
        int blockB = blockLength(b);
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            double meanA = resampledMean(a, blockA, random);
            double meanB = resampledMean(b, blockB, random);
            ratios[i] = meanB == 0 ? Double.POSITIVE_INFINITY : meanA / meanB;
        }
        return percentile(estimate, ratios);
    }

    private static void requireBootstrappable(double[] series, int blockLength) {
        if (series.length < 2) {
            throw new IllegalArgumentException("a bootstrap needs at least 2 values, got " + series.length);
        }
        if (blockLength < 1 || blockLength > series.length) {
            throw new IllegalArgumentException("block length " + blockLength + " outside [1, " + series.length + "]");
        }
    }

    /** The mean of one circular block resample of {@code x}. */
    private static double resampledMean(double[] x, int blockLength, SplittableRandom random) {
        int n = x.length;
        double sum = 0;
        int taken = 0;
        while (taken < n) {
            int start = random.nextInt(n);
            int length = Math.min(blockLength, n - taken);
            for (int j = 0; j < length; j++) {
                sum += x[(start + j) % n];
            }
            taken += length;
        }
        return sum / n;
    }

    /** The percentile interval of {@code draws} (sorted in place) around {@code estimate}. */
    private static Interval percentile(double estimate, double[] draws) {
        Arrays.sort(draws);
        double tail = (1 - Intervals.LEVEL) / 2;
        return new Interval(estimate, quantile(draws, tail), quantile(draws, 1 - tail),
                Interval.BLOCK_BOOTSTRAP_SECONDS);
    }

    /** The {@code p} quantile of sorted values, linearly interpolated between order statistics (R's type 7). */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        double fraction = h - lo;
        if (fraction == 0 || sorted[lo] == sorted[hi]) {
            return sorted[lo];  // also avoids ∞ - ∞
        }
        return sorted[lo] + fraction * (sorted[hi] - sorted[lo]);
    }
}
