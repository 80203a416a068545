package dev.fairbench.report.render;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.CapacityResult;
import dev.fairbench.results.Results;
import dev.fairbench.report.render.Block.Bar;
import dev.fairbench.report.render.Block.BarChart;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;

import java.util.ArrayList;
import java.util.List;

/**
 * The "Capacity" section: for each route searched, the highest fixed rate each app served within the SLO (with
 * every lower step within it too), its p99, p99.9, RSS and requests per CPU-second, and the first step that
 * broke the SLO; one bar chart per route. Empty when no capacity search ran.
 */
final class CapacityBuilder {
    private CapacityBuilder() {
    }

    /** A capacity search with its app. */
    private record Search(AppResult app, CapacityResult capacity) {
    }

    static List<Block> build(Results results, Messages m) {
        List<Search> searches = new ArrayList<>();
        for (String route : results.setup().routes()) {
            for (AppResult app : results.apps()) {
                for (CapacityResult c : app.capacity()) {
                    if (c.route().equals(route)) {
                        searches.add(new Search(app, c));
                    }
                }
            }
        }
        if (searches.isEmpty()) {
            return List.of();
        }
        List<Block> out = new ArrayList<>();
        out.add(new Heading(2, m.get("capacity"), "capacity"));
        CapacityResult first = searches.get(0).capacity();
        out.add(new Paragraph(m.get("capacity.intro", m.number(first.stepSeconds(), 0) + " s")));
        List<List<String>> rows = new ArrayList<>();
        for (Search s : searches) {
            CapacityResult c = s.capacity();
            String overload = c.overload().map(step -> m.get("capacity.overload",
                    m.integer(step.targetRatePerSecond()), m.number(step.latency().p99Ms(), 2),
                    m.integer(step.errors() + step.non2xx()))).orElse(m.get("capacity.never"));
            rows.add(c.maxUnderSlo().map(step -> List.of(s.app().label(), m.route(c.route()),
                    m.number(c.sloP99Ms(), 1), m.integer(step.targetRatePerSecond()),
                    m.number(step.latency().p99Ms(), 2), m.number(step.latency().p999Ms(), 2),
                    step.appRssPeakBytes() == null ? "—" : m.mib(step.appRssPeakBytes()),
                    step.requestsPerCpuSecond() == null ? "—" : m.integer(step.requestsPerCpuSecond()), overload))
                    .orElse(List.of(s.app().label(), m.route(c.route()), m.number(c.sloP99Ms(), 1),
                            m.get("capacity.none"), "—", "—", "—", "—", overload)));
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("col.route"), m.get("col.slo"), m.get("col.maxrate"),
                "p99", "p99.9", m.get("col.rss"), m.get("col.rpcpu"), m.get("col.overload")),
                List.of(false, false, true, true, true, true, true, true, false), rows));

        String route = null;
        List<Search> group = new ArrayList<>();
        for (Search s : searches) {
            if (!s.capacity().route().equals(route)) {
                chart(results, route, group, m, out);
                route = s.capacity().route();
                group = new ArrayList<>();
            }
            group.add(s);
        }
        chart(results, route, group, m, out);
        return out;
    }

    private static void chart(Results results, String route, List<Search> group, Messages m, List<Block> out) {
        if (group.isEmpty()) {
            return;
        }
        double best = 0;
        for (Search s : group) {
            best = Math.max(best, s.capacity().maxUnderSlo().map(CapacityResult.Step::targetRatePerSecond).orElse(0.0));
        }
        List<Bar> bars = new ArrayList<>();
        for (Search s : group) {
            double rate = s.capacity().maxUnderSlo().map(CapacityResult.Step::targetRatePerSecond).orElse(0.0);
            bars.add(new Bar(s.app().label(), Palette.of(results, s.app().name()), rate, m.integer(rate) + " " + m.get("unit.rps"),
                    rate == best && best > 0 ? m.get("chart.highest") : ""));
        }
        out.add(new BarChart(m.get("capacity.chart", m.route(route)),
                m.get("capacity.chart.subtitle", m.number(group.get(0).capacity().sloP99Ms(), 1)),
                m.get("axis.rps"), bars, ReportBuilder.legend(results, group.stream().map(Search::app).toList())));
        curve(results, route, group, m, out);
    }

    /**
     * p99 against the offered rate (each rate once), one line per app, with the SLO as a dashed line and each app's overload step
     * ringed. The y axis ends at four times the SLO; a step above it is drawn at the top (the table has its value).
     */
    private static void curve(Results results, String route, List<Search> group, Messages m, List<Block> out) {
        double slo = group.get(0).capacity().sloP99Ms();
        double top = 4 * slo;
        double maxRate = 0;
        List<Block.Series> series = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        for (Search s : group) {
            // a rate tried twice (the search confirms a result) is drawn once: the try within the SLO, else the
            // lower p99, which is what the search went by
            java.util.Map<Double, CapacityResult.Step> byRate = new java.util.TreeMap<>();
            for (CapacityResult.Step step : s.capacity().steps()) {
                byRate.merge(step.targetRatePerSecond(), step, (a, b) -> a.withinSlo() != b.withinSlo()
                        ? (a.withinSlo() ? a : b) : a.latency().p99Ms() <= b.latency().p99Ms() ? a : b);
            }
            List<CapacityResult.Step> steps = new ArrayList<>(byRate.values());
            List<double[]> points = new ArrayList<>();
            for (CapacityResult.Step step : steps) {
                points.add(new double[] {step.targetRatePerSecond(), step.latency().p99Ms()});
                maxRate = Math.max(maxRate, step.targetRatePerSecond());
                rows.add(List.of(s.app().label(), m.integer(step.targetRatePerSecond()),
                        m.number(step.latency().p99Ms(), 2), m.integer(step.errors() + step.non2xx()),
                        m.get(step.withinSlo() ? "capacity.step.ok" : "capacity.step.broken")));
            }
            List<double[]> marked = s.capacity().overload()
                    .map(o -> List.<double[]>of(new double[] {o.targetRatePerSecond(), o.latency().p99Ms()}))
                    .orElse(List.of());
            series.add(new Block.Series(s.app().label(), Palette.of(results, s.app().name()), points, marked));
        }
        if (maxRate <= 0) {
            return;
        }
        double step = HlogPlotsBuilder.niceStep(maxRate / 5);
        List<Block.Tick> xTicks = new ArrayList<>();
        for (double t = 0; t < maxRate + step * 0.999; t += step) {
            xTicks.add(new Block.Tick(t, m.integer(t)));
        }
        if (xTicks.getLast().at() < maxRate) {
            xTicks.add(new Block.Tick(xTicks.getLast().at() + step, m.integer(xTicks.getLast().at() + step)));
        }
        out.add(new Block.LineChart(m.get("capacity.curve", m.route(route)),
                m.get("capacity.curve.subtitle", m.number(slo, 1)), m.get("capacity.curve.x"), m.get("capacity.curve.y"),
                xTicks, HlogPlotsBuilder.yTicks(m, top), series,
                List.of(new Block.Tick(slo, m.get("capacity.curve.slo"))),
                new Table(List.of(m.get("col.app"), m.get("col.offered"), "p99, ms", m.get("col.errors"),
                        m.get("col.result")), List.of(false, true, true, true, false), rows)));
    }
}
