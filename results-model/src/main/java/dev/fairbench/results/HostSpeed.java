package dev.fairbench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How steady the host was over a whole session, from the canary of every measured window ({@link Canary}): the
 * run's baseline and how far the canary's times strayed from it. Computed from the windows alone
 * ({@link #of(Results)}), so it stays right when later commands add windows to the same results.
 *
 * @param baseline          per part, the median over every canary time of every window (before and after, kept
 *                          and discarded windows alike)
 * @param spread            half the range of the canaries' total times (both parts) over their median: the
 *                          report's "varied by ±X%"
 * @param maxSlowdown       the largest threshold any window was judged with
 * @param windows           measured windows with a canary, discarded ones included
 * @param windowsRetried    windows found slowed and measured again
 * @param windowsKeptSlowed windows still slowed after the retries, kept (and shown) as disturbed
 */
public record HostSpeed(Canary.Times baseline, double spread, double maxSlowdown, int windows, int windowsRetried,
                        int windowsKeptSlowed) {

    /** The host speed of every window with a canary in {@code results}, or {@code null} when there is none. */
    public static HostSpeed of(Results results) {
        List<Canary> kept = new ArrayList<>();
        List<Canary> discarded = new ArrayList<>();
        for (AppResult app : results.apps()) {
            for (RouteResult route : app.routes()) {
                List<RunResult> runs = new ArrayList<>(route.runs());
                runs.addAll(route.costRuns());
                if (route.overload() != null) runs.add(route.overload());
                for (RunResult r : runs) if (r.canary() != null) kept.add(r.canary());
                for (RunResult r : route.discarded()) if (r.canary() != null) discarded.add(r.canary());
            }
        }
        if (kept.isEmpty() && discarded.isEmpty()) return null;
        List<Canary> all = new ArrayList<>(kept);
        all.addAll(discarded);
        double[] cpu = all.stream().flatMapToDouble(c -> java.util.stream.DoubleStream.of(c.before().cpuMs(),
                c.after().cpuMs())).toArray();
        double[] memory = all.stream().flatMapToDouble(c -> java.util.stream.DoubleStream.of(c.before().memoryMs(),
                c.after().memoryMs())).toArray();
        double[] total = all.stream().flatMapToDouble(c -> java.util.stream.DoubleStream.of(c.before().totalMs(),
                c.after().totalMs())).toArray();
        double mid = median(total);
        double spread = (Arrays.stream(total).max().orElseThrow() - Arrays.stream(total).min().orElseThrow()) / 2 / mid;
        return new HostSpeed(new Canary.Times(median(cpu), median(memory)), spread,
                all.stream().mapToDouble(Canary::maxSlowdown).max().orElseThrow(), all.size(),
                (int) discarded.stream().filter(Canary::slowed).count(),
                (int) kept.stream().filter(Canary::slowed).count());
    }

    /**
     * {@code results} with every kept window that was judged slowed judged once more, against the final baseline
     * of the whole session ({@link #of}): where that finds it within the threshold, its canary is replaced by the
     * new judgement (whose {@code baseline} is then the final one) and its route summarized again. A window is
     * judged during the run against the timings so far, so that a slowed one can be measured again at once; early
     * in a run those are few, and a host that happened to be fast when the canary started (run B of
     * docs/results/2026-12-02-repeat began at 42 ms where the session's median was 72) makes ordinary windows look
     * slowed until the last retry. The judgement only clears: a window that passed during the run was not
     * measured again, and is not made disturbed afterwards. Discarded windows stay discarded.
     */
    public static Results rejudged(Results results) {
        HostSpeed speed = of(results);
        if (speed == null) return results;
        return results.withRoutesMapped(route -> rejudged(route, speed.baseline())).withHostSpeed();
    }

    private static RouteResult rejudged(RouteResult route, Canary.Times finalBaseline) {
        List<RunResult> runs = route.runs().stream().map(r -> rejudged(r, finalBaseline)).toList();
        return new RouteResult(route.route(), runs,
                runs.equals(route.runs()) ? route.summary() : Summaries.summarize(runs), route.discarded(),
                route.costRuns().stream().map(r -> rejudged(r, finalBaseline)).toList(),
                rejudged(route.overload(), finalBaseline));
    }

    private static RunResult rejudged(RunResult r, Canary.Times finalBaseline) {
        if (r == null || !r.slowed()) return r;
        Canary again = Canary.judge(r.canary().before(), r.canary().after(), finalBaseline, r.canary().maxSlowdown());
        return again.slowed() ? r : r.withCanary(again);
    }

    /** The median of {@code values} (not empty): the middle value, or the mean of the two middle ones. */
    public static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
