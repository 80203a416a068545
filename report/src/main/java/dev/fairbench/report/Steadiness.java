package dev.fairbench.report;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.Bound;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How steady the host was inside a run's measured windows, read from the hlogs alone.
 *
 * <p>In a closed-loop window whose run was {@link Bound#APP_BOUND app-bound} the app's CPUs are busy all the time
 * and every request is the same work, so the number of requests it completes in each second of the window changes
 * only when the host gives its CPUs more or less speed, or with the app's own pauses (GC, JIT). The figure per
 * window is the coefficient of variation (population standard deviation over mean) of its per-second rates, over
 * the intervals of at least {@value #FULL_INTERVAL_SECONDS} s (the last interval of a log may be cut short); this
 * record holds its median and 90th percentile over the windows, and the largest fall from one second to the next.
 * Neither the guard's foreign CPU nor the hypervisor's steal sees a host that slows a guest through the caches or
 * memory it shares with other guests; this does, after the fact. It judges no window.
 *
 * <p>Closed-loop windows only (discarded windows and cost runs are left out), and only those whose hlog is in the
 * results directory and has at least {@value #MIN_INTERVALS} full intervals. Immutable.
 *
 * @param windows     app-bound windows read
 * @param medianCv    median over those windows of the coefficient of variation of their per-second rates
 * @param p90Cv       its 90th percentile (nearest rank)
 * @param largestDrop the largest fall of the rate from one full second to the next, as a fraction of the earlier
 *                    second's rate, over every window (0 when it never fell)
 * @param dropApp     name of the app of the window with that fall
 * @param dropRoute   its route
 * @param dropRound   its round
 */
public record Steadiness(int windows, double medianCv, double p90Cv, double largestDrop, String dropApp,
                         String dropRoute, int dropRound) {
    static final double FULL_INTERVAL_SECONDS = 0.9;
    static final int MIN_INTERVALS = 3;

    /**
     * Median coefficient of variation above which a run is called unsteady. In the committed two-run checks
     * (docs/benchmarks.md §2, docs/results/steadiness.sh) runs at 2.0% or less reproduced app CPU per request within
     * 5% in 19 to 23 of 24 cells, runs at 5.3% or more in 10 to 12: the line is drawn between the two.
     */
    public static final double UNSTEADY_MEDIAN_CV = 0.03;

    /** Whether the host moved a saturated app's rate by more than {@link #UNSTEADY_MEDIAN_CV} in the median window. */
    public boolean unsteady() {
        return medianCv > UNSTEADY_MEDIAN_CV;
    }

    /**
     * The steadiness of the run's app-bound closed-loop windows, whose hlogs are read under {@code dir}; empty without
     * a directory or when no such window has a readable hlog.
     */
    public static Optional<Steadiness> of(Results results, Path dir) {
        if (dir == null) return Optional.empty();
        List<Double> cvs = new ArrayList<>();
        double largestDrop = 0;
        String dropApp = null;
        String dropRoute = null;
        int dropRound = 0;
        for (AppResult app : results.apps()) {
            for (RouteResult route : app.routes()) {
                for (RunResult run : route.runs()) {
                    if (run.cpuUse() == null || run.cpuUse().bound() != Bound.APP_BOUND || run.hlog() == null) continue;
                    double[] rates = perSecondRates(dir.resolve(run.hlog()));
                    if (rates.length < MIN_INTERVALS) continue;
                    cvs.add(coefficientOfVariation(rates));
                    for (int i = 1; i < rates.length; i++) {
                        double drop = rates[i - 1] > 0 ? 1 - rates[i] / rates[i - 1] : 0;
                        if (drop > largestDrop || dropApp == null) {
                            largestDrop = Math.max(0, drop);
                            dropApp = app.name();
                            dropRoute = route.route();
                            dropRound = run.run();
                        }
                    }
                }
            }
        }
        if (cvs.isEmpty()) return Optional.empty();
        cvs.sort(null);
        int n = cvs.size();
        double median = n % 2 == 1 ? cvs.get(n / 2) : (cvs.get(n / 2 - 1) + cvs.get(n / 2)) / 2;
        return Optional.of(new Steadiness(n, median, cvs.get((int) Math.ceil(0.9 * n) - 1), largestDrop, dropApp,
                dropRoute, dropRound));
    }

    /** Requests per second of each full interval of the log; none when the log is missing or unreadable. */
    static double[] perSecondRates(Path hlog) {
        try {
            return Hlogs.intervals(hlog).stream().filter(i -> i.lengthSeconds() >= FULL_INTERVAL_SECONDS)
                    .mapToDouble(Hlogs.Interval::perSecond).toArray();
        } catch (IOException e) {
            return new double[0];
        }
    }

    /** Population standard deviation over mean; 0 for a mean of 0. */
    static double coefficientOfVariation(double[] values) {
        double mean = 0;
        for (double v : values) mean += v;
        mean /= values.length;
        if (mean == 0) return 0;
        double squares = 0;
        for (double v : values) squares += (v - mean) * (v - mean);
        return Math.sqrt(squares / values.length) / mean;
    }
}
