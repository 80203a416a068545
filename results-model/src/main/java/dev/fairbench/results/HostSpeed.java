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
                if (route.cost() != null) runs.add(route.cost());
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

    /** The median of {@code values} (not empty): the middle value, or the mean of the two middle ones. */
    public static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
