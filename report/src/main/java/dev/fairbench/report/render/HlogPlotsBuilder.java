package dev.fairbench.report.render;

import dev.fairbench.report.Hlogs;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.LineChart;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Series;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.report.render.Block.Tick;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Plots drawn from the hlogs every run writes next to results.json (read with {@link Hlogs}): per route, the
 * latency distribution of each app (its kept rounds together; log x axis from p50 to p99.99, as HdrHistogram's
 * percentile plots; the y axis logarithmic too when the plot spans a factor of {@link #LOG_Y_RATIO} or more) and
 * the throughput of every round of each app second by second (the median round thick, the others thin in the same
 * colour), so stalls, warm-up, GC and rounds unlike the others show. An app or round whose hlogs are missing or
 * unreadable is left out of the plot. The output depends on the results and the hlog files only. Stateless.
 */
final class HlogPlotsBuilder {
    /** Percentiles labelled on the x axis. */
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final int POINTS = 60;
    /**
     * The latency plot gets a logarithmic y axis when its highest value is at least this many times its lowest: a
     * tail of seconds would otherwise flatten every median to the bottom line.
     */
    static final double LOG_Y_RATIO = 20;
    /** The lowest value a logarithmic latency axis shows, in ms (1 µs, the hlogs' resolution). */
    private static final double MIN_LOG_MS = 0.001;

    private final Results results;
    private final Messages m;
    private final Path dir;

    private HlogPlotsBuilder(Results results, Messages m, Path dir) {
        this.results = results;
        this.m = m;
        this.dir = dir;
    }

    /** The section, or nothing when {@code dir} is {@code null} (reports of results without their directory). */
    static List<Block> build(Results results, Messages m, Path dir) {
        if (dir == null) return List.of();
        return new HlogPlotsBuilder(results, m, dir).build();
    }

    /** x position of percentile {@code p}: log10 of 1 / (1 − p). */
    static double x(double percentile) {
        return Math.log10(100 / (100 - percentile));
    }

    private List<Block> build() {
        List<Block> out = new ArrayList<>();
        out.add(new Heading(2, m.get("distribution"), "distribution"));
        out.add(new Paragraph(m.get("distribution.intro")));
        int plotted = 0;
        for (String route : results.setup().routes()) {
            List<Series> latency = new ArrayList<>();
            List<List<String>> latencyRows = new ArrayList<>();
            List<Series> rate = new ArrayList<>();
            List<List<String>> rateRows = new ArrayList<>();
            for (AppResult app : results.apps()) {
                RouteResult r = app.route(route).orElse(null);
                if (r == null || r.runs().isEmpty() || r.summary() == null) continue;
                int colour = Palette.of(results, app.name());
                Histogram all = null;
                for (RunResult run : r.runs()) {
                    Path file = file(run);
                    if (file == null) continue;
                    try {
                        Histogram h = Hlogs.read(file);
                        if (all == null) all = h;
                        else all.add(h);
                    } catch (IOException e) {
                        // a missing or damaged log leaves the app out; the tables above still have its percentiles
                    }
                }
                if (all != null && all.getTotalCount() > 0) {
                    List<double[]> points = new ArrayList<>();
                    double from = x(50);
                    double to = x(99.99);
                    for (int i = 0; i <= POINTS; i++) {
                        double x = from + (to - from) * i / POINTS;
                        double p = 100 - 100 / Math.pow(10, x);
                        points.add(new double[] {x, Hlogs.percentileMs(all, Math.min(p, 99.99))});
                    }
                    latency.add(new Series(app.label(), colour, points));
                    List<String> row = new ArrayList<>(List.of(app.label()));
                    for (double p : PERCENTILES) row.add(m.number(Hlogs.percentileMs(all, p), 2));
                    latencyRows.add(row);
                }
                rounds(app, r, colour, rate, rateRows);
            }
            if (latency.isEmpty() && rate.isEmpty()) continue;
            plotted++;
            out.add(new Heading(3, m.route(route), "distribution-" + route));
            if (!latency.isEmpty()) {
                double top = latency.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[1]).max().orElse(1);
                List<Tick> xTicks = new ArrayList<>();
                for (double p : PERCENTILES) {
                    xTicks.add(new Tick(x(p), "p" + (p == Math.rint(p) ? String.valueOf((int) p) : String.valueOf(p))));
                }
                List<String> header = new ArrayList<>(List.of(m.get("col.app")));
                List<Boolean> numeric = new ArrayList<>(List.of(false));
                for (Tick t : xTicks) {
                    header.add(t.label() + ", ms");
                    numeric.add(true);
                }
                double bottom = latency.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[1]).min()
                        .orElse(1);
                boolean log = top >= LOG_Y_RATIO * Math.max(bottom, MIN_LOG_MS);
                out.add(new LineChart(m.get("distribution.latency"), m.get("distribution.latency.subtitle"),
                        m.get("distribution.latency.x"),
                        m.get(log ? "distribution.latency.y.log" : "distribution.latency.y"), xTicks, log ? logYTicks(m, Math.max(bottom, MIN_LOG_MS), top) : yTicks(m, top), latency,
                        List.of(), new Table(header, numeric, latencyRows), List.of(), log));
            }
            if (!rate.isEmpty()) {
                double top = rate.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[1]).max().orElse(1);
                double end = rate.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[0]).max().orElse(1);
                List<Tick> xTicks = new ArrayList<>();
                double step = niceStep(end / 5);
                for (double t = 0; t < end + step / 2; t += step) xTicks.add(new Tick(t, m.integer(t) + " s"));
                if (xTicks.getLast().at() < end) xTicks.add(new Tick(xTicks.getLast().at() + step,
                        m.integer(xTicks.getLast().at() + step) + " s"));
                out.add(new LineChart(m.get("distribution.rate"), m.get("distribution.rate.subtitle"),
                        m.get("distribution.rate.x"), m.get("distribution.rate.y"), xTicks, yTicks(m, top), rate,
                        List.of(), new Table(List.of(m.get("col.app"), m.get("col.round"), m.get("col.seconds"),
                        m.get("col.rate.low"), m.get("col.rate.median"), m.get("col.rate.high")),
                        List.of(false, true, true, true, true, true), rateRows),
                        rate.stream().anyMatch(Series::secondary)
                                ? List.of(m.get("distribution.rate.key.median"), m.get("distribution.rate.key.other"))
                                : List.of(), false));
            }
        }
        if (plotted == 0) {
            out.add(new Paragraph(m.get("distribution.none")));
        }
        return out;
    }

    /**
     * Adds the req/s second by second of every round of {@code app} on a route with readable hlogs, in run order:
     * the median round as a primary line, the others as secondary lines of the same colour, and one table row per
     * round (the median one marked). A round whose hlog is missing, damaged or empty is left out.
     */
    private void rounds(AppResult app, RouteResult r, int colour, List<Series> rate, List<List<String>> rateRows) {
        for (RunResult run : r.runs()) {
            Path file = file(run);
            if (file == null) continue;
            List<double[]> points = new ArrayList<>();
            List<Double> rates = new ArrayList<>();
            try {
                for (Hlogs.Interval i : Hlogs.intervals(file)) {
                    if (i.lengthSeconds() <= 0) continue;
                    double perSecond = i.perSecond();
                    points.add(new double[] {i.startSeconds() + i.lengthSeconds(), perSecond});
                    rates.add(perSecond);
                }
            } catch (IOException e) {
                continue; // a missing or damaged log leaves the round out; the tables above have its numbers
            }
            if (points.isEmpty()) continue;
            boolean median = run.run() == r.summary().medianRun();
            rate.add(new Series(app.label(), colour, points, List.of(), !median));
            List<Double> sorted = rates.stream().sorted().toList();
            rateRows.add(List.of(app.label(),
                    median ? m.get("distribution.rate.round.median", m.integer(run.run())) : m.integer(run.run()),
                    m.integer(rates.size()), m.integer(sorted.getFirst()),
                    m.integer(sorted.get((sorted.size() - 1) / 2)), m.integer(sorted.getLast())));
        }
    }

    /**
     * A percentile of a run's latency in ms, read from its hlog inside {@code dir}; {@code null} when {@code dir} is
     * {@code null} or the run has no readable, non-empty hlog there.
     */
    static Double percentileFromHlog(Path dir, RunResult run, double percentile) {
        Path file = file(dir, run);
        if (file == null) return null;
        try {
            Histogram h = Hlogs.read(file);
            return h.getTotalCount() == 0 ? null : Hlogs.percentileMs(h, percentile);
        } catch (IOException e) {
            return null;
        }
    }

    private Path file(RunResult run) {
        return file(dir, run);
    }

    /** The hlog of a run inside the results directory, or {@code null} when it has none or it is elsewhere. */
    private static Path file(Path dir, RunResult run) {
        if (dir == null || run.hlog() == null || run.hlog().isEmpty()) return null;
        Path base = dir.toAbsolutePath().normalize();
        Path file = base.resolve(run.hlog()).normalize();
        return file.startsWith(base) && Files.isRegularFile(file) ? file : null;
    }

    /** Ticks from 0 to a round number at or above {@code max}, about four steps. */
    static List<Tick> yTicks(Messages m, double max) {
        double step = niceStep(Math.max(max, 1e-9) / 4);
        int places = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
        List<Tick> ticks = new ArrayList<>();
        for (int i = 0; i * step < max + step * 0.999; i++) {
            ticks.add(new Tick(i * step, m.number(i * step, Math.min(3, places))));
            if (i * step >= max) break;
        }
        if (ticks.size() < 2) ticks.add(new Tick(step, m.number(step, Math.min(3, places))));
        return ticks;
    }

    /**
     * Ticks of a logarithmic axis from the largest tick at or below {@code min} to the smallest at or above
     * {@code max} ({@code 0 < min <= max}): 1, 2 and 5 times each power of ten when the axis spans at most three
     * decades, else the powers of ten alone.
     */
    static List<Tick> logYTicks(Messages m, double min, double max) {
        int lo = (int) Math.floor(Math.log10(min) + 1e-9);
        int hi = (int) Math.ceil(Math.log10(max) - 1e-9);
        if (hi <= lo) hi = lo + 1;
        double[] factors = hi - lo <= 3 ? new double[] {1, 2, 5} : new double[] {1};
        List<Double> all = new ArrayList<>();
        for (int k = lo; k <= hi; k++) {
            for (double f : factors) {
                if (k == hi && f > 1) break;
                all.add(f * Math.pow(10, k));
            }
        }
        int first = 0;
        while (first + 1 < all.size() && all.get(first + 1) <= min * (1 + 1e-9)) first++;
        int last = all.size() - 1;
        while (last - 1 > first && all.get(last - 1) >= max * (1 - 1e-9)) last--;
        List<Tick> ticks = new ArrayList<>();
        for (double v : all.subList(first, last + 1)) {
            int places = v >= 1 ? 0 : (int) Math.ceil(-Math.log10(v) - 1e-9);
            ticks.add(new Tick(v, m.number(v, Math.min(3, places))));
        }
        return ticks;
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at or above {@code rough}. */
    static double niceStep(double rough) {
        if (rough <= 0) return 1;
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double f : new double[] {1, 2, 2.5, 5, 10}) {
            if (f * power >= rough - 1e-12) return f * power;
        }
        return 10 * power;
    }
}
