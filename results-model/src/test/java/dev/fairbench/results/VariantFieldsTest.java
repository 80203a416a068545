package dev.fairbench.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code variant_of} and {@code variant} survive a write and a read, and files without them stay readable. */
class VariantFieldsTest {
    @TempDir
    Path dir;

    private static AppResult app(String name) {
        return new AppResult(name, "Go net/http", "go", AppStatus.SKIPPED, "toolchain missing: go",
                Map.of("pgx", "5.12.0"), List.of(), null, List.of(), List.of(), null, List.of());
    }

    private static Results results(AppResult... apps) {
        Setup setup = new Setup("0123456789abcdef0123456789abcdef01234567", false,
                new Host("test cpu", 2, 1L << 30, "Linux", "6.1"), new Pinning(true, "1", "0", "0", "0"), 1, 16, 4,
                50, 1, 5, 20, 3, List.of("hello"), Map.of("java", "25"), Map.of());
        return new Results(Results.SCHEMA_VERSION, "0.1.0-SNAPSHOT", 1, Instant.parse("2026-12-01T10:00:00Z"), null,
                setup, List.of(apps));
    }

    @Test
    void aVariantAndItsBaseRoundTrip() throws Exception {
        Results written = results(app("go-nethttp"), app("go-nethttp-gogc400").asVariantOf("go-nethttp", "GOGC=400"));
        ResultsStore.write(dir, written);
        Results read = ResultsStore.read(dir);
        assertThat(read).isEqualTo(written);
        AppResult variant = read.app("go-nethttp-gogc400").orElseThrow();
        assertThat(variant.variantOf()).isEqualTo("go-nethttp");
        assertThat(variant.variant()).isEqualTo("GOGC=400");
        assertThat(read.app("go-nethttp").orElseThrow().variantOf()).isNull();
        String json = ResultsStore.toJson(written);
        assertThat(json).contains("\"variant_of\" : \"go-nethttp\"", "\"variant\" : \"GOGC=400\"");
        assertThat(json.split("\"variant_of\"", -1)).as("left out for the base").hasSize(2);
        assertThat(variant.withStatus(AppStatus.FAILED, "x").variant()).as("kept by copies").isEqualTo("GOGC=400");
    }

    @Test
    void aFileWithoutTheFieldsIsReadAndOneWithHalfOfThemIsRefused() throws Exception {
        String json = ResultsStore.toJson(results(app("go-nethttp-gogc400").asVariantOf("go-nethttp", "GOGC=400")));
        String old = json.replaceAll(",\\s*\"variant\" : \"GOGC=400\"", "").replaceAll(",\\s*\"variant_of\" : \"go-nethttp\"", "");
        assertThat(old).doesNotContain("variant");
        assertThat(ResultsStore.fromJson(old, "old.json").app("go-nethttp-gogc400").orElseThrow().variantOf()).isNull();
        String half = json.replaceAll(",\\s*\"variant\" : \"GOGC=400\"", "");
        assertThat(half).contains("variant_of").doesNotContain("\"variant\" :");
        assertThatThrownBy(() -> ResultsStore.fromJson(half, "half.json")).isInstanceOf(ResultsException.class)
                .hasMessageContaining("variant");
        assertThat(ResultsStore.schemaProblems(json.replace("\"GOGC=400\"", "\"\""), "empty.json")).isNotEmpty();
    }

    @Test
    void variantOfAndVariantComeTogether() {
        assertThatThrownBy(() -> app("x").asVariantOf("go-nethttp", null)).isInstanceOf(IllegalArgumentException.class);
    }
}
