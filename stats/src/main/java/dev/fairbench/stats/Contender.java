package dev.fairbench.stats;

import java.util.Arrays;
import java.util.Objects;

/**
 * One app's values of one figure on one route, for a {@linkplain Verdicts#decide verdict}. Immutable: the arrays
 * are copied in and out.
 *
 * @param name        the app's name, as the report shows it
 * @param roundValues the figure's value in each round (e.g. req/s, or app CPU µs per request), at least one, each
 *                    finite and {@code > 0}
 * @param perSecond   the per-second series of the figure in the round, used only when the contender has a single
 *                    round (e.g. completed requests in each second of the measured window); may be null
 */
public record Contender(String name, double[] roundValues, double[] perSecond) {
    /**
     * @throws NullPointerException     if {@code name} or {@code roundValues} is null
     * @throws IllegalArgumentException if {@code roundValues} is empty or holds a value that is not finite and
     *                                  positive, or {@code perSecond} is empty or holds a value that is not
     *                                  finite
     */
    public Contender {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(roundValues, "roundValues");
        Intervals.requireFinite(roundValues, name + " roundValues");
        for (double v : roundValues) {
            if (v <= 0) {
                throw new IllegalArgumentException(name + " has a round value that is not positive: " + v);
            }
        }
        roundValues = roundValues.clone();
        if (perSecond != null) {
            Intervals.requireFinite(perSecond, name + " perSecond");
            perSecond = perSecond.clone();
        }
    }

    /** A contender without a per-second series. */
    public Contender(String name, double... roundValues) {
        this(name, roundValues, null);
    }

    /** A copy of the round values. */
    @Override
    public double[] roundValues() {
        return roundValues.clone();
    }

    /** A copy of the per-second series, or null. */
    @Override
    public double[] perSecond() {
        return perSecond == null ? null : perSecond.clone();
    }

    /** The number of rounds. */
    public int rounds() {
        return roundValues.length;
    }

    /**
     * The value a verdict ranks by, the same centre the ratios compare: with two or more rounds the geometric mean
     * of the round values; with one round the mean of the per-second series when it has at least 2 values, else the
     * round's value.
     */
    public double centre() {
        if (roundValues.length >= 2) {
            return Intervals.geometricMean(roundValues);
        }
        return usesSeconds() ? Intervals.mean(perSecond) : roundValues[0];
    }

    /** One round with a per-second series of at least 2 values: such a contender is compared on its seconds. */
    boolean usesSeconds() {
        return roundValues.length == 1 && perSecond != null && perSecond.length >= 2;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Contender c && name.equals(c.name) && Arrays.equals(roundValues, c.roundValues)
                && Arrays.equals(perSecond, c.perSecond);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(roundValues), Arrays.hashCode(perSecond));
    }

    @Override
    public String toString() {
        return "Contender[" + name + ", rounds=" + Arrays.toString(roundValues)
                + (perSecond == null ? "" : ", perSecond=" + perSecond.length + " s") + "]";
    }
}
