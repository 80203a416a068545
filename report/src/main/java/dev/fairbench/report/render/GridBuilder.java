package dev.fairbench.report.render;

import dev.fairbench.report.RouteVerdict;
import dev.fairbench.report.render.Block.Grid;
import dev.fairbench.report.render.Block.GridCell;
import dev.fairbench.report.render.Block.GridRow;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.LegendEntry;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Bound;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * The app × route grid for the top of the report (TechEmpower's relative bars): per route and app the median
 * req/s and app CPU per request, each relative to the best of the route, the mark of {@link RouteVerdict#cell}
 * (a winner only where the statistics say it is real, a tie otherwise) on the figure that ranks the route, and the
 * binding resource of the runs as a letter (and the note explaining the letters only when some cell has one:
 * results from before the bound was recorded have none). Apps without any summary are left out. Stateless.
 */
final class GridBuilder {
    private GridBuilder() {
    }

    static List<Block> build(Results results, Messages m) {
        List<AppResult> apps = results.apps().stream()
                .filter(a -> a.routes().stream().anyMatch(r -> r.summary() != null)).toList();
        if (apps.isEmpty()) return List.of();
        List<GridRow> rows = new ArrayList<>();
        for (String route : results.setup().routes()) {
            RouteVerdict verdict = RouteVerdict.of(results, route);
            if (verdict == null) continue;
            boolean onCpu = verdict.figure() == RouteVerdict.Figure.APP_CPU_PER_REQUEST;
            double bestRps = 0;
            double bestCpu = Double.MAX_VALUE;
            for (AppResult a : apps) {
                RouteSummary s = summary(a, route);
                if (s == null) continue;
                bestRps = Math.max(bestRps, s.requestsPerSecond());
                if (s.appCpuUsPerRequest() != null && s.appCpuUsPerRequest() > 0) {
                    bestCpu = Math.min(bestCpu, s.appCpuUsPerRequest());
                }
            }
            List<GridCell> cells = new ArrayList<>();
            for (AppResult a : apps) {
                RouteSummary s = summary(a, route);
                if (s == null || s.requestsPerSecond() <= 0) {
                    cells.add(GridCell.empty());
                    continue;
                }
                Double cpu = s.appCpuUsPerRequest();
                String cell = verdict.cell(a.name());
                String mark = switch (cell) {
                    case "winner" -> m.get(onCpu ? "cell.winner" : "chart.fastest");
                    case "tie" -> m.get("cell.tie");
                    default -> verdict.disturbed().contains(a.name()) ? m.get("disturbed") : "";
                };
                Bound bound = s.bound();
                cells.add(new GridCell(m.integer(s.requestsPerSecond()) + " " + m.get("unit.rps"),
                        bestRps > 0 ? s.requestsPerSecond() / bestRps : 0,
                        cpu == null ? null : m.number(cpu, 1) + " " + m.get("grid.us"),
                        cpu == null || cpu <= 0 ? 0 : bestCpu / cpu, mark, cell.equals("winner"), onCpu,
                        bound == null ? "" : m.get("bound.short." + bound.json()),
                        bound == null ? "" : m.get("bound." + bound.json())));
            }
            rows.add(new GridRow(m.route(route), "rps-" + route, cells));
        }
        if (rows.isEmpty()) return List.of();
        List<LegendEntry> columns = apps.stream()
                .map(a -> new LegendEntry(Palette.of(results, a.name()), a.label())).toList();
        List<String> notes = new ArrayList<>(List.of(m.get("grid.note.bars"), m.get("grid.note.marks")));
        if (rows.stream().flatMap(r -> r.cells().stream()).anyMatch(c -> !c.bound().isEmpty())) {
            notes.add(m.get("grid.note.bound", m.get("bound.short.app-bound"), m.get("bound.short.services-bound"),
                    m.get("bound.short.loadgen-bound"), m.get("bound.short.latency-bound")));
        }
        return List.of(new Heading(3, m.get("grid"), "grid"), new Grid(m.get("col.route"), columns, rows, notes));
    }

    private static RouteSummary summary(AppResult app, String route) {
        return app.route(route).map(RouteResult::summary).orElse(null);
    }
}
