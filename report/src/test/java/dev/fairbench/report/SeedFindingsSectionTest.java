package dev.fairbench.report;

import dev.fairbench.report.render.MarkdownRenderer;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.VerdictsBuilder;
import dev.fairbench.results.Results;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.results.SuiteRun.SeedFinding;
import dev.fairbench.results.SuiteStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The "write-up's findings" section decides each declared finding from the results alone. In the sample, Vert.x
 * (speed 1.0) serves every route about 1.18× Go's rounds, whose ranges do not overlap; the profiles count the same
 * queries for both but more syscalls for Go; Spring has no profile; the run had one worker.
 */
class SeedFindingsSectionTest {
    private static SeedFinding finding(int number, String app, String against, String route, String measure,
                                       String expect, Integer workers) {
        return new SeedFinding(number, Map.of("en", "claim " + number, "uk", "висновок " + number), app, against,
                route, measure, expect, workers);
    }

    private static String section(Path dir, Results results, List<SeedFinding> findings, String language)
            throws Exception {
        SuiteStore.write(dir, new SuiteRun(SuiteRun.SCHEMA_VERSION, "round2", "Round 2", "shared/seeds/000.txt", "blog",
                List.of(), results.setup().routes(), List.of("timed", "profile"), 3, null, null, null,
                List.of(new SuiteRun.Load("default", "default", ".", 50, null, 1, null, null, false, true)), findings));
        ReportWriter.write(dir, results, language);
        String report = Files.readString(ReportWriter.files(dir, language).getFirst());
        String heading = language.equals("en") ? "## The write-up's findings, checked" : "## Висновки статті, перевірені";
        assertThat(report).contains(heading);
        String s = report.substring(report.indexOf(heading));
        int next = s.indexOf("\n## ", 5);
        return next < 0 ? s : s.substring(0, next);
    }

    @Test
    void eachFindingGetsTheVerdictItsDataSupports(@TempDir Path dir) throws Exception {
        Results results = SampleResults.build();
        String en = section(dir, results, List.of(
                finding(1, "vertx", "go-nethttp", "compute", "requests_per_second", "higher", null),
                finding(2, "vertx", "go-nethttp", "compute", "app_cpu_us", "higher", null),
                finding(3, "go-nethttp", "vertx", "index", "syscalls", "higher", null),
                finding(4, "go-nethttp", "vertx", "index", "postgres_queries", "higher", null),
                finding(5, "spring", "vertx", "index", "postgres_round_trips", "higher", null),
                finding(6, "vertx", "go-nethttp", "index", "requests_per_second", "higher", 2),
                finding(7, "axum-mimalloc", "axum", "index", "app_cpu_us", "lower", null)), "en");
        assertThat(en).contains("| 1 | claim 1 | Vert.x + pg-client / Go net/http + pgx | ", "| ×1.18 \\[", "| reproduced |")
                .contains("| 2 | claim 2 |").contains("| contradicted |")
                .contains("| 3 | claim 3 |", "| ×1.58 | reproduced (one profiled run or sample, no interval) |")
                .contains("| 4 | claim 4 |", "| ×1.00 | within noise (one profiled run or sample, no interval) |")
                .contains("not measurable here: spring has no profile of")
                .contains("not measurable here: needs 2 app workers, the run had 1")
                .contains("not measurable here: axum-mimalloc was not in this run")
                .contains("Reproduced: 2. Contradicted: 1. Within noise: 1. Not measurable here: 3.");
        String uk = section(dir, results, List.of(
                finding(1, "vertx", "go-nethttp", "compute", "requests_per_second", "higher", null)), "uk");
        assertThat(uk).contains("| 1 | висновок 1 |", "відтворено");
    }

    @Test
    void identicalRoundsAreWithinNoise(@TempDir Path dir) throws Exception {
        Results sample = SampleResults.build();
        var vertx = sample.app("vertx").orElseThrow();
        Results results = sample.withApp(new dev.fairbench.results.AppResult("vertx-copy", "Vert.x copy", "java",
                vertx.status(), null, vertx.versions(), vertx.runtimeFlags(), vertx.conformance(), vertx.notEqualized(),
                vertx.routes(), null, List.of(), null, List.of()));
        String en = section(dir, results, List.of(
                finding(1, "vertx-copy", "vertx", "index", "requests_per_second", "higher", null)), "en");
        assertThat(en).contains("| ×1.00 \\[", "| within noise |");
    }

    @Test
    void theSummaryThatBenchmarksMdQuotesEndsWithTheFindings(@TempDir Path dir) throws Exception {
        Results results = SampleResults.build();
        section(dir, results, List.of(
                finding(1, "vertx", "go-nethttp", "compute", "requests_per_second", "higher", null)), "en");
        Messages m = Messages.of("en");
        String withSuite = MarkdownRenderer.render(VerdictsBuilder.summary(results, SuiteStore.readIfPresent(dir)
                .orElseThrow(), m));
        assertThat(withSuite).contains("#### The write-up's findings, checked", "| 1 | claim 1 |");
        assertThat(withSuite.indexOf("#### The write-up's findings")).isGreaterThan(withSuite.indexOf("#### Verdicts"));
        assertThat(MarkdownRenderer.render(VerdictsBuilder.summary(results, m))).doesNotContain("findings, checked");
    }

    @Test
    void aSuiteWithoutFindingsHasNoSection(@TempDir Path dir) throws Exception {
        ReportWriter.write(dir, SampleResults.build(), "en");
        assertThat(Files.readString(ReportWriter.files(dir, "en").getFirst()))
                .doesNotContain("The write-up's findings, checked");
    }
}
