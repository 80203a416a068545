package dev.fairbench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Computes the {@link RouteSummary} of a route from its runs: the median counts, as in the rules. Stateless and
 * thread-safe.
 */
public final class Summaries {
    private Summaries() {
    }

    /**
     * Summarizes runs of one app and route; see {@link RouteSummary} for what each value means.
     *
     * @return the summary, or {@code null} when {@code runs} is empty
     */
    public static RouteSummary summarize(List<RunResult> runs) {
        if (runs.isEmpty()) {
            return null;
        }
        List<RunResult> byThroughput = new ArrayList<>(runs);
        byThroughput.sort(Comparator.comparingDouble(RunResult::requestsPerSecond).thenComparingInt(RunResult::run));
        int n = byThroughput.size();
        RunResult median = byThroughput.get((n - 1) / 2);
        double medianRps = n % 2 == 1 ? median.requestsPerSecond()
                : (byThroughput.get(n / 2 - 1).requestsPerSecond() + byThroughput.get(n / 2).requestsPerSecond()) / 2;
        double range = byThroughput.get(n - 1).requestsPerSecond() - byThroughput.get(0).requestsPerSecond();
        double spread = medianRps > 0 ? range / 2 / medianRps : 0;

        long errors = 0;
        long non2xx = 0;
        for (RunResult run : runs) {
            errors += run.errors();
            non2xx += run.non2xx();
        }
        Resources r = median.resources();
        double seconds = median.durationSeconds();
        Double app = medianOf(runs, Summaries::appCpuMicrosPerRequest);
        Double postgres = medianOf(runs, run -> cpuMicrosPerRequest(run, Resources::postgresCpuSeconds));
        Double redis = medianOf(runs, run -> cpuMicrosPerRequest(run, Resources::redisCpuSeconds));
        return new RouteSummary(n, median.run(), medianRps, spread, median.latency(), app, postgres, redis,
                medianOf(runs, Summaries::contextSwitchesPerRequest), firstRss(runs),
                r == null || r.gcCollections() == null || seconds <= 0 ? null : r.gcCollections() / seconds,
                r == null || r.gcPauseSeconds() == null || seconds <= 0 ? null : r.gcPauseSeconds() / seconds,
                errors, non2xx, cpuSpread(runs), total(app, postgres, redis),
                app == null || app <= 0 ? null : 1e6 / app,
                bound(runs), (int) runs.stream().filter(RunResult::disturbed).count());
    }

    /**
     * The median of one figure over the runs that have it, or {@code null} when none has. Costs are summarized this
     * way, not taken from the run that is median by req/s: where PostgreSQL sets the req/s (a services-bound route)
     * that run can be any of them as far as the app's CPU goes (docs/results/median-cost.md).
     */
    private static Double medianOf(List<RunResult> runs, Function<RunResult, Double> figure) {
        List<Double> values = runs.stream().map(figure).filter(Objects::nonNull).toList();
        return values.isEmpty() ? null : median(values);
    }

    private static Double cpuMicrosPerRequest(RunResult run, Function<Resources, Double> cpuSeconds) {
        return run.resources() == null ? null : microsPerRequest(cpuSeconds.apply(run.resources()), run.requestsCompleted());
    }

    private static Double contextSwitchesPerRequest(RunResult run) {
        Resources r = run.resources();
        return r == null || r.appContextSwitches() == null || run.requestsCompleted() == 0 ? null
                : (double) r.appContextSwitches() / run.requestsCompleted();
    }

    /** App-bound when every run was; else the most frequent other bound; null when no run knows. */
    static Bound bound(List<RunResult> runs) {
        Map<Bound, Integer> counts = new EnumMap<>(Bound.class);
        int known = 0;
        for (RunResult run : runs) {
            if (run.cpuUse() == null || run.cpuUse().bound() == null) continue;
            counts.merge(run.cpuUse().bound(), 1, Integer::sum);
            known++;
        }
        if (known == 0) return null;
        if (counts.getOrDefault(Bound.APP_BOUND, 0) == known) return Bound.APP_BOUND;
        counts.remove(Bound.APP_BOUND);
        return counts.entrySet().stream().max(Map.Entry.<Bound, Integer>comparingByValue()
                .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).map(Map.Entry::getKey).orElse(null);
    }

    /**
     * Half the range of the runs' app CPU per request over its median, or null when a run lacks it: the summary's
     * {@code app_cpu_spread}, and the spread a report gives the cost runs over their rounds.
     */
    public static Double cpuSpread(List<RunResult> runs) {
        List<Double> perRequest = new ArrayList<>();
        for (RunResult run : runs) {
            Double us = appCpuMicrosPerRequest(run);
            if (us == null) return null;
            perRequest.add(us);
        }
        double median = median(perRequest);
        double range = perRequest.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                - perRequest.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return median > 0 ? range / 2 / median : 0.0;
    }

    private static Double total(Double app, Double postgres, Double redis) {
        if (app == null) return null;
        return app + (postgres == null ? 0 : postgres) + (redis == null ? 0 : redis);
    }

    /** RSS of the lowest-numbered run that sampled it, or {@code null}. */
    private static Long firstRss(List<RunResult> runs) {
        return runs.stream().filter(r -> r.resources() != null && r.resources().appRssPeakBytes() != null)
                .min(Comparator.comparingInt(RunResult::run)).map(r -> r.resources().appRssPeakBytes()).orElse(null);
    }

    /** App CPU per request of one run in µs, or {@code null} when it has no CPU figure or no request. */
    static Double appCpuMicrosPerRequest(RunResult run) {
        return cpuMicrosPerRequest(run, Resources::appCpuSeconds);
    }

    private static Double microsPerRequest(Double cpuSeconds, long requests) {
        return cpuSeconds == null || requests == 0 ? null : cpuSeconds * 1e6 / requests;
    }

    /**
     * Median of values (mean of the middle two for an even count).
     *
     * @throws IllegalArgumentException when {@code values} is empty
     */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("median of no values");
        }
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
