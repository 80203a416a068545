package dev.fairbench.report.render;

import dev.fairbench.report.RouteVerdict;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.CapacityResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.stats.Interval;
import dev.fairbench.stats.Intervals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The "Variants" section: each app declared as a variant of another ({@code variant_of} in the registry, recorded
 * in results.json) next to its base, per route both were measured on: the ratio variant / base of the median
 * closed-loop req/s and of the app CPU per request over the rounds, with the 95% interval of the ratio (Welch on the
 * logs of the rounds' values, {@link Intervals#ratioOfRounds}), and a verdict only where the interval excludes 1;
 * and, where both were searched, the ratio of their capacities (one search each: a point, no interval). Empty when
 * no variant and its base are both in the results. Stateless.
 */
final class VariantsBuilder {
    private VariantsBuilder() {
    }

    static List<Block> build(Results results, Messages m) {
        List<List<String>> rows = new ArrayList<>();
        for (AppResult variant : results.apps()) {
            if (variant.variantOf() == null) continue;
            Optional<AppResult> found = results.app(variant.variantOf());
            if (found.isEmpty()) continue;
            AppResult base = found.get();
            for (String route : results.setup().routes()) {
                Optional<RouteResult> v = variant.route(route);
                Optional<RouteResult> b = base.route(route);
                if (v.isPresent() && b.isPresent() && !v.get().runs().isEmpty() && !b.get().runs().isEmpty()) {
                    Interval rps = ratio(v.get().runs(), b.get().runs(), RunResult::requestsPerSecond);
                    Interval cpu = ratio(v.get().runs(), b.get().runs(), RouteVerdict::appCpuUsPerRequest);
                    rows.add(List.of(variant.label(), base.label(), variant.variant(), m.route(route),
                            ratioText(rps, m), ratioText(cpu, m), verdict(rps, cpu, m)));
                }
                Optional<Double> capV = capacity(variant, route);
                Optional<Double> capB = capacity(base, route);
                if (capV.isPresent() && capB.isPresent() && capB.get() > 0) {
                    rows.add(List.of(variant.label(), base.label(), variant.variant(), m.route(route) + " · "
                            + m.get("variants.capacity"), "×" + m.number(capV.get() / capB.get(), 2), "—",
                            m.get("variants.point")));
                }
            }
        }
        if (rows.isEmpty()) return List.of();
        List<Block> out = new ArrayList<>();
        out.add(new Heading(2, m.get("variants"), "variants"));
        out.add(new Paragraph(m.get("variants.intro")));
        out.add(new Table(List.of(m.get("col.variant"), m.get("col.base"), m.get("col.change"), m.get("col.route"),
                m.get("col.rpsratio"), m.get("col.cpuratio"), m.get("col.result")),
                List.of(false, false, false, false, true, true, false), rows));
        return out;
    }

    /** The ratio variant / base of a per-run value, over the runs where it is positive; a point without rounds. */
    private static Interval ratio(List<RunResult> variant, List<RunResult> base, ToDoubleFunction<RunResult> value) {
        double[] a = variant.stream().mapToDouble(value).filter(x -> x > 0 && Double.isFinite(x)).toArray();
        double[] b = base.stream().mapToDouble(value).filter(x -> x > 0 && Double.isFinite(x)).toArray();
        if (a.length == 0 || b.length == 0) return null;
        return Intervals.ratioOfRounds(a, b);
    }

    /** A ratio as "×1.02 [0.98–1.06]", or without brackets when it is a point; a dash for none. */
    static String ratioText(Interval i, Messages m) {
        if (i == null) return "—";
        String point = "×" + m.number(i.estimate(), 2);
        return i.hasInterval() ? point + " [" + m.number(i.low(), 2) + "–" + m.number(i.high(), 2) + "]" : point;
    }

    private static String verdict(Interval rps, Interval cpu, Messages m) {
        if (rps == null || !rps.hasInterval()) return m.get("variants.rounds");
        List<String> parts = new ArrayList<>();
        if (rps.excludes(1)) parts.add(m.get(rps.estimate() > 1 ? "variants.faster" : "variants.slower"));
        if (cpu != null && cpu.hasInterval() && cpu.excludes(1)) {
            parts.add(m.get(cpu.estimate() > 1 ? "variants.morecpu" : "variants.lesscpu"));
        }
        return parts.isEmpty() ? m.get("variants.noise") : String.join("; ", parts);
    }

    private static Optional<Double> capacity(AppResult app, String route) {
        return app.capacity().stream().filter(c -> c.route().equals(route)).findFirst()
                .flatMap(CapacityResult::maxUnderSlo).map(CapacityResult.Step::targetRatePerSecond);
    }
}
