package dev.fairbench.report.render;

import dev.fairbench.report.RouteVerdict;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.report.render.ReportBuilder.AppSummary;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The report's sections on what the apps used, per route of the closed-loop rounds: peak memory (index), CPU per
 * request (the app's, PostgreSQL's and Redis's, with the cheapest on index marked, and context switches), and GC.
 * Reads the route summaries only. Not shared between threads.
 */
final class ResourcesBuilder {
    private final Results results;
    private final Messages m;
    private final List<Block> out = new ArrayList<>();

    private ResourcesBuilder(Results results, Messages m) {
        this.results = results;
        this.m = m;
    }

    /** The memory, CPU and GC sections, in that order. */
    static List<Block> build(Results results, Messages m) {
        ResourcesBuilder b = new ResourcesBuilder(results, m);
        b.memory();
        b.cpu();
        b.gc();
        return List.copyOf(b.out);
    }

    private void memory() {
        out.add(new Heading(2, m.get("memory"), "memory"));
        List<AppSummary> apps = ReportBuilder.summaries(results, "index");
        if (apps.stream().noneMatch(a -> a.summary().appRssPeakBytes() != null)) {
            out.add(new Paragraph(m.get("nodata")));
            return;
        }
        out.add(ReportBuilder.chart(results, m, "", m.get("memory.subtitle"), m.get("axis.mib"), apps,
                s -> s.appRssPeakBytes() == null ? null : s.appRssPeakBytes() / 1048576.0,
                v -> m.number(v, 1) + " " + m.get("unit.mib"), false, Optional.empty(), null, null));
        out.add(new Paragraph(m.get("memory.note"), true));
    }

    private void cpu() {
        out.add(new Heading(2, m.get("cpu"), "cpu"));
        out.add(new Paragraph(m.get("cpu.intro")));
        List<List<String>> rows = new ArrayList<>();
        for (String route : results.setup().routes()) {
            for (AppSummary a : ReportBuilder.summaries(results, route)) {
                RouteSummary s = a.summary();
                rows.add(List.of(m.route(route), a.app().label(), opt(s.appCpuUsPerRequest(), 1),
                        opt(s.postgresCpuUsPerRequest(), 1), opt(s.redisCpuUsPerRequest(), 1),
                        opt(s.contextSwitchesPerRequest(), 2)));
            }
        }
        if (rows.isEmpty()) {
            out.add(new Paragraph(m.get("nodata")));
            return;
        }
        List<AppSummary> index = ReportBuilder.summaries(results, "index");
        if (index.stream().anyMatch(a -> a.summary().appCpuUsPerRequest() != null)) {
            RouteVerdict verdict = RouteVerdict.of(results, "index");
            out.add(ReportBuilder.chart(results, m, m.get("cpu.title"), m.get("cpu.subtitle") + " · " + m.get("chart.dots"),
                    m.get("axis.us"), index, RouteSummary::appCpuUsPerRequest, v -> m.number(v, 1) + " µs", false,
                    Optional.ofNullable(verdict == null ? null : verdict.cheapest()), "index",
                    run -> RouteVerdict.appCpuUsPerRequest(run) > 0 ? RouteVerdict.appCpuUsPerRequest(run) : null));
        }
        for (String route : results.setup().routes()) {
            List<Block.StackedBar> bars = new ArrayList<>();
            for (AppSummary a : ReportBuilder.summaries(results, route)) {
                RouteSummary s = a.summary();
                if (s.appCpuUsPerRequest() == null) continue;
                double app = s.appCpuUsPerRequest();
                double pg = s.postgresCpuUsPerRequest() == null ? 0 : s.postgresCpuUsPerRequest();
                double redis = s.redisCpuUsPerRequest() == null ? 0 : s.redisCpuUsPerRequest();
                bars.add(new Block.StackedBar(a.app().label(), List.of(app, pg, redis),
                        m.number(app + pg + redis, 1) + " µs"));
            }
            if (!bars.isEmpty()) {
                out.add(new Block.StackedChart(m.route(route), m.get("cpu.split.subtitle"), m.get("axis.us"),
                        List.of(m.get("cpu.part.app"), m.get("cpu.part.postgres"), m.get("cpu.part.redis")), bars));
            }
        }
        out.add(new Table(List.of(m.get("col.route"), m.get("col.app"), m.get("col.cpu.app"),
                m.get("col.cpu.postgres"), m.get("col.cpu.redis"), m.get("col.csw")),
                List.of(false, false, true, true, true, true), rows));
    }

    private String opt(Double value, int decimals) {
        return value == null ? "—" : m.number(value, decimals);
    }

    private void gc() {
        List<List<String>> rows = new ArrayList<>();
        for (String route : results.setup().routes()) {
            for (AppSummary a : ReportBuilder.summaries(results, route)) {
                RouteSummary s = a.summary();
                if (s.gcPerSecond() != null) {
                    rows.add(List.of(m.route(route), a.app().label(), m.number(s.gcPerSecond(), 1),
                            s.gcPauseShare() == null ? "—" : m.percent(s.gcPauseShare())));
                }
            }
        }
        out.add(new Heading(2, m.get("gc"), "gc"));
        if (rows.isEmpty()) {
            out.add(new Paragraph(m.get("gc.none")));
            return;
        }
        out.add(new Paragraph(m.get("gc.intro")));
        out.add(new Table(List.of(m.get("col.route"), m.get("col.app"), m.get("col.gc.rate"), m.get("col.gc.share")),
                List.of(false, false, true, true), rows));
    }
}
