package dev.fairbench.report;

import dev.fairbench.results.ResultsException;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultsStoreTest {
    @TempDir
    Path dir;

    @Test
    void writesAndReadsBackEqualResults() throws Exception {
        Results results = SampleResults.build();
        ResultsStore.write(dir, results);

        assertThat(ResultsStore.read(dir)).isEqualTo(results);
        assertThat(dir.resolve("results.json.tmp")).doesNotExist();
    }

    @Test
    void rewritingReplacesTheFileWhole() throws Exception {
        Results results = SampleResults.build();
        ResultsStore.write(dir, results);
        Results fewer = new Results(results.schemaVersion(), results.fairbenchVersion(), results.contractVersion(),
                results.startedAt(), null, results.setup(), results.apps().subList(0, 1));
        ResultsStore.write(dir, fewer);

        assertThat(ResultsStore.read(dir)).isEqualTo(fewer);
        assertThat(Files.readString(dir.resolve("results.json"))).doesNotContain("finished_at").endsWith("}\n");
    }

    @Test
    void checkedInFixtureIsWhatTheModelWrites() throws Exception {
        Path fixture = Path.of("src/test/resources/sample-results");
        String expected = ResultsStore.toJson(SampleResults.build());
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(fixture.resolve("results.json"), expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(fixture.resolve("results.json"), StandardCharsets.UTF_8)).isEqualTo(expected);
        assertThat(ResultsStore.read(fixture)).isEqualTo(SampleResults.build());
    }

    @Test
    void checkedInPlacedFixtureIsWhatTheModelWrites() throws Exception {
        Path fixture = Path.of("src/test/resources/placed-results");
        String expected = ResultsStore.toJson(SampleResults.buildPlaced());
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(fixture);
            Files.writeString(fixture.resolve("results.json"), expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(fixture.resolve("results.json"), StandardCharsets.UTF_8)).isEqualTo(expected);
        Results read = ResultsStore.read(fixture);
        assertThat(read).isEqualTo(SampleResults.buildPlaced());
        assertThat(read.setup().placement()).extracting(p -> p.role() + " " + p.address())
                .containsExactly("app 10.213.7.11", "services 10.213.7.12", "load 10.213.7.13", "load 10.213.7.14");
    }

    @Test
    void writesSnakeCaseAndOmitsAbsentValues() {
        String json = ResultsStore.toJson(SampleResults.build());
        assertThat(json).contains("\"schema_version\" : 1", "\"p99_9_ms\"", "\"status_2xx\"", "\"non_2xx\"",
                "\"started_at\" : \"2026-11-30T10:00:00Z\"", "\"status\" : \"skipped\"");
        assertThat(json).doesNotContain("null", "p999", "status2xx");
    }

    @Test
    void missingDirectoryIsOneClearLine() {
        assertThatThrownBy(() -> ResultsStore.read(dir.resolve("nope")))
                .isInstanceOf(ResultsException.class)
                .hasMessageContaining("no results.json in").hasMessageNotContaining("\n");
    }

    @Test
    void refusesOtherSchemaVersionsAndGarbage() throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"schema_version\": 2}");
        assertThatThrownBy(() -> ResultsStore.read(dir)).hasMessageContaining("schema_version 2");
        Files.writeString(dir.resolve("results.json"), "[1, 2");
        assertThatThrownBy(() -> ResultsStore.read(dir)).isInstanceOf(ResultsException.class)
                .hasMessageContaining("not valid results JSON");
        Files.writeString(dir.resolve("results.json"), "{\"apps\": []}");
        assertThatThrownBy(() -> ResultsStore.read(dir)).hasMessageContaining("no schema_version");
    }

    @Test
    void resultsWithoutSetupAreRefusedWithTheFileAndPath() throws Exception {
        ResultsStore.write(dir, SampleResults.build());
        Path file = dir.resolve("results.json");
        Files.writeString(file, Files.readString(file).replaceFirst("\"setup\"", "\"set_up\""));
        assertThatThrownBy(() -> ResultsStore.read(dir)).isInstanceOfSatisfying(ResultsException.class, e -> {
            assertThat(e.getMessage()).startsWith(file + ": $").doesNotContain("\n");
            assertThat(e.problems()).anyMatch(p -> p.startsWith(file + ": $.setup: "))
                    .anyMatch(p -> p.startsWith(file + ": $.set_up: "));
            assertThat(e.problems()).isNotEmpty().allMatch(p -> p.startsWith(file + ": $") && !p.contains("\n"));
        });
    }
}
