package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Bar;
import dev.fairbench.report.render.Block.BarChart;
import dev.fairbench.report.render.Block.Bullets;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.NotEqualized;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteSummary;
import dev.fairbench.results.SuiteRun;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of a suite of several loads (the hello suite): for each load, the seed's table (median req/s, p50,
 * p99, app CPU per request, spread; no latency where the load is pipelined) with a bar chart, and which apps cannot
 * be told apart from the fastest (their ranges of rounds overlap); then the settings that were not equalized, what
 * each app costs to build and ship (when the directory has a {@code friction.json}) and the rules. Built from {@code suite.json} and each load's {@code results.json} alone. Stateless.
 */
public final class SuiteLoadsBuilder {
    private SuiteLoadsBuilder() {
    }

    /**
     * The blocks of the report.
     *
     * @param suite the suite
     * @param loads each load's results, in the suite's order; a load not measured yet is absent
     * @param dir   the suite's directory, whose {@code friction.json} (when present) adds "Build and ship"
     */
    public static List<Block> build(SuiteRun suite, Map<String, Results> loads, Messages m, java.nio.file.Path dir) {
        List<Block> out = new ArrayList<>();
        out.add(new Heading(1, suite.title(), "top"));
        Results first = loads.values().stream().findFirst().orElse(null);
        if (first != null) {
            var s = first.setup();
            out.add(new Paragraph(m.get("measured.on", m.date(first.startedAt()), s.host().cpuModel(),
                    String.valueOf(s.host().logicalCpus()), m.number(s.host().memoryBytes() / 1073741824.0, 1))));
            if (s.gitDirty()) out.add(new Paragraph(m.get("dirty", s.gitCommit() == null ? "—"
                    : s.gitCommit().substring(0, Math.min(12, s.gitCommit().length())),
                    s.gitDiffSha256() == null ? "—" : s.gitDiffSha256())));
        }
        out.add(new Paragraph(m.get("suite.intro", suite.name(), suite.seed() == null ? "—" : suite.seed(),
                m.integer(suite.rounds()))));
        for (SuiteRun.Load load : suite.loads()) {
            Results results = loads.get(load.name());
            out.add(new Heading(2, load.title(), "load-" + load.name()));
            if (results == null) {
                out.add(new Paragraph(m.get("suite.load.missing", load.dir())));
                continue;
            }
            out.add(new Paragraph(m.get("suite.load.setup", m.integer(load.connections()),
                    m.integer(results.setup().loadgenThreads()), m.integer(load.pipeline()),
                    results.setup().pinning().appCpus(), results.setup().pinning().loadgenCpus(),
                    m.get(load.sharedCpus() ? "suite.load.shared" : "suite.load.own"), load.dir())));
            for (String route : suite.routes()) table(results, load, route, m, out);
        }
        unequalized(loads, m, out);
        out.addAll(ShipBuilder.build(dir, m));
        out.add(new Heading(2, m.get("rules"), "rules"));
        List<String> rules = new ArrayList<>();
        if (first != null) {
            rules.add(m.get("suite.rules.load", m.number(first.setup().warmupSeconds(), 0) + " s",
                    m.integer(first.setup().runs()), m.number(first.setup().durationSeconds(), 0) + " s"));
        }
        rules.add(m.get("rules.median"));
        rules.add(m.get("suite.rules.spread"));
        rules.add(m.get("rules.gate"));
        out.add(new Bullets(rules));
        out.add(new Paragraph(m.get("suite.footer", first == null ? "—" : first.fairbenchVersion(),
                String.valueOf(SuiteRun.SCHEMA_VERSION)), true));
        return List.copyOf(out);
    }

    private record Row(AppResult app, RouteSummary summary) {
    }

    private static void table(Results results, SuiteRun.Load load, String route, Messages m, List<Block> out) {
        List<Row> rows = new ArrayList<>();
        for (AppResult app : results.apps()) {
            app.route(route).map(r -> r.summary()).ifPresent(s -> rows.add(new Row(app, s)));
        }
        if (rows.isEmpty()) {
            out.add(new Paragraph(m.get("suite.load.none", m.route(route))));
            return;
        }
        rows.sort((a, b) -> Double.compare(b.summary().requestsPerSecond(), a.summary().requestsPerSecond()));
        List<List<String>> cells = new ArrayList<>();
        for (Row r : rows) {
            RouteSummary s = r.summary();
            List<String> row = new ArrayList<>(List.of(r.app().label(), m.integer(s.requestsPerSecond())));
            if (load.latency()) {
                row.add(m.number(s.latency().p50Ms(), 2));
                row.add(m.number(s.latency().p99Ms(), 2));
            }
            row.add(s.appCpuUsPerRequest() == null ? "—" : m.number(s.appCpuUsPerRequest(), 2));
            row.add("±" + m.percent(s.spread()));
            row.add(m.integer(s.errors() + s.non2xx()));
            cells.add(row);
        }
        List<String> header = new ArrayList<>(List.of(m.get("col.app"), m.get("col.rps")));
        if (load.latency()) {
            header.add("p50, ms");
            header.add("p99, ms");
        }
        header.add(m.get("col.cpu.app"));
        header.add(m.get("col.spread"));
        header.add(m.get("col.errors"));
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        for (int i = 1; i < header.size(); i++) numeric.add(true);
        out.add(new Table(header, numeric, cells));
        if (!load.latency()) out.add(new Paragraph(m.get("suite.load.nolatency", m.integer(load.pipeline()))));
        Row top = rows.getFirst();
        double topLow = top.summary().requestsPerSecond() * (1 - top.summary().spread());
        List<String> tied = new ArrayList<>();
        for (Row r : rows.subList(1, rows.size())) {
            if (r.summary().requestsPerSecond() * (1 + r.summary().spread()) >= topLow) tied.add(r.app().label());
        }
        out.add(new Paragraph(tied.isEmpty() ? m.get("suite.top.alone", top.app().label())
                : m.get("suite.top.tied", top.app().label(), String.join(", ", tied))));
        List<Bar> bars = new ArrayList<>();
        for (Row r : rows) {
            bars.add(new Bar(r.app().label(), Palette.of(results, r.app().name()), r.summary().requestsPerSecond(),
                    m.integer(r.summary().requestsPerSecond()) + " " + m.get("unit.rps"), ""));
        }
        out.add(new BarChart(load.title(), m.get("suite.chart.subtitle", m.route(route)), m.get("axis.rps"), bars,
                ReportBuilder.legend(results, rows.stream().map(Row::app).toList())));
    }

    private static void unequalized(Map<String, Results> loads, Messages m, List<Block> out) {
        out.add(new Heading(2, m.get("unequal"), "unequal"));
        Map<NotEqualized, List<String>> byApp = new LinkedHashMap<>();
        Map<String, Boolean> seen = new LinkedHashMap<>();
        for (Results results : loads.values()) {
            for (AppResult app : results.apps()) {
                if (seen.putIfAbsent(app.name(), true) != null) continue;
                for (NotEqualized n : ReportBuilder.unequalRows(app, m)) {
                    byApp.computeIfAbsent(n, k -> new ArrayList<>()).add(app.label());
                }
            }
        }
        if (byApp.isEmpty()) {
            out.add(new Paragraph(m.get("unequal.none")));
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        byApp.forEach((n, apps) -> rows.add(List.of(n.setting(), String.join(", ", apps), n.why())));
        out.add(new Table(List.of(m.get("col.setting"), m.get("col.apps"), m.get("col.why")),
                List.of(false, false, false), rows));
    }
}
