package dev.fairbench.stats;

import java.util.Random;

/** Simulated measurements whose truth is known, from seeded {@link Random}s (its Gaussian is specified). */
final class Simulated {
    private Simulated() {
    }

    /** {@code n} round values around {@code mean} with normal noise of coefficient of variation {@code cv}. */
    static double[] rounds(Random random, int n, double mean, double cv) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = mean * (1 + cv * random.nextGaussian());
        }
        return values;
    }

    /**
     * A stationary AR(1) series of {@code n} seconds around {@code mean}: {@code e[t] = phi e[t-1] + sd z[t]}, started
     * from its stationary distribution so that its mean is exactly {@code mean} in expectation.
     */
    static double[] ar1(Random random, int n, double mean, double phi, double sd) {
        double[] series = new double[n];
        double e = sd * random.nextGaussian() / Math.sqrt(1 - phi * phi);
        for (int t = 0; t < n; t++) {
            e = phi * e + sd * random.nextGaussian();
            series[t] = mean + e;
        }
        return series;
    }
}
