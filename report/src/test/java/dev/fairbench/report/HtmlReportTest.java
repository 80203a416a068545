package dev.fairbench.report;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Results;
import dev.fairbench.report.render.Messages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The HTML report is self-contained, its SVG is well-formed, and data is escaped everywhere. */
class HtmlReportTest {
    private static final Pattern SVG = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL);

    private static String html(Results results, String language) {
        return ReportWriter.html(results, Messages.of(language));
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void loadsNothingFromOutside(String language) {
        String html = html(SampleResults.build(), language);
        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase("<img").doesNotContainIgnoringCase("<iframe")
                .doesNotContainIgnoringCase("@import").doesNotContainIgnoringCase("url(");
        // the only absolute URL allowed is the SVG namespace, which is a name, not a resource
        String withoutNamespace = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        assertThat(withoutNamespace).doesNotContain("http://").doesNotContain("https://");
        assertThat(html).startsWith("<!DOCTYPE html>\n<html lang=\"" + language + "\">");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void everySvgIsWellFormedXml(String language) throws Exception {
        String html = html(SampleResults.build(), language);
        Matcher svg = SVG.matcher(html);
        int charts = 0;
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        while (svg.find()) {
            charts++;
            Document doc = factory.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.group().getBytes(StandardCharsets.UTF_8)));
            assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
            assertThat(doc.getElementsByTagName("rect").getLength()).isPositive();
        }
        // 8 routes, memory, CPU, capacity bars and curve; CPU split of 8 routes and of 3 profiled routes
        assertThat(charts).isEqualTo(23);
    }

    @Test
    void dataIsEscapedInHtmlAndSvg() throws Exception {
        Results sample = SampleResults.build();
        AppResult vertx = sample.app("vertx").orElseThrow();
        AppResult hostile = new AppResult(vertx.name(), "<b>x</b> & \"y\"", vertx.language(), vertx.status(), null,
                vertx.versions(), vertx.runtimeFlags(), vertx.conformance(), vertx.notEqualized(), vertx.routes(),
                vertx.profile(), vertx.capacity());
        AppResult skipped = sample.app("axum").orElseThrow().withStatus(AppStatus.SKIPPED, "<script>alert(1)</script>");
        String html = html(sample.withApp(hostile).withApp(skipped), "en");

        assertThat(html).doesNotContain("<b>x</b>", "<script>").contains("&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;");
        Matcher svg = SVG.matcher(html);
        while (svg.find()) {
            DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.group().getBytes(StandardCharsets.UTF_8)));
        }
        String md = ReportWriter.markdown(sample.withApp(skipped), Messages.of("en"));
        assertThat(md).doesNotContain("<script>").contains("&lt;script>");
    }

    @Test
    void errorsTableListsOnlyPairsWithErrorsAndCountsTheClean() {
        String md = ReportWriter.markdown(SampleResults.build(), Messages.of("en"));
        assertThat(md).doesNotContain("| Vert.x + pg-client | Index | 0 / 0 | 0 / 0 | 0 / 0 |");
        assertThat(md).contains("23 of 24 app and route pairs had no error and no non-2xx response in any run");
        assertThat(md).contains("| Go net/http + pgx | Detail | 0 / 0 | **2 / 2** | 0 / 0 |");
        assertThat(ReportWriter.html(SampleResults.build(), Messages.of("en")))
                .contains("<td class=\"num\">0 / 0</td><td class=\"num alert\">2 / 2</td>");
        assertThat(md).contains("**4** errors or non-2xx responses in 72 runs");
    }

    @Test
    void sessionWithoutProfileOrCapacityHasNeitherSection() {
        Results sample = SampleResults.build();
        Results plain = sample;
        for (AppResult app : sample.apps()) {
            plain = plain.withApp(app.withProfile(null).withCapacity(List.of()));
        }
        String md = ReportWriter.markdown(plain, Messages.of("en"));
        assertThat(md).doesNotContain("## Findings", "## Capacity").contains("## Latency");
    }

    @Test
    void unfinishedOrEmptySessionStillRenders() {
        Results sample = SampleResults.build();
        Results empty = new Results(1, "x", 1, sample.startedAt(), null, sample.setup(), List.of());
        for (String language : Messages.LANGUAGES) {
            String md = ReportWriter.markdown(empty, Messages.of(language));
            assertThat(md).contains(Messages.of(language).get("unfinished"), Messages.of(language).get("nodata"));
            assertThat(html(empty, language)).contains("</html>");
        }
        AppResult vertx = sample.app("vertx").orElseThrow();
        AppResult halfway = new AppResult(vertx.name(), vertx.label(), vertx.language(), AppStatus.MEASURED, null,
                vertx.versions(), vertx.runtimeFlags(), vertx.conformance(), List.of(), vertx.routes().subList(0, 2),
                null, List.of());
        Results running = new Results(1, "x", 1, sample.startedAt(), null, sample.setup(), List.of(halfway));
        assertThat(ReportWriter.markdown(running, Messages.of("en"))).contains("### Detail").doesNotContain("### Tag");
    }

    @Test
    void profileOnlySessionDoesNotContradictItself() {
        Results sample = SampleResults.build();
        List<AppResult> apps = new java.util.ArrayList<>();
        for (AppResult app : sample.apps()) {
            if (app.profile() == null) continue;
            apps.add(new AppResult(app.name(), app.label(), app.language(), AppStatus.MEASURED, null, app.versions(),
                    app.runtimeFlags(), null, List.of(), List.of(), app.profile(), List.of()));
        }
        Results profiled = new Results(1, "x", 1, sample.startedAt(), null, sample.setup(), apps);
        for (String language : Messages.LANGUAGES) {
            Messages m = Messages.of(language);
            String md = ReportWriter.markdown(profiled, m);
            assertThat(md).contains(m.get("profileonly"), m.get("notmeasured.none.profiled"))
                    .doesNotContain(m.get("unfinished"), m.get("notmeasured.none"), m.get("headline.errors", "0"),
                            "## " + m.get("throughput"), "## " + m.get("latency"));
        }
    }

    @Test
    void flameGraphsAreLinkedOnlyWhenTheirPathIsSafe() {
        Results sample = SampleResults.build();
        String html = html(sample, "en");
        assertThat(html).contains("flame graph <a href=\"profiles/vertx/index.html\">profiles/vertx/index.html</a>");
        assertThat(ReportWriter.markdown(sample, Messages.of("en")))
                .contains("flame graph [profiles/vertx/index.html](profiles/vertx/index.html)");
        var unsafe = new dev.fairbench.report.render.Block.Bullets(List.of("a javascript:alert(1)", "b /etc/passwd",
                "c ../x.html"), List.of("javascript:alert(1)", "/etc/passwd", "../x.html"));
        assertThat(unsafe.safeLink(0)).isEmpty();
        assertThat(unsafe.safeLink(1)).isEmpty();
        assertThat(unsafe.safeLink(2)).isEmpty();
    }

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    @Test
    void plotsFromTheHlogsAreWellFormedSvg() throws Exception {
        java.nio.file.Files.copy(dev.fairbench.results.ResultsStore.file(ReportGoldenTest.SAMPLE),
                dev.fairbench.results.ResultsStore.file(dir));
        SampleResults.writeHlogs(dir);
        String html = java.nio.file.Files.readString(ReportWriter.write(dir, "en").get(1));
        Matcher svg = SVG.matcher(html);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        int lines = 0;
        while (svg.find()) {
            Document doc = factory.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.group().getBytes(StandardCharsets.UTF_8)));
            lines += doc.getElementsByTagName("polyline").getLength();
        }
        // index: latency, one line per measured app (3); throughput, one line per round of each (3 × 3); the
        // capacity curve of two apps
        assertThat(lines).isEqualTo(14);
        assertThat(html).contains("id=\"distribution-index\"").doesNotContain("id=\"distribution-detail\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void throughputOverTimeDrawsEveryRoundInItsAppsColourTheMedianOneThick(String language) throws Exception {
        java.nio.file.Files.copy(dev.fairbench.results.ResultsStore.file(ReportGoldenTest.SAMPLE),
                dev.fairbench.results.ResultsStore.file(dir));
        SampleResults.writeHlogs(dir);
        Messages m = Messages.of(language);
        String html = java.nio.file.Files.readString(ReportWriter.write(dir, language).get(1));
        Document chart = null;
        Matcher svg = SVG.matcher(html);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        while (svg.find()) {
            Document doc = factory.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.group().getBytes(StandardCharsets.UTF_8)));
            if (doc.getDocumentElement().getAttribute("aria-label").startsWith(m.get("distribution.rate") + " ")) {
                assertThat(chart).as("one throughput chart, on the index route").isNull();
                chart = doc;
            }
        }
        assertThat(chart).isNotNull();
        Results results = SampleResults.build();
        var polylines = chart.getElementsByTagName("polyline");
        java.util.Map<String, List<Boolean>> thinByColour = new java.util.TreeMap<>();
        for (int i = 0; i < polylines.getLength(); i++) {
            var line = (org.w3c.dom.Element) polylines.item(i);
            thinByColour.computeIfAbsent(line.getAttribute("stroke"), k -> new java.util.ArrayList<>())
                    .add(line.hasAttribute("stroke-opacity"));
        }
        // each measured app: its three rounds in its own colour, the two that are not the median thin and pale,
        // drawn before (under) the thick median line
        List<AppResult> measured = results.apps().stream().filter(a -> a.status() == AppStatus.MEASURED).toList();
        assertThat(thinByColour).hasSize(measured.size());
        assertThat(thinByColour.values()).allSatisfy(thin -> assertThat(thin).containsExactly(true, true, false));
        String text = chart.getDocumentElement().getTextContent();
        assertThat(text).contains(m.get("distribution.rate.key.median"), m.get("distribution.rate.key.other"));
        for (AppResult app : measured) assertThat(text).contains(app.label());
        // the legend names each app once, although it has three lines
        assertThat(text.split(java.util.regex.Pattern.quote(measured.getFirst().label()), -1)).hasSize(2);

        String md = java.nio.file.Files.readString(ReportWriter.write(dir, language).getFirst());
        int median = measured.getFirst().route("index").orElseThrow().summary().medianRun();
        assertThat(md).contains("| " + measured.getFirst().label() + " | "
                + m.get("distribution.rate.round.median", String.valueOf(median)) + " |");
    }
}
