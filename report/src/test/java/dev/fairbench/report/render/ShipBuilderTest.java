package dev.fairbench.report.render;

import dev.fairbench.report.ReportWriter;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.friction.FrictionStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The "Build and ship" section: rendered from a friction.json written by the store, compared byte for byte with
 * golden files ({@code golden/ship.*}; regenerate with {@code -Dgolden.update=true} and review the diff), and part
 * of the report only when the results directory holds a friction.json.
 */
class ShipBuilderTest {
    private static final Path SAMPLE = Path.of("src/test/resources/sample-results");
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void theSectionMatchesItsGoldenFiles(String language) throws Exception {
        FrictionStore.write(dir, SampleFriction.build());
        Messages m = Messages.of(language);
        List<Block> section = ShipBuilder.build(dir, m);
        String stem = language.equals("en") ? "ship" : "ship." + language;
        check(GOLDEN.resolve(stem + ".md"), MarkdownRenderer.render(section));
        check(GOLDEN.resolve(stem + ".html"), HtmlRenderer.render(section, m.language(), m.get("toc")));
    }

    private static void check(Path golden, String actual) throws Exception {
        if (Boolean.getBoolean("golden.update")) Files.writeString(golden, actual, StandardCharsets.UTF_8);
        assertThat(actual).as(golden.getFileName().toString()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void theReportHasTheSectionOnlyWithAFrictionFile() throws Exception {
        Files.copy(ResultsStore.file(SAMPLE), ResultsStore.file(dir));
        ReportWriter.write(dir, "en");
        assertThat(Files.readString(dir.resolve("report.md"))).doesNotContain("Build and ship");
        FrictionStore.write(dir, SampleFriction.build());
        ReportWriter.write(dir, "en");
        ReportWriter.write(dir, "uk");
        String md = Files.readString(dir.resolve("report.md"));
        assertThat(md).contains("## Build and ship").contains(MarkdownRenderer.render(
                ShipBuilder.build(dir, Messages.of("en"))).strip());
        assertThat(Files.readString(dir.resolve("report.html"))).contains("id=\"build-and-ship\"");
        assertThat(Files.readString(dir.resolve("report.uk.md"))).contains("## Збирання й постачання");
        // the section comes after everything measured by the run, before the footer
        assertThat(md.indexOf("## Build and ship")).isGreaterThan(md.indexOf("## Conformance"));
    }

    @Test
    void anUnreadableFrictionFileIsSaidAndTheReportStillRenders() throws Exception {
        Files.writeString(FrictionStore.file(dir), "{\"schema_version\": 1, \"apps\": []}\n");
        List<Block> section = ShipBuilder.build(dir, Messages.of("en"));
        assertThat(section).hasSize(2);
        assertThat(((Block.Paragraph) section.get(1)).text()).startsWith("friction.json could not be read: ")
                .contains("required property");
        assertThat(ShipBuilder.build(null, Messages.of("en"))).isEmpty();
        assertThat(ShipBuilder.build(dir.resolve("none"), Messages.of("en"))).isEmpty();
    }
}
