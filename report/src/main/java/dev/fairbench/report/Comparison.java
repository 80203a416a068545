package dev.fairbench.report;

import dev.fairbench.report.render.MarkdownRenderer;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Summaries;
import dev.fairbench.stats.Interval;
import dev.fairbench.stats.Intervals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Two sessions side by side (e.g. two runs of the same commit, to see whether the numbers hold): for every app
 * (matched by name) and route summarized in both, the ratio B/A of
 * throughput, p99 latency, app CPU per request and peak RSS, and of app CPU per request in the cost runs (at a fixed
 * rate, where it compares like with like when both runs were offered the same rate; the median round's, {@link
 * RouteResult#cost()}). A ratio above 1 means B has more of it (for throughput that is better, for the others worse).
 * For req/s and app CPU per request, in the closed loop and in the cost runs, the ratio over the rounds comes with
 * its 95% interval, and an interval that includes 1 says "no change" (as hyperfine's "± … times"). Ratios are
 * {@code null} when either side lacks the value or A's value is zero.
 *
 * <p>Formats: {@link #text()} aligned columns for a terminal, {@link #markdown()} a GitHub table,
 * {@link #json()} an object {@code {"a","b","rows":[...],"only_in_a":[...],"only_in_b":[...],"verdicts":[...],
 * "steadiness_a","steadiness_b","builds":[...]}} (the steadiness null when not read) with snake_case
 * row fields. Below the tables, how many rows agree within {@link #TOLERANCE}, and each row that does not, with
 * PostgreSQL's change in the same windows where the route queries it ({@link Row#appToPostgresCpuRatio()}).
 * Numbers in every format are written with {@link Locale#ROOT} (a dot, no grouping) so they can be
 * parsed. Immutable.
 *
 * @param a       label of session A (its directory)
 * @param b       label of session B
 * @param rows    one row per app and route present in both, in A's app order then A's route order
 * @param onlyInA apps with a summary in A only
 * @param onlyInB apps with a summary in B only
 * @param verdicts per route in both, the verdict of each session ({@link RouteVerdict}) and how many of the apps'
 *                cells (winner, tie, behind, not ranked) agree
 * @param steadinessA how steady the host was in A ({@link Steadiness}, from its hlogs), or {@code null} when not read
 * @param steadinessB the same for B
 * @param builds  per app with a recorded build in both sessions, whether they started the same binary
 *                ({@link BuildPair}), in A's app order
 */
public record Comparison(String a, String b, List<Row> rows, List<String> onlyInA, List<String> onlyInB,
                         List<VerdictRow> verdicts, Steadiness steadinessA, Steadiness steadinessB,
                         List<BuildPair> builds) {

    /**
     * This comparison with how steady the host was in each session, read from the hlogs under their results
     * directories; a side whose hlogs hold no app-bound window stays {@code null}.
     */
    public Comparison withSteadiness(Results resultsA, java.nio.file.Path dirA, Results resultsB,
                                     java.nio.file.Path dirB) {
        return new Comparison(a, b, rows, onlyInA, onlyInB, verdicts, Steadiness.of(resultsA, dirA).orElse(null),
                Steadiness.of(resultsB, dirB).orElse(null), builds);
    }

    /**
     * The verdicts of one route in both sessions.
     *
     * @param verdictA      e.g. {@code winner vertx (req/s)} or {@code tie: vertx, actix (app CPU)}
     * @param cells         apps compared on this route in both sessions
     * @param cellsAgreeing of those, the apps whose cell is the same in both
     */
    public record VerdictRow(String route, String verdictA, String verdictB, int cells, int cellsAgreeing) {
    }

    /** Verdict cells compared over every route. */
    @com.fasterxml.jackson.annotation.JsonProperty("cells")
    public int cells() {
        return verdicts.stream().mapToInt(VerdictRow::cells).sum();
    }

    /** Verdict cells that agree over every route. */
    @com.fasterxml.jackson.annotation.JsonProperty("cells_agreeing")
    public int cellsAgreeing() {
        return verdicts.stream().mapToInt(VerdictRow::cellsAgreeing).sum();
    }

    /** The row whose app CPU per request differs most between A and B, or null when none has both. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Row largestCpuDifference() {
        return largestDifference(Row::appCpuPerRequestRatio);
    }

    /** The first row whose {@code ratio} is farthest from 1, or null when no row has it. */
    private Row largestDifference(java.util.function.Function<Row, Double> ratio) {
        Row worst = null;
        for (Row r : rows) {
            Double x = ratio.apply(r);
            if (x == null) continue;
            if (worst == null || Math.abs(x - 1) > Math.abs(ratio.apply(worst) - 1)) worst = r;
        }
        return worst;
    }

    /**
     * One app and route.
     *
     * @param requestsPerSecondA       median req/s in A
     * @param requestsPerSecondB       median req/s in B
     * @param requestsPerSecondRatio   B/A of req/s
     * @param p99Ratio                 B/A of p99 latency
     * @param appCpuPerRequestRatio    B/A of app CPU time per request
     * @param rssRatio                 B/A of peak RSS
     * @param requestsPerSecondChange  B/A of req/s over the rounds with its 95% interval
     *                                 ({@link Intervals#ratioOfRounds}), or {@code null} when a side has fewer than
     *                                 two rounds; an interval that includes 1 is no change
     * @param appCpuPerRequestChange   the same for app CPU per request
     * @param costRateA                offered req/s of A's cost runs (at a fixed rate), or {@code null}
     * @param costRateB                the same in B
     * @param costAppCpuPerRequestRatio B/A of app CPU time per request in the cost runs (of the median round of
     *                                 each), or {@code null} when a side has none
     * @param costAppCpuPerRequestChange B/A of it over the cost runs' rounds with its 95% interval, or {@code null}
     *                                 when a side has fewer than two
     * @param postgresCpuPerRequestRatio B/A of PostgreSQL's CPU time per request (the medians of the rounds), on a
     *                                 route where PostgreSQL works in both sessions ({@link #POSTGRES_WORKS_US}),
     *                                 else {@code null}
     * @param appToPostgresCpuRatio    on such a route, B/A of the app's CPU per request as a ratio to PostgreSQL's in
     *                                 the same window (the median over the rounds of each), else {@code null}.
     *                                 PostgreSQL does the same work per request in every window of a route, on
     *                                 other CPUs: a host that slows every CPU alike moves the app's cost and
     *                                 PostgreSQL's together and leaves this ratio at 1; an app that changed moves
     *                                 the ratio. A diagnostic, not a cost.
     */
    public record Row(String app, String route, double requestsPerSecondA, double requestsPerSecondB,
                      Double requestsPerSecondRatio, Double p99Ratio, Double appCpuPerRequestRatio, Double rssRatio,
                      Interval requestsPerSecondChange, Interval appCpuPerRequestChange,
                      Double costRateA, Double costRateB, Double costAppCpuPerRequestRatio,
                      Interval costAppCpuPerRequestChange, Double postgresCpuPerRequestRatio,
                      Double appToPostgresCpuRatio) {
    }

    /**
     * PostgreSQL's median CPU time per request, µs, from which a route counts as querying it (an idle server shows a
     * few tenths of a µs per request); the same bound as {@code POSTGRES_WORKS_US} in docs/results/windows.py.
     */
    public static final double POSTGRES_WORKS_US = 10.0;

    /** Relative difference between two runs of the same thing that the run-to-run check tolerates (issue 10). */
    public static final double TOLERANCE = 0.05;

    /** Compares the summaries of two sessions. */
    public static Comparison of(String labelA, Results a, String labelB, Results b) {
        List<Row> rows = new ArrayList<>();
        List<String> onlyInA = new ArrayList<>();
        for (AppResult appA : a.apps()) {
            if (!hasSummary(appA)) {
                continue;
            }
            AppResult appB = b.app(appA.name()).filter(Comparison::hasSummary).orElse(null);
            if (appB == null) {
                onlyInA.add(appA.name());
                continue;
            }
            for (RouteResult routeA : appA.routes()) {
                RouteSummary sa = routeA.summary();
                RouteSummary sb = appB.route(routeA.route()).map(RouteResult::summary).orElse(null);
                if (sa == null || sb == null) {
                    continue;
                }
                RouteResult routeB = appB.route(routeA.route()).orElseThrow();
                boolean postgresWorks = postgresWorks(sa) && postgresWorks(sb);
                rows.add(new Row(appA.name(), routeA.route(), sa.requestsPerSecond(), sb.requestsPerSecond(),
                        ratio(sb.requestsPerSecond(), sa.requestsPerSecond()),
                        ratio(sb.latency().p99Ms(), sa.latency().p99Ms()),
                        ratio(sb.appCpuUsPerRequest(), sa.appCpuUsPerRequest()),
                        ratio(sb.appRssPeakBytes() == null ? null : sb.appRssPeakBytes().doubleValue(),
                                sa.appRssPeakBytes() == null ? null : sa.appRssPeakBytes().doubleValue()),
                        change(routeB.runs(), routeA.runs(), RunResult::requestsPerSecond),
                        change(routeB.runs(), routeA.runs(), RouteVerdict::appCpuUsPerRequest),
                        offered(routeA.cost()), offered(routeB.cost()), costRatio(routeB.cost(), routeA.cost()),
                        change(routeB.costRuns(), routeA.costRuns(), RouteVerdict::appCpuUsPerRequest),
                        postgresWorks ? ratio(sb.postgresCpuUsPerRequest(), sa.postgresCpuUsPerRequest()) : null,
                        postgresWorks ? ratio(appToPostgres(routeB.runs()), appToPostgres(routeA.runs())) : null));
            }
        }
        List<String> onlyInB = new ArrayList<>();
        for (AppResult appB : b.apps()) {
            if (hasSummary(appB) && a.app(appB.name()).filter(Comparison::hasSummary).isEmpty()) {
                onlyInB.add(appB.name());
            }
        }
        return new Comparison(labelA, labelB, List.copyOf(rows), List.copyOf(onlyInA), List.copyOf(onlyInB),
                verdicts(a, b), null, null, BuildPair.of(a, b));
    }

    private static List<VerdictRow> verdicts(Results a, Results b) {
        List<VerdictRow> out = new ArrayList<>();
        for (String route : a.setup().routes()) {
            RouteVerdict va = RouteVerdict.of(a, route);
            RouteVerdict vb = RouteVerdict.of(b, route);
            if (va == null || vb == null) continue;
            int cells = 0;
            int agreeing = 0;
            for (AppResult app : a.apps()) {
                boolean inA = app.route(route).map(RouteResult::summary).isPresent();
                boolean inB = b.app(app.name()).flatMap(x -> x.route(route)).map(RouteResult::summary).isPresent();
                if (!inA || !inB) continue;
                cells++;
                if (va.cell(app.name()).equals(vb.cell(app.name()))) agreeing++;
            }
            out.add(new VerdictRow(route, describe(va), describe(vb), cells, agreeing));
        }
        return out;
    }

    /** One line: {@code winner vertx (req/s)}, {@code tie: a, b (app CPU)}, {@code disturbed}. */
    static String describe(RouteVerdict v) {
        if (v.ranking() == null) return "disturbed";
        String by = v.figure() == RouteVerdict.Figure.REQUESTS_PER_SECOND ? "req/s" : "app CPU";
        return switch (v.ranking().kind()) {
            case WINNER -> "winner " + v.ranking().best() + " (" + by + ")";
            case TIE -> "tie: " + String.join(", ", v.ranking().tiedWithBest()) + " (" + by + ")";
            case NONE -> "one app";
        };
    }

    /** B/A over the rounds with its interval, or null when a side has fewer than two rounds with the value. */
    private static Interval change(List<RunResult> b, List<RunResult> a, java.util.function.ToDoubleFunction<RunResult> f) {
        double[] vb = b.stream().mapToDouble(f).filter(v -> v > 0 && Double.isFinite(v)).toArray();
        double[] va = a.stream().mapToDouble(f).filter(v -> v > 0 && Double.isFinite(v)).toArray();
        return vb.length < 2 || va.length < 2 ? null : Intervals.ratioOfRounds(vb, va);
    }

    /**
     * As hyperfine says it: {@code 1.250× [1.210–1.290] B faster}, or {@code no change} when the interval includes 1;
     * {@code -} without an interval.
     */
    static String changeText(Interval i, String up, String down) {
        if (i == null || !i.hasInterval()) return "-";
        String word = !i.excludes(1) ? "no change" : i.estimate() > 1 ? up : down;
        return String.format(Locale.ROOT, "%.3f× [%.3f–%.3f] %s", i.estimate(), i.low(), i.high(), word);
    }

    private static boolean postgresWorks(RouteSummary s) {
        return s.postgresCpuUsPerRequest() != null && s.postgresCpuUsPerRequest() >= POSTGRES_WORKS_US;
    }

    /** The median over the rounds of app CPU / PostgreSQL CPU in the same window, or null when no round has both. */
    private static Double appToPostgres(List<RunResult> runs) {
        List<Double> ratios = runs.stream().map(RunResult::resources)
                .filter(r -> r != null && r.appCpuSeconds() != null && r.postgresCpuSeconds() != null
                        && r.postgresCpuSeconds() > 0)
                .map(r -> r.appCpuSeconds() / r.postgresCpuSeconds()).toList();
        return ratios.isEmpty() ? null : Summaries.median(ratios);
    }

    private static boolean hasSummary(AppResult app) {
        return app.routes().stream().anyMatch(r -> r.summary() != null);
    }

    private static Double offered(RunResult cost) {
        return cost == null ? null : cost.offeredRatePerSecond();
    }

    private static Double costRatio(RunResult costB, RunResult costA) {
        if (costA == null || costB == null || costA.requestsCompleted() == 0 || costB.requestsCompleted() == 0) {
            return null;
        }
        return ratio(RouteVerdict.appCpuUsPerRequest(costB), RouteVerdict.appCpuUsPerRequest(costA));
    }

    private static Double ratio(Double b, Double a) {
        return a == null || b == null || a == 0 ? null : b / a;
    }

    private static final List<String> HEADER =
            List.of("app", "route", "req/s A", "req/s B", "req/s B/A", "p99 B/A", "CPU/req B/A", "RSS B/A",
                    "req/s B/A over rounds [95%]", "CPU/req B/A over rounds [95%]", "fixed rate A / B",
                    "CPU/req B/A at fixed rate", "CPU/req B/A at fixed rate over rounds [95%]");

    private List<List<String>> tableCells() {
        List<List<String>> cells = new ArrayList<>();
        for (Row r : rows) {
            cells.add(List.of(r.app(), r.route(), String.format(Locale.ROOT, "%.0f", r.requestsPerSecondA()),
                    String.format(Locale.ROOT, "%.0f", r.requestsPerSecondB()), ratioText(r.requestsPerSecondRatio()),
                    ratioText(r.p99Ratio()), ratioText(r.appCpuPerRequestRatio()), ratioText(r.rssRatio()),
                    changeText(r.requestsPerSecondChange(), "B faster", "B slower"),
                    changeText(r.appCpuPerRequestChange(), "B costlier", "B cheaper"),
                    r.costRateA() == null || r.costRateB() == null ? "-"
                            : String.format(Locale.ROOT, "%.0f / %.0f", r.costRateA(), r.costRateB()),
                    ratioText(r.costAppCpuPerRequestRatio()),
                    changeText(r.costAppCpuPerRequestChange(), "B costlier", "B cheaper")));
        }
        return cells;
    }

    private static String steadinessText(Steadiness s) {
        return s == null ? "not read" : String.format(Locale.ROOT, "%.1f%%", s.medianCv() * 100);
    }

    private static String ratioText(Double ratio) {
        return ratio == null ? "-" : String.format(Locale.ROOT, "%.3f", ratio);
    }

    /** Aligned columns, text first column left-aligned and numbers right-aligned, then the unmatched apps. */
    public String text() {
        List<List<String>> all = new ArrayList<>();
        all.add(HEADER);
        all.addAll(tableCells());
        int[] widths = new int[HEADER.size()];
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder("A: " + a + "\nB: " + b + "\n\n");
        List<List<String>> verdictCells = new ArrayList<>();
        verdictCells.add(List.of("route", "verdict A", "verdict B", "cells agreeing"));
        for (VerdictRow v : verdicts) {
            verdictCells.add(List.of(v.route(), v.verdictA(), v.verdictB(), v.cellsAgreeing() + "/" + v.cells()));
        }
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                line.append(i < 2 ? cell + pad : pad + cell).append(i < row.size() - 1 ? "  " : "");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        if (!verdicts.isEmpty()) {
            out.append('\n');
            int[] w = new int[4];
            for (List<String> row : verdictCells) for (int i = 0; i < 4; i++) w[i] = Math.max(w[i], row.get(i).length());
            for (List<String> row : verdictCells) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < 4; i++) line.append(row.get(i)).append(" ".repeat(w[i] - row.get(i).length())).append("  ");
                out.append(line.toString().stripTrailing()).append('\n');
            }
        }
        out.append(agreement());
        unmatched(out);
        return out.toString();
    }

    /**
     * The figures of run-to-run stability: for app CPU per request in the closed-loop rounds and in the cost runs,
     * the largest difference and how many rows stay within {@link #TOLERANCE}; the verdict cells agreeing; how
     * steady the host was; whether the builds were the same.
     */
    private String agreement() {
        StringBuilder out = new StringBuilder("\n");
        stability(out, "app CPU per request", Row::appCpuPerRequestRatio);
        stability(out, "app CPU per request as a ratio to PostgreSQL's, where PostgreSQL works",
                Row::appToPostgresCpuRatio);
        outside(out);
        stability(out, "app CPU per request at the fixed rate", Row::costAppCpuPerRequestRatio);
        long ratesDiffering = rows.stream().filter(r -> r.costRateA() != null && r.costRateB() != null
                && Math.abs(r.costRateB() / r.costRateA() - 1) > 0.01).count();
        if (ratesDiffering > 0) {
            out.append(String.format(Locale.ROOT, "fixed rates differ by more than 1%% in %d of %d rows"
                    + " (give both runs the same --cost-rate to compare like with like)%n", ratesDiffering, rows.size()));
        }
        if (cells() > 0) {
            out.append(String.format(Locale.ROOT, "verdict cells agreeing: %d of %d (%.0f%%)%n", cellsAgreeing(), cells(),
                    100.0 * cellsAgreeing() / cells()));
        }
        if (steadinessA != null || steadinessB != null) {
            out.append(String.format(Locale.ROOT, "host steadiness (median per-second CV of the app-bound windows): "
                    + "A %s, B %s%s%n", steadinessText(steadinessA), steadinessText(steadinessB),
                    (steadinessA != null && steadinessA.unsteady()) || (steadinessB != null && steadinessB.unsteady())
                            ? String.format(Locale.ROOT, "; above %.1f%% two runs are not expected to agree on app CPU per "
                            + "request within 5%% (docs/benchmarks.md §2)", Steadiness.UNSTEADY_MEDIAN_CV * 100)
                            : ""));
        }
        out.append(BuildPair.lines(builds));
        return out.toString();
    }

    /**
     * One line per row whose app CPU per request differs by more than {@link #TOLERANCE}, with PostgreSQL's change in
     * the same windows where it works: a cell that moved with PostgreSQL's moved for a cause they share.
     */
    private void outside(StringBuilder out) {
        for (Row r : rows) {
            Double app = r.appCpuPerRequestRatio();
            if (app == null || agrees(app)) continue;
            out.append(String.format(Locale.ROOT, "outside %.0f%%: %s %s, app CPU per request %+.1f%%", TOLERANCE * 100,
                    r.app(), r.route(), percent(app)));
            if (r.postgresCpuPerRequestRatio() != null && r.appToPostgresCpuRatio() != null) {
                boolean together = agrees(r.appToPostgresCpuRatio());
                out.append(String.format(Locale.ROOT, "; PostgreSQL's in the same windows %+.1f%%, the app's as a ratio "
                        + "to it %+.1f%%%s", percent(r.postgresCpuPerRequestRatio()),
                        percent(r.appToPostgresCpuRatio()), together
                                ? " (it moved with PostgreSQL's, whose work per request is the same: a shared cause"
                                + " such as the host, not the app)" : ""));
            }
            out.append('\n');
        }
    }

    /** Whether a ratio B/A is within {@link #TOLERANCE} of 1 (a rounding error's worth more, so that 1.05 is). */
    private static boolean agrees(double ratio) {
        return Math.abs(ratio - 1) <= TOLERANCE + 1e-9;
    }

    /** A ratio as a change in percent, rounded to a tenth, so that a change that rounds to nothing is +0.0. */
    private static double percent(double ratio) {
        return Math.round((ratio - 1) * 1000) / 10.0;
    }

    private void stability(StringBuilder out, String what, java.util.function.Function<Row, Double> ratio) {
        Row worst = largestDifference(ratio);
        if (worst == null) return;
        List<Row> measured = rows.stream().filter(r -> ratio.apply(r) != null).toList();
        long within = measured.stream().filter(r -> agrees(ratio.apply(r))).count();
        out.append(String.format(Locale.ROOT, "%s: largest difference %+.1f%% (%s %s); within %.0f%% in %d of %d%n",
                what, percent(ratio.apply(worst)), worst.app(), worst.route(), TOLERANCE * 100, within,
                measured.size()));
    }

    /** A GitHub-flavoured Markdown table, then the unmatched apps. */
    public String markdown() {
        StringBuilder out = new StringBuilder("A: " + codeSpan(a) + ", B: " + codeSpan(b) + "\n\n|");
        HEADER.forEach(h -> out.append(' ').append(h).append(" |"));
        out.append("\n|");
        for (int i = 0; i < HEADER.size(); i++) {
            out.append(i < 2 ? " --- |" : " ---: |");
        }
        out.append('\n');
        for (List<String> row : tableCells()) {
            out.append('|');
            row.forEach(c -> out.append(' ').append(MarkdownRenderer.cell(c)).append(" |"));
            out.append('\n');
        }
        if (!verdicts.isEmpty()) {
            out.append("\n| route | verdict A | verdict B | cells agreeing |\n| --- | --- | --- | ---: |\n");
            for (VerdictRow v : verdicts) {
                out.append("| ").append(MarkdownRenderer.cell(String.valueOf(v.route()))).append(" | ")
                        .append(MarkdownRenderer.cell(String.valueOf(v.verdictA()))).append(" | ")
                        .append(MarkdownRenderer.cell(String.valueOf(v.verdictB())))
                        .append(" | ").append(v.cellsAgreeing()).append('/').append(v.cells()).append(" |\n");
            }
        }
        out.append(agreement());
        unmatchedMarkdown(out);
        return out.toString();
    }

    /** A directory as inline code: one line, delimited by more backticks than it holds in a row. */
    private static String codeSpan(String text) {
        String line = text.replaceAll("[\\p{Cntrl}\\u2028\\u2029]+", " ");
        String fence = "`";
        while (line.contains(fence)) {
            fence += "`";
        }
        boolean pad = line.startsWith("`") || line.endsWith("`");
        return fence + (pad ? " " + line + " " : line) + fence;
    }

    private void unmatchedMarkdown(StringBuilder out) {
        if (!onlyInA.isEmpty()) {
            out.append("\nonly in A: ")
                    .append(String.join(", ", onlyInA.stream().map(MarkdownRenderer::escape).toList())).append('\n');
        }
        if (!onlyInB.isEmpty()) {
            out.append("\nonly in B: ")
                    .append(String.join(", ", onlyInB.stream().map(MarkdownRenderer::escape).toList())).append('\n');
        }
    }

    private void unmatched(StringBuilder out) {
        if (!onlyInA.isEmpty()) {
            out.append("\nonly in A: ").append(String.join(", ", onlyInA)).append('\n');
        }
        if (!onlyInB.isEmpty()) {
            out.append("\nonly in B: ").append(String.join(", ", onlyInB)).append('\n');
        }
    }

    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .serializationInclusion(JsonInclude.Include.ALWAYS)
            .build();

    /** The comparison as JSON, ending with a line feed; missing ratios are {@code null}. */
    public String json() {
        try {
            return JSON.writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("comparison cannot be serialized", e);
        }
    }
}
