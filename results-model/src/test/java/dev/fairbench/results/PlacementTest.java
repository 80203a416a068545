package dev.fairbench.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code setup.placement} survives a write and a read, is left out when empty, and files without it stay readable. */
class PlacementTest {
    @TempDir
    Path dir;

    private static final List<PlacedRole> PLACEMENT = List.of(
            new PlacedRole("app", "root@10.213.7.11", "10.213.7.11", "0", "/tmp/fairbench", "test cpu", 2, 0.4, 0.9),
            new PlacedRole("services", "root@10.213.7.12", "10.213.7.12", "1", null, "test cpu", 2, -0.2, 0.8),
            new PlacedRole("load", "local", null, "1", null, "test cpu", 2, null, null));

    private static Results results(List<PlacedRole> placement) {
        Setup setup = new Setup(null, false, new Host("test cpu", 2, 1L << 30, "Linux", "6.1"),
                new Pinning(true, "1", "0", "0", "0"), 1, 16, 4, 50, 1, 5, 20, 3, List.of("hello"),
                Map.of("java", "25"), Map.of()).withPlacement(placement);
        return new Results(Results.SCHEMA_VERSION, "0.1.0-SNAPSHOT", 1, Instant.parse("2026-12-01T10:00:00Z"), null,
                setup, List.of());
    }

    @Test
    void aPlacementRoundTripsInFileOrderAndMatchesTheSchema() throws Exception {
        Results written = results(PLACEMENT);
        ResultsStore.write(dir, written);
        Results read = ResultsStore.read(dir);
        assertThat(read).isEqualTo(written);
        assertThat(read.setup().placement()).extracting(PlacedRole::role).containsExactly("app", "services", "load");
        String json = ResultsStore.toJson(written);
        assertThat(json).contains("\"clock_offset_millis\" : -0.2", "\"clock_round_trip_millis\" : 0.8",
                "\"logical_cpus\" : 2", "\"address\" : \"10.213.7.11\"");
        assertThat(ResultsStore.schemaProblems(json, "placed.json")).isEmpty();
        assertThat(read.setup().withPinning(read.setup().pinning()).placement()).as("kept by copies")
                .isEqualTo(PLACEMENT);
    }

    @Test
    void anEmptyPlacementIsLeftOutAndAFileWithoutItReadsAsLocal() throws Exception {
        String json = ResultsStore.toJson(results(List.of()));
        assertThat(json).doesNotContain("placement");
        assertThat(ResultsStore.schemaProblems(json, "local.json")).isEmpty();
        assertThat(ResultsStore.fromJson(json, "local.json").setup().placement()).isEmpty();
        assertThat(results(null).setup().placement()).isEmpty();
    }

    @Test
    void theSchemaRefusesAnUnknownRoleAndAnOffsetWithoutItsRoundTrip() {
        String json = ResultsStore.toJson(results(PLACEMENT));
        assertThat(ResultsStore.schemaProblems(json.replace("\"role\" : \"services\"", "\"role\" : \"db\""), "x"))
                .anyMatch(p -> p.contains("$.setup.placement[1].role"));
        String noRoundTrip = json.replaceFirst(",\\s*\"clock_round_trip_millis\" : 0.9", "");
        assertThat(noRoundTrip).isNotEqualTo(json);
        assertThat(ResultsStore.schemaProblems(noRoundTrip, "x")).isNotEmpty();
        assertThatThrownBy(() -> ResultsStore.fromJson(noRoundTrip, "x")).isInstanceOf(ResultsException.class);
    }

    @Test
    void theRecordRefusesWhatTheSchemaRefuses() {
        assertThatThrownBy(() -> new PlacedRole("db", "h", null, "0", null, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("db");
        assertThatThrownBy(() -> new PlacedRole("app", " ", null, "0", null, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PlacedRole("app", "h", null, "0", null, null, null, 1.0, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new PlacedRole("load", "local", null, "1", null, null, null, null, null).local()).isTrue();
    }
}
