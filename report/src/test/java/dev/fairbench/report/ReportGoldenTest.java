package dev.fairbench.report;

import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Results;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reports of the checked-in results directories {@code sample-results} and {@code placed-results} (a session
 * across several hosts), compared byte for byte with golden files in {@code golden/} and {@code golden/placed/}. After an intended change, regenerate them with
 * {@code mvn -pl report test -Dgolden.update=true} and review the diff.
 */
class ReportGoldenTest {
    static final Path SAMPLE = Path.of("src/test/resources/sample-results");
    static final Path GOLDEN = Path.of("src/test/resources/golden");
    static final Path PLACED = Path.of("src/test/resources/placed-results");

    @TempDir
    Path out;

    @ParameterizedTest
    @CsvSource({"sample-results, golden, en", "sample-results, golden, uk", "placed-results, golden/placed, en",
            "placed-results, golden/placed, uk"})
    void reportsMatchGoldenFiles(String fixture, String goldenDir, String language) throws Exception {
        Files.copy(ResultsStore.file(SAMPLE.resolveSibling(fixture)), ResultsStore.file(out));
        SampleResults.writeHlogs(out);
        List<Path> written = ReportWriter.write(out, language);
        Path goldens = SAMPLE.resolveSibling(goldenDir);

        assertThat(written).allMatch(Files::isRegularFile);
        for (Path file : written) {
            Path golden = goldens.resolve(file.getFileName());
            String actual = Files.readString(file, StandardCharsets.UTF_8);
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(goldens);
                Files.writeString(golden, actual, StandardCharsets.UTF_8);
            }
            assertThat(actual).as(file.getFileName().toString())
                    .isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        }
        try (var listing = Files.list(out)) {
            assertThat(listing.map(p -> p.getFileName().toString())).noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @org.junit.jupiter.api.Test
    void writeAllWritesEveryLanguage() throws Exception {
        SampleResults.writeHlogs(out);
        List<Path> files = ReportWriter.writeAll(out, ResultsStore.read(SAMPLE));
        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("report.md", "report.html", "report.uk.md", "report.uk.html");
        for (Path file : files) {
            assertThat(Files.readString(file)).isEqualTo(Files.readString(GOLDEN.resolve(file.getFileName())));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void reportsDependOnResultsAlone(String language) throws Exception {
        Results results = ResultsStore.read(SAMPLE);
        var messages = dev.fairbench.report.render.Messages.of(language);
        assertThat(ReportWriter.html(results, messages)).isEqualTo(ReportWriter.html(results, messages));
        assertThat(ReportWriter.markdown(results, messages)).isEqualTo(ReportWriter.markdown(results, messages));
    }
}
