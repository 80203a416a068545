package dev.fairbench.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Finds the highest fixed request rate at which the corrected p99 latency stays under an SLO, the question a
 * capacity planner asks. Each step is one fixed-rate run (see {@link Probe}); the search doubles the rate from a
 * start until a step breaks the SLO (or completes too few requests), then bisects between the last good and the
 * first bad rate until they are within {@code toleranceFraction} of each other. With {@code confirmBreaks}, a step
 * that breaks the SLO is run once more at the same rate and the rate is bad only when it breaks it again: on a
 * shared machine one stall of the app (a CPU taken by another process for a second) breaks a p99 by itself, and a
 * single such step caps the whole bisection below the real capacity. Deterministic for a deterministic probe; not
 * thread-safe.
 */
public final class CapacitySearch {

    /** One fixed-rate run at {@code ratePerSecond}: its outcome. */
    @FunctionalInterface
    public interface Probe {
        Step run(double ratePerSecond) throws Exception;
    }

    /**
     * @param ratePerSecond    offered rate
     * @param p99Millis        corrected p99 (from intended send times)
     * @param p999Millis       corrected p99.9
     * @param completedPerSecond completed requests per second
     * @param errors           socket errors, timeouts and non-2xx responses
     */
    public record Step(double ratePerSecond, double p99Millis, double p999Millis, double completedPerSecond,
                       long errors) {}

    /** The search outcome: the best step within the SLO (null when even the start rate failed) and every step run. */
    public record Outcome(Step best, List<Step> steps) {}

    private final double sloP99Millis;
    private final double toleranceFraction;
    private final int maxSteps;
    private final boolean confirmBreaks;

    /** A search that trusts every step: {@code confirmBreaks} false. */
    public CapacitySearch(double sloP99Millis, double toleranceFraction, int maxSteps) {
        this(sloP99Millis, toleranceFraction, maxSteps, false);
    }

    /**
     * @param sloP99Millis      the p99 bound, e.g. 15
     * @param toleranceFraction stop when the bracket is narrower than this fraction of its lower end, e.g. 0.05
     * @param maxSteps          bound on runs (repeats included), whatever happens
     * @param confirmBreaks     run a step that breaks the SLO once more before calling its rate bad
     */
    public CapacitySearch(double sloP99Millis, double toleranceFraction, int maxSteps, boolean confirmBreaks) {
        if (sloP99Millis <= 0 || toleranceFraction <= 0 || maxSteps < 2) {
            throw new IllegalArgumentException("need a positive SLO and tolerance, and at least 2 steps");
        }
        this.sloP99Millis = sloP99Millis;
        this.toleranceFraction = toleranceFraction;
        this.maxSteps = maxSteps;
        this.confirmBreaks = confirmBreaks;
    }

    /** A step is good when p99 is under the SLO, nothing failed, and at least 95% of the offered rate completed. */
    public boolean withinSlo(Step step) {
        return step.p99Millis() < sloP99Millis && step.errors() == 0
                && step.completedPerSecond() >= 0.95 * step.ratePerSecond();
    }

    public Outcome search(double startRatePerSecond, Probe probe) throws Exception {
        Objects.requireNonNull(probe);
        List<Step> steps = new ArrayList<>();
        Step best = null;
        double good = 0;
        double bad = Double.NaN;
        double rate = startRatePerSecond;
        while (steps.size() < maxSteps) {
            Step step = probe.run(rate);
            steps.add(step);
            if (confirmBreaks && !withinSlo(step) && steps.size() < maxSteps) {
                step = probe.run(rate);
                steps.add(step);
            }
            if (withinSlo(step)) {
                good = rate;
                if (best == null || rate > best.ratePerSecond()) best = step;
            } else {
                bad = rate;
            }
            if (Double.isNaN(bad)) {
                rate = rate * 2;
                continue;
            }
            if (good == 0) {
                rate = bad / 2;
                if (rate < 1) break;
                continue;
            }
            if (bad - good <= toleranceFraction * good) break;
            rate = (good + bad) / 2;
        }
        return new Outcome(best, steps);
    }
}
