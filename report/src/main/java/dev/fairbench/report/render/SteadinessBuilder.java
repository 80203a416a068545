package dev.fairbench.report.render;

import dev.fairbench.report.Hlogs;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Bound;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The steadiness line under "Interference": how much a saturated app's throughput moved from one second to the next
 * inside the measured windows, read from the hlogs alone.
 *
 * <p>In a closed-loop window whose run was {@link Bound#APP_BOUND app-bound} the app's CPUs are busy all the time
 * and every request is the same work, so the number of requests it completes in each second of the window changes
 * only when the host gives its CPUs more or less speed, or with the app's own pauses (GC, JIT). The figure per
 * window is the coefficient of variation (population standard deviation over mean) of its per-second rates, over
 * the intervals of at least {@value #FULL_INTERVAL_SECONDS} s (the last interval of a log may be cut short); the
 * line gives its median and 90th percentile over the windows, and the largest fall from one second to the next.
 * Neither the guard's foreign CPU nor the hypervisor's steal sees a host that slows a guest through the caches or
 * memory it shares with other guests; this does, after the fact. It judges nothing: no window is retried for it.
 *
 * <p>Closed-loop windows only (discarded windows and cost runs are left out), and only those whose hlog is in the
 * results directory and has at least {@value #MIN_INTERVALS} full intervals. Stateless.
 */
final class SteadinessBuilder {
    static final double FULL_INTERVAL_SECONDS = 0.9;
    static final int MIN_INTERVALS = 3;

    /**
     * The steadiness of the app-bound windows.
     *
     * @param windows      app-bound windows read
     * @param medianCv     median over those windows of the coefficient of variation of their per-second rates
     * @param p90Cv        its 90th percentile (nearest rank)
     * @param largestDrop  the largest fall of the rate from one full second to the next, as a fraction of the
     *                     earlier second's rate, over every window
     * @param dropApp      app of the window with that fall
     * @param dropRoute    its route
     * @param dropRound    its round
     */
    record Steadiness(int windows, double medianCv, double p90Cv, double largestDrop, String dropApp,
                      String dropRoute, int dropRound) {}

    private SteadinessBuilder() {}

    /** The line, or nothing without a results directory or without an app-bound window whose hlog is there. */
    static List<Block> section(Results results, Path dir, Messages m) {
        Steadiness s = of(results, dir);
        if (s == null) return List.of();
        String app = results.app(s.dropApp()).map(AppResult::label).orElse(s.dropApp());
        return List.of(new Paragraph(m.get("steadiness", m.integer(s.windows()), m.percent(s.medianCv()),
                m.percent(s.p90Cv()), m.percent(s.largestDrop()), app, m.route(s.dropRoute()),
                m.integer(s.dropRound()))));
    }

    /** The steadiness of the run's app-bound closed-loop windows, or null when none can be read. */
    static Steadiness of(Results results, Path dir) {
        if (dir == null) return null;
        List<Double> cvs = new ArrayList<>();
        double largestDrop = -1;
        RunResult dropRun = null;
        String dropApp = null;
        String dropRoute = null;
        for (AppResult app : results.apps()) {
            for (RouteResult route : app.routes()) {
                for (RunResult run : route.runs()) {
                    if (run.cpuUse() == null || run.cpuUse().bound() != Bound.APP_BOUND || run.hlog() == null) continue;
                    double[] rates = perSecondRates(dir.resolve(run.hlog()));
                    if (rates.length < MIN_INTERVALS) continue;
                    cvs.add(coefficientOfVariation(rates));
                    for (int i = 1; i < rates.length; i++) {
                        double drop = rates[i - 1] > 0 ? 1 - rates[i] / rates[i - 1] : 0;
                        if (drop > largestDrop) {
                            largestDrop = drop;
                            dropRun = run;
                            dropApp = app.name();
                            dropRoute = route.route();
                        }
                    }
                }
            }
        }
        if (cvs.isEmpty()) return null;
        cvs.sort(null);
        return new Steadiness(cvs.size(), median(cvs), cvs.get((int) Math.ceil(0.9 * cvs.size()) - 1),
                Math.max(0, largestDrop), dropApp, dropRoute, dropRun.run());
    }

    /** Requests per second of each full interval of the log; none when the log is missing or unreadable. */
    static double[] perSecondRates(Path hlog) {
        try {
            return Hlogs.intervals(hlog).stream().filter(i -> i.lengthSeconds() >= FULL_INTERVAL_SECONDS)
                    .mapToDouble(i -> i.count() / i.lengthSeconds()).toArray();
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

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
