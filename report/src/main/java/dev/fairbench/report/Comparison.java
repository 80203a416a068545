package dev.fairbench.report;

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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Two sessions side by side: for every app (matched by name) and route summarized in both, the ratio B/A of
 * throughput, p99 latency, app CPU per request and peak RSS. A ratio above 1 means B has more of it (for
 * throughput that is better, for the others worse). Ratios are {@code null} when either side lacks the value or
 * A's value is zero.
 *
 * <p>Formats: {@link #text()} aligned columns for a terminal, {@link #markdown()} a GitHub table,
 * {@link #json()} an object {@code {"a","b","rows":[...],"only_in_a":[...],"only_in_b":[...]}} with snake_case
 * row fields. Numbers in every format are written with {@link Locale#ROOT} (a dot, no grouping) so they can be
 * parsed. Immutable.
 *
 * @param a       label of session A (its directory)
 * @param b       label of session B
 * @param rows    one row per app and route present in both, in A's app order then A's route order
 * @param onlyInA apps with a summary in A only
 * @param onlyInB apps with a summary in B only
 */
public record Comparison(String a, String b, List<Row> rows, List<String> onlyInA, List<String> onlyInB) {

    /**
     * One app and route.
     *
     * @param requestsPerSecondA       median req/s in A
     * @param requestsPerSecondB       median req/s in B
     * @param requestsPerSecondRatio   B/A of req/s
     * @param p99Ratio                 B/A of p99 latency
     * @param appCpuPerRequestRatio    B/A of app CPU time per request
     * @param rssRatio                 B/A of peak RSS
     */
    public record Row(String app, String route, double requestsPerSecondA, double requestsPerSecondB,
                      Double requestsPerSecondRatio, Double p99Ratio, Double appCpuPerRequestRatio, Double rssRatio) {
    }

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
                rows.add(new Row(appA.name(), routeA.route(), sa.requestsPerSecond(), sb.requestsPerSecond(),
                        ratio(sb.requestsPerSecond(), sa.requestsPerSecond()),
                        ratio(sb.latency().p99Ms(), sa.latency().p99Ms()),
                        ratio(sb.appCpuUsPerRequest(), sa.appCpuUsPerRequest()),
                        ratio(sb.appRssPeakBytes() == null ? null : sb.appRssPeakBytes().doubleValue(),
                                sa.appRssPeakBytes() == null ? null : sa.appRssPeakBytes().doubleValue())));
            }
        }
        List<String> onlyInB = new ArrayList<>();
        for (AppResult appB : b.apps()) {
            if (hasSummary(appB) && a.app(appB.name()).filter(Comparison::hasSummary).isEmpty()) {
                onlyInB.add(appB.name());
            }
        }
        return new Comparison(labelA, labelB, List.copyOf(rows), List.copyOf(onlyInA), List.copyOf(onlyInB));
    }

    private static boolean hasSummary(AppResult app) {
        return app.routes().stream().anyMatch(r -> r.summary() != null);
    }

    private static Double ratio(Double b, Double a) {
        return a == null || b == null || a == 0 ? null : b / a;
    }

    private static final List<String> HEADER =
            List.of("app", "route", "req/s A", "req/s B", "req/s B/A", "p99 B/A", "CPU/req B/A", "RSS B/A");

    private List<List<String>> cells() {
        List<List<String>> cells = new ArrayList<>();
        for (Row r : rows) {
            cells.add(List.of(r.app(), r.route(), String.format(Locale.ROOT, "%.0f", r.requestsPerSecondA()),
                    String.format(Locale.ROOT, "%.0f", r.requestsPerSecondB()), ratioText(r.requestsPerSecondRatio()),
                    ratioText(r.p99Ratio()), ratioText(r.appCpuPerRequestRatio()), ratioText(r.rssRatio())));
        }
        return cells;
    }

    private static String ratioText(Double ratio) {
        return ratio == null ? "-" : String.format(Locale.ROOT, "%.3f", ratio);
    }

    /** Aligned columns, text first column left-aligned and numbers right-aligned, then the unmatched apps. */
    public String text() {
        List<List<String>> all = new ArrayList<>();
        all.add(HEADER);
        all.addAll(cells());
        int[] widths = new int[HEADER.size()];
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder("A: " + a + "\nB: " + b + "\n\n");
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                line.append(i < 2 ? cell + pad : pad + cell).append(i < row.size() - 1 ? "  " : "");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        unmatched(out);
        return out.toString();
    }

    /** A GitHub-flavoured Markdown table, then the unmatched apps. */
    public String markdown() {
        StringBuilder out = new StringBuilder("A: `" + a + "`, B: `" + b + "`\n\n|");
        HEADER.forEach(h -> out.append(' ').append(h).append(" |"));
        out.append("\n|");
        for (int i = 0; i < HEADER.size(); i++) {
            out.append(i < 2 ? " --- |" : " ---: |");
        }
        out.append('\n');
        for (List<String> row : cells()) {
            out.append('|');
            row.forEach(c -> out.append(' ').append(c.replace("|", "\\|")).append(" |"));
            out.append('\n');
        }
        unmatched(out);
        return out.toString();
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
