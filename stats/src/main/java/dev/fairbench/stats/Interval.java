package dev.fairbench.stats;

import java.util.Objects;

/**
 * An estimate with its 95% confidence interval, in the unit of the figure it estimates (or unit-free for a ratio).
 * <p>{@code method} says how the interval was obtained:
 * <ul>
 *   <li>{@value #T_ROUNDS}: Student-t interval of the mean over the rounds' values;</li>
 *   <li>{@value #WELCH_LOG_ROUNDS}: ratio of geometric means, exp of the Welch interval on the logs of the rounds'
 *       values;</li>
 *   <li>{@value #BLOCK_BOOTSTRAP_SECONDS}: block bootstrap over one round's per-second series: within-run noise
 *       only, so narrower than the round-to-round truth;</li>
 *   <li>{@value #NONE}: no interval could be had (one value, or no per-second series): {@code low == high ==
 *       estimate}, and nothing may be concluded from it.</li>
 * </ul>
 * A zero-width interval with another method means the inputs did not vary at all. Immutable.
 *
 * @param estimate the point estimate
 * @param low      the lower bound, never NaN, at most {@code high}
 * @param high     the upper bound, never NaN
 * @param method   one of the four names above
 */
public record Interval(double estimate, double low, double high, String method) {
    /** Method name: Student-t interval over round values. */
    public static final String T_ROUNDS = "t-rounds";
    /** Method name: Welch interval on the logs of round values, exponentiated. */
    public static final String WELCH_LOG_ROUNDS = "welch-log-rounds";
    /** Method name: block bootstrap over the per-second series of one round. */
    public static final String BLOCK_BOOTSTRAP_SECONDS = "block-bootstrap-seconds";
    /** Method name: a point estimate without an interval. */
    public static final String NONE = "none";

    /**
     * @throws NullPointerException     if {@code method} is null
     * @throws IllegalArgumentException if a value is NaN or {@code low > high}
     */
    public Interval {
        Objects.requireNonNull(method, "method");
        if (Double.isNaN(estimate) || Double.isNaN(low) || Double.isNaN(high)) {
            throw new IllegalArgumentException("NaN in interval " + estimate + " [" + low + ", " + high + "]");
        }
        if (low > high) {
            throw new IllegalArgumentException("low " + low + " > high " + high);
        }
    }

    /** A point estimate without an interval: method {@value #NONE}. */
    public static Interval point(double estimate) {
        return new Interval(estimate, estimate, estimate, NONE);
    }

    /** Whether {@code x} lies outside the closed interval: {@code x < low || x > high}. */
    public boolean excludes(double x) {
        return x < low || x > high;
    }

    /** Whether this is a real interval, that is {@code method} is not {@value #NONE}. */
    public boolean hasInterval() {
        return !NONE.equals(method);
    }

    /**
     * Half the width relative to the estimate, {@code (high - low) / 2 / |estimate|}: 0.03 reads "±3%". 0 when the
     * estimate is 0.
     */
    public double relativeHalfWidth() {
        return estimate == 0 ? 0 : (high - low) / 2 / Math.abs(estimate);
    }
}
