package dev.fairbench.report;

import dev.fairbench.report.render.Messages;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.NotEqualized;
import dev.fairbench.results.Results;
import org.junit.jupiter.api.Test;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An app label, a not-equalized note and a skip reason written to break the report: line breaks, pipes and HTML.
 * The Markdown keeps every table row whole and holds no raw HTML; the HTML and its SVG hold no markup of the data.
 */
class HostileNamesTest {
    static final String LABEL = "Evil | app\n| x | y |\r\n# Owned <img src=x onerror=alert(1)></td>\u2028</table>";
    static final String NOTE = "flag\n\n<script>alert(2)</script> | ** ";
    static final String REASON = "skipped\r\n---\n<iframe src=//evil>|";

    static Results hostile() {
        Results sample = SampleResults.build();
        AppResult vertx = sample.app("vertx").orElseThrow();
        AppResult evil = new AppResult(vertx.name(), LABEL, vertx.language(), vertx.status(), null, vertx.versions(),
                vertx.runtimeFlags(), vertx.conformance(), List.of(new NotEqualized("pool\n|size", NOTE)),
                vertx.routes(), vertx.profile(), vertx.capacity());
        AppResult skipped = sample.app("axum").orElseThrow().withStatus(AppStatus.SKIPPED, REASON);
        return sample.withApp(evil).withApp(skipped);
    }

    /** Pipes that end or split a cell: those not escaped with a backslash. */
    private static long cellBreaks(String line) {
        long n = 0;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '\\') {
                i++;
            } else if (line.charAt(i) == '|') {
                n++;
            }
        }
        return n;
    }

    @Test
    void markdownTablesKeepTheirShapeAndHoldNoHtml() {
        for (String language : Messages.LANGUAGES) {
            String md = ReportWriter.markdown(hostile(), Messages.of(language));
            assertThat(md).doesNotContain("<img", "<script", "<iframe", "</td>", "</table>", "\u2028", "\r")
                    .contains("Evil \\| app", "&lt;img src=x onerror=alert(1)>");
            // no line of the data starts a block: a heading, a rule, a table row of its own
            assertThat(md.lines()).noneMatch(l -> l.startsWith("# Owned") || l.startsWith("| x | y |")
                    || l.equals("---") || l.startsWith("<"));
            // every table row has as many cell separators as its header
            List<String> lines = md.lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("|") && (i == 0 || !lines.get(i - 1).startsWith("|"))) {
                    long columns = cellBreaks(lines.get(i));
                    for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("|"); j++) {
                        assertThat(cellBreaks(lines.get(j))).as("row %d of the table at line %d: %s", j, i,
                                lines.get(j)).isEqualTo(columns);
                    }
                }
            }
        }
    }

    @Test
    void htmlAndSvgHoldNoMarkupOfTheData() throws Exception {
        String html = ReportWriter.html(hostile(), Messages.of("en"));
        assertThat(html).doesNotContain("<img", "<script", "<iframe", "<td>x").contains("&lt;img src=x");
        Matcher svg = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL).matcher(html);
        int charts = 0;
        while (svg.find()) {
            DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.group().getBytes(StandardCharsets.UTF_8)));
            charts++;
        }
        assertThat(charts).isPositive();
    }

    @Test
    void comparisonMarkdownKeepsItsTable() {
        Results a = hostile();
        String md = Comparison.of("a`dir\n| x |", a, "b", a).markdown();
        assertThat(md.lines().filter(l -> l.startsWith("|")).mapToLong(HostileNamesTest::cellBreaks).distinct())
                .hasSize(1 + (md.contains("| route | verdict A |") ? 1 : 0));
        assertThat(md.lines().findFirst().orElseThrow()).isEqualTo("A: ``a`dir | x |``, B: `b`");
    }
}
