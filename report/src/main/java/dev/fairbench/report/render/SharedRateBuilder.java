package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.SuiteRun;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The phash suite's two sections of one rate shared by every app ({@code CostRuns} of kind fixed-rate and
 * overload): "At one fixed rate" (latency p50 to p99.9 corrected for coordinated omission, the app's CPU use as a
 * share of one CPU, its RSS) and "Overload" (completed req/s, p99, timeouts, RSS at a rate above every app's
 * capacity). Each empty when its runs were not made. Stateless.
 */
final class SharedRateBuilder {
    private SharedRateBuilder() {
    }

    /** "At one fixed rate", per route of the results. */
    static List<Block> fixedRate(Results results, SuiteRun suite, Messages m) {
        List<Block> out = new ArrayList<>();
        for (String route : results.setup().routes()) fixedRate(results, suite, route, m, out);
        return out;
    }

    /** "Overload", per route of the results. */
    static List<Block> overload(Results results, SuiteRun suite, Messages m) {
        List<Block> out = new ArrayList<>();
        for (String route : results.setup().routes()) overload(results, suite, route, m, out);
        return out;
    }

    private static List<AppRun> runs(Results results, String route, Function<RouteResult, RunResult> slot) {
        List<AppRun> list = new ArrayList<>();
        for (AppResult app : results.apps()) {
            app.route(route).map(slot).ifPresent(r -> list.add(new AppRun(app, r)));
        }
        return list;
    }

    private record AppRun(AppResult app, RunResult run) {
    }

    private static void fixedRate(Results results, SuiteRun suite, String route, Messages m, List<Block> out) {
        List<AppRun> runs = runs(results, route, RouteResult::cost);
        if (runs.isEmpty()) return;
        out.add(new Heading(2, m.get("fixedrate", m.route(route)), "fixed-rate-" + route));
        double rate = runs.getFirst().run().offeredRatePerSecond() == null ? 0 : runs.getFirst().run().offeredRatePerSecond();
        out.add(new Paragraph(m.get("fixedrate.intro", m.integer(rate),
                suite.fixedRateShare() == null ? "—" : m.percent(suite.fixedRateShare()),
                m.number(runs.getFirst().run().durationSeconds(), 0))));
        List<List<String>> rows = new ArrayList<>();
        for (AppRun a : runs) {
            RunResult r = a.run();
            var res = r.resources();
            String cpu = res == null || res.appCpuSeconds() == null ? "—"
                    : m.percent(res.appCpuSeconds() / r.durationSeconds());
            String rss = res == null || res.appRssPeakBytes() == null ? "—" : m.mib(res.appRssPeakBytes());
            rows.add(List.of(a.app().label(), m.integer(r.requestsPerSecond()), m.number(r.latency().p50Ms(), 2),
                    m.number(r.latency().p90Ms(), 2), m.number(r.latency().p99Ms(), 2),
                    m.number(r.latency().p999Ms(), 2), cpu, rss, m.integer(r.errors() + r.non2xx())));
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("col.completed"), "p50, ms", "p90, ms", "p99, ms",
                "p99.9, ms", m.get("col.cpuuse"), m.get("col.rss"), m.get("col.errors")),
                List.of(false, true, true, true, true, true, true, true, true), rows));
    }

    private static void overload(Results results, SuiteRun suite, String route, Messages m, List<Block> out) {
        List<AppRun> runs = runs(results, route, RouteResult::overload);
        if (runs.isEmpty()) return;
        out.add(new Heading(2, m.get("overload", m.route(route)), "overload-" + route));
        double rate = runs.getFirst().run().offeredRatePerSecond() == null ? 0 : runs.getFirst().run().offeredRatePerSecond();
        out.add(new Paragraph(m.get("overload.intro", m.integer(rate),
                suite.overloadFactor() == null ? "—" : m.number(suite.overloadFactor(), 1),
                m.number(runs.getFirst().run().durationSeconds(), 0))));
        List<List<String>> rows = new ArrayList<>();
        for (AppRun a : runs) {
            RunResult r = a.run();
            var res = r.resources();
            String rss = res == null || res.appRssPeakBytes() == null ? "—" : m.mib(res.appRssPeakBytes());
            rows.add(List.of(a.app().label(), m.integer(r.requestsPerSecond()), m.number(r.latency().p99Ms(), 2),
                    m.integer(r.timeouts()), m.integer(r.errors() - r.timeouts() + r.non2xx()), rss));
        }
        out.add(new Table(List.of(m.get("col.app"), m.get("col.completed"), "p99, ms", m.get("col.timeouts"),
                m.get("col.othererrors"), m.get("col.rss")), List.of(false, true, true, true, true, true), rows));
    }
}
