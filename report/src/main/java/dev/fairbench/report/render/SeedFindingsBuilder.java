package dev.fairbench.report.render;

import dev.fairbench.report.RouteVerdict;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.ProfileRoute;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Summaries;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.results.SuiteRun.SeedFinding;
import dev.fairbench.stats.Interval;
import dev.fairbench.stats.Intervals;
import dev.fairbench.stats.Verdicts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The "write-up's findings" section: every {@link SeedFinding} the suite declares (suite.json), decided from the
 * results alone, one row each. Measures of the closed-loop rounds give the ratio app / against of the rounds' values
 * with its 95% interval ({@link Intervals#ratioOfRounds}); the verdict is <em>reproduced</em> or
 * <em>contradicted</em> only where that interval excludes 1 and the two apps' rounds do not overlap (the rule of the
 * run's own verdicts), else <em>within noise</em>. Counted measures (queries, round trips and syscalls per request
 * from one profiled run, and the one memory sample) are points: a difference of more than {@link #COUNT_TOLERANCE}
 * decides. A finding whose data is missing, or that needs more app workers than the run had, is <em>not measurable
 * here</em> with the reason. Empty when the suite declares no finding. Stateless.
 */
final class SeedFindingsBuilder {
    /** Relative difference below which two counted values are the same. */
    static final double COUNT_TOLERANCE = 0.05;

    private static final Set<String> COUNTED = Set.of("postgres_queries", "postgres_round_trips", "syscalls", "rss_mib");

    /** What a row concluded. */
    enum Outcome { REPRODUCED, CONTRADICTED, NOISE, NOT_MEASURABLE }

    /** One decided row: the two values, the ratio (null when not measurable), the outcome and why. */
    record Row(SeedFinding finding, Double appValue, Double againstValue, Interval ratio, Outcome outcome,
               String reason) {
    }

    private SeedFindingsBuilder() {
    }

    /** The section as the report has it, under a level-2 heading. */
    static List<Block> build(Results results, SuiteRun suite, Messages m) {
        return build(results, suite, m, 2);
    }

    /** The section under a heading of {@code headingLevel} (the summary that docs/benchmarks.md quotes uses 4). */
    static List<Block> build(Results results, SuiteRun suite, Messages m, int headingLevel) {
        if (suite == null || suite.findings().isEmpty()) return List.of();
        List<List<String>> rows = new ArrayList<>();
        int[] counts = new int[Outcome.values().length];
        for (SeedFinding finding : suite.findings()) {
            Row row = decide(results, finding, m);
            counts[row.outcome().ordinal()]++;
            rows.add(List.of(String.valueOf(finding.number()), finding.claim(m.language()),
                    label(results, finding.app()) + " / " + label(results, finding.against()), m.route(finding.route()),
                    m.get("seedfindings.measure." + finding.measure()) + " (" + m.get("seedfindings.expect." + finding.expect()) + ")",
                    value(row.appValue(), m) + " / " + value(row.againstValue(), m), VariantsBuilder.ratioText(row.ratio(), m),
                    verdictText(row, m)));
        }
        List<Block> out = new ArrayList<>();
        out.add(new Heading(headingLevel, m.get("seedfindings"), "seed-findings"));
        out.add(new Paragraph(m.get("seedfindings.intro", suite.seed() == null ? "—" : suite.seed(),
                m.number(COUNT_TOLERANCE * 100, 0) + "%")));
        out.add(new Table(List.of(m.get("col.finding"), m.get("col.claim"), m.get("col.pair"), m.get("col.route"),
                m.get("col.measure"), m.get("col.values"), m.get("col.findingratio"), m.get("col.result")),
                List.of(true, false, false, false, false, true, true, false), rows));
        out.add(new Paragraph(m.get("seedfindings.tally", m.integer(counts[0]), m.integer(counts[1]),
                m.integer(counts[2]), m.integer(counts[3])), true));
        return out;
    }

    /** Decides one finding from the results. */
    static Row decide(Results results, SeedFinding f, Messages m) {
        Optional<AppResult> app = results.app(f.app());
        Optional<AppResult> against = results.app(f.against());
        for (var named : List.of(Optional.of(f.app()).filter(n -> app.isEmpty()),
                Optional.of(f.against()).filter(n -> against.isEmpty()))) {
            if (named.isPresent()) return notMeasurable(f, m.get("seedfindings.why.app", named.get()));
        }
        if (f.needsWorkers() != null && results.setup().workers() < f.needsWorkers()) {
            return notMeasurable(f, m.get("seedfindings.why.workers", m.integer(f.needsWorkers()),
                    m.integer(results.setup().workers())));
        }
        if (COUNTED.contains(f.measure())) {
            Double a = counted(app.get(), f);
            Double b = counted(against.get(), f);
            if (a == null || b == null) {
                String missing = a == null ? f.app() : f.against();
                return notMeasurable(f, m.get(f.measure().equals("rss_mib") ? "seedfindings.why.rss"
                        : "seedfindings.why.profile", missing, m.route(f.route())));
            }
            if (b == 0) return notMeasurable(f, m.get("seedfindings.why.zero", f.against()));
            double ratio = a / b;
            Outcome o = Math.abs(ratio - 1) <= COUNT_TOLERANCE ? Outcome.NOISE : direction(ratio, f);
            return new Row(f, a, b, Interval.point(ratio), o, null);
        }
        double[] a = perRound(app.get(), f);
        double[] b = perRound(against.get(), f);
        if (a.length == 0 || b.length == 0) {
            return notMeasurable(f, m.get("seedfindings.why.runs", a.length == 0 ? f.app() : f.against(),
                    m.route(f.route())));
        }
        Interval ratio = Intervals.ratioOfRounds(a, b);
        double medianA = Summaries.median(Arrays.stream(a).boxed().toList());
        double medianB = Summaries.median(Arrays.stream(b).boxed().toList());
        if (!ratio.hasInterval()) return new Row(f, medianA, medianB, ratio, Outcome.NOT_MEASURABLE, m.get("variants.rounds"));
        Outcome o = Verdicts.toldApart(a, b, ratio) ? direction(ratio.estimate(), f) : Outcome.NOISE;
        return new Row(f, medianA, medianB, ratio, o, null);
    }

    private static Outcome direction(double ratio, SeedFinding f) {
        boolean higher = ratio > 1;
        return higher == f.expect().equals("higher") ? Outcome.REPRODUCED : Outcome.CONTRADICTED;
    }

    private static Row notMeasurable(SeedFinding f, String reason) {
        return new Row(f, null, null, null, Outcome.NOT_MEASURABLE, reason);
    }

    /** The per-round values of a rounds measure over the app's closed-loop runs of the route (positive ones only). */
    static double[] perRound(AppResult app, SeedFinding f) {
        Optional<RouteResult> route = app.route(f.route());
        if (route.isEmpty()) return new double[0];
        Function<RunResult, Double> value = switch (f.measure()) {
            case "requests_per_second" -> RunResult::requestsPerSecond;
            case "app_cpu_us" -> RouteVerdict::appCpuUsPerRequest;
            case "postgres_cpu_us" -> run -> perRequest(run, run.resources() == null ? null : run.resources().postgresCpuSeconds(), 1e6);
            case "redis_cpu_us" -> run -> perRequest(run, run.resources() == null ? null : run.resources().redisCpuSeconds(), 1e6);
            case "total_cpu_us" -> SeedFindingsBuilder::totalCpuUs;
            case "context_switches" -> run -> perRequest(run, run.resources() == null || run.resources().appContextSwitches() == null
                    ? null : run.resources().appContextSwitches().doubleValue(), 1);
            case "gc_share" -> run -> run.resources() == null || run.resources().gcPauseSeconds() == null
                    || run.durationSeconds() <= 0 ? null : run.resources().gcPauseSeconds() / run.durationSeconds();
            default -> throw new IllegalArgumentException("not a rounds measure: " + f.measure());
        };
        return route.get().runs().stream().filter(r -> !r.disturbed()).map(value)
                .filter(v -> v != null && v > 0 && Double.isFinite(v)).mapToDouble(Double::doubleValue).toArray();
    }

    private static Double perRequest(RunResult run, Double total, double scale) {
        return total == null || run.requestsCompleted() == 0 ? null : total * scale / run.requestsCompleted();
    }

    private static Double totalCpuUs(RunResult run) {
        if (run.resources() == null || run.resources().appCpuSeconds() == null) return null;
        double sum = run.resources().appCpuSeconds();
        if (run.resources().postgresCpuSeconds() != null) sum += run.resources().postgresCpuSeconds();
        if (run.resources().redisCpuSeconds() != null) sum += run.resources().redisCpuSeconds();
        return perRequest(run, sum, 1e6);
    }

    /** A counted measure: from the profile of the route, or the memory sample of the route's first run. */
    static Double counted(AppResult app, SeedFinding f) {
        if (f.measure().equals("rss_mib")) {
            return app.route(f.route()).flatMap(r -> r.runs().stream()
                            .filter(run -> run.resources() != null && run.resources().appRssPeakBytes() != null)
                            .findFirst())
                    .map(run -> run.resources().appRssPeakBytes() / (1024.0 * 1024.0)).orElse(null);
        }
        if (app.profile() == null) return null;
        Optional<ProfileRoute> p = app.profile().route(f.route());
        if (p.isEmpty()) return null;
        return switch (f.measure()) {
            case "postgres_queries" -> p.get().postgresQueriesPerRequest();
            case "postgres_round_trips" -> p.get().postgresRoundTripsPerRequest();
            case "syscalls" -> p.get().syscallsPerRequest();
            default -> throw new IllegalArgumentException("not a counted measure: " + f.measure());
        };
    }

    private static String label(Results results, String app) {
        return results.app(app).map(AppResult::label).orElse(app);
    }

    private static String value(Double v, Messages m) {
        if (v == null) return "—";
        double abs = Math.abs(v);
        return m.number(v, abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 0.1 ? 2 : 3);
    }

    private static String verdictText(Row row, Messages m) {
        String text = m.get("seedfindings.outcome." + row.outcome().name().toLowerCase(java.util.Locale.ROOT));
        if (row.reason() != null) return text + ": " + row.reason();
        if (COUNTED.contains(row.finding().measure())) return text + " (" + m.get("seedfindings.point") + ")";
        return text;
    }
}
