package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The "Warm-up and JIT" section: how long the warm-ups were (the fixed {@code --warmup}, grown while a JIT compiled,
 * up to {@code jit_settle_max_s}), how many grew and by how much, and what share of the JVM apps' CPU their JIT
 * compiler threads still used inside the measured windows. Over the counted runs and the cost runs of every app
 * (discarded runs are not counted). Omitted, no blocks at all, for results whose runs do not record their warm-up
 * (written before it was recorded). Stateless.
 */
final class WarmUpBuilder {
    /** Extra warm-up below this is rounding of the recorded seconds, not growth. */
    private static final double GREW_SECONDS = 0.0005;

    private WarmUpBuilder() {}

    /** The section under {@code heading}, or nothing when no run records its warm-up. */
    static List<Block> section(Results results, Messages m, Heading heading) {
        double fixed = results.setup().warmupSeconds();
        List<Located> grown = new ArrayList<>();
        List<Located> jitShares = new ArrayList<>();
        int warmUps = 0;
        for (AppResult app : results.apps()) {
            for (RouteResult r : app.routes()) {
                List<RunResult> runs = new ArrayList<>(r.runs());
                runs.addAll(r.costRuns());
                for (RunResult run : runs) {
                    String where = app.label() + ", " + m.route(r.route()) + ", " + VerdictsBuilder.window(run, r, m);
                    if (run.warmupSeconds() != null) {
                        warmUps++;
                        double extra = run.warmupSeconds() - fixed;
                        if (extra > GREW_SECONDS) grown.add(new Located(extra, where));
                    }
                    var res = run.resources();
                    if (res != null && res.jitCpuSeconds() != null && res.appCpuSeconds() != null
                            && res.appCpuSeconds() > 0) {
                        jitShares.add(new Located(res.jitCpuSeconds() / res.appCpuSeconds(), where));
                    }
                }
            }
        }
        if (warmUps == 0) return List.of();
        List<Block> out = new ArrayList<>();
        out.add(heading);
        String max = results.setup().environment().get("jit_settle_max_s");
        String intro = m.get("warmup.intro", m.number(fixed, 0), max == null ? "?" : m.number(Double.parseDouble(max), 0));
        String grew = grown.isEmpty() ? m.get("warmup.nonegrew") : m.get("warmup.grew", m.integer(grown.size()),
                m.integer(warmUps), m.number(median(grown), 0), m.number(largest(grown).value(), 0),
                largest(grown).where());
        out.add(new Paragraph(intro + " " + grew, false));
        if (!jitShares.isEmpty()) {
            out.add(new Paragraph(m.get("warmup.jit", m.percent(median(jitShares)), m.percent(largest(jitShares).value()),
                    largest(jitShares).where()), false));
        }
        return out;
    }

    private static double median(List<Located> values) {
        List<Double> sorted = values.stream().map(Located::value).sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The largest value; the first of equal ones. */
    private static Located largest(List<Located> values) {
        return values.stream().max(Comparator.comparingDouble(Located::value)).orElseThrow();
    }

    /** A value and the run it was measured in ("Spring MVC, Index, round 2"). */
    private record Located(double value, String where) {}
}
