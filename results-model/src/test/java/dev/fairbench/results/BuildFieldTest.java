package dev.fairbench.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code build} survives a write and a read, the schema holds it to its shape, and files without it stay readable. */
class BuildFieldTest {
    @TempDir
    Path dir;

    private static final String SHA = "9f".repeat(32);

    private static final Build BY_RUNNER = new Build("peers/target/release/axum-sqlx", SHA, 10_485_760,
            Instant.parse("2026-12-04T18:00:00Z"), true, "cargo build --release --locked -p axum-sqlx",
            Map.of("CARGO_PROFILE_RELEASE_LTO", "off"));

    private static AppResult app(Build build) {
        return new AppResult("axum-sqlx", "axum", "rust", AppStatus.SKIPPED, "interrupted", Map.of(), List.of(), null,
                List.of(), List.of(), null, List.of()).withBuild(build);
    }

    private static Results results(AppResult app) {
        Setup setup = new Setup("0123456789abcdef0123456789abcdef01234567", false,
                new Host("test cpu", 2, 1L << 30, "Linux", "6.1"), new Pinning(true, "1", "0", "0", "0"), 1, 16, 4,
                50, 1, 5, 20, 3, List.of("hello"), Map.of("java", "25"), Map.of());
        return new Results(Results.SCHEMA_VERSION, "0.1.0-SNAPSHOT", 1, Instant.parse("2026-12-01T10:00:00Z"), null,
                setup, List.of(app));
    }

    @Test
    void aBuildRoundTripsAndIsKeptByCopies() throws Exception {
        Results written = results(app(BY_RUNNER));
        ResultsStore.write(dir, written);
        Results read = ResultsStore.read(dir);
        assertThat(read).isEqualTo(written);
        assertThat(ResultsStore.toJson(written)).contains("\"built_by_runner\" : true",
                "\"modified_at\" : \"2026-12-04T18:00:00Z\"", "\"CARGO_PROFILE_RELEASE_LTO\" : \"off\"");
        AppResult app = read.apps().getFirst();
        assertThat(List.of(app.withStatus(AppStatus.FAILED, "x"), app.withLogFile("logs/axum-sqlx.log"),
                app.withCapacity(List.of()), app.withRobustness(List.of()), app.withKnownFailures(List.of()),
                app.asVariantOf("axum", "LTO off"))).extracting(AppResult::build).containsOnly(BY_RUNNER);
    }

    @Test
    void anArtifactNotBuiltByTheRunnerHasNoCommandAndAFileWithoutBuildIsRead() throws Exception {
        Build outside = new Build("apps/vertx/target/vertx-app.jar", SHA, 1, Instant.parse("2026-12-04T18:00:00Z"),
                false, null, Map.of());
        String json = ResultsStore.toJson(results(app(outside)));
        assertThat(ResultsStore.schemaProblems(json, "outside.json")).isEmpty();
        assertThat(json).doesNotContain("\"command\"");
        String old = ResultsStore.toJson(results(app(null)));
        assertThat(old).doesNotContain("\"build\"");
        assertThat(ResultsStore.fromJson(old, "old.json").apps().getFirst().build()).isNull();
    }

    @Test
    void theSchemaRefusesABuildOutOfShape() throws Exception {
        String json = ResultsStore.toJson(results(app(BY_RUNNER)));
        assertThat(ResultsStore.schemaProblems(json, "ok.json")).isEmpty();
        assertThat(ResultsStore.schemaProblems(json.replace(SHA, "abc"), "short.json")).isNotEmpty();
        assertThat(ResultsStore.schemaProblems(json.replace("\"built_by_runner\" : true", "\"built_by_runner\" : false"),
                "command-without-runner.json")).isNotEmpty();
        assertThat(ResultsStore.schemaProblems(json.replace("\"peers/target/release/axum-sqlx\"", "\"\""),
                "no-artifact.json")).isNotEmpty();
    }

    @Test
    void aCommandComesExactlyWithTheRunnersBuild() {
        assertThatThrownBy(() -> new Build("a", SHA, 1, Instant.EPOCH, true, null, Map.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Build("a", SHA, 1, Instant.EPOCH, false, "make", Map.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sameAsComparesBytesAndEnvironmentNotPathOrTime() {
        Build elsewhere = new Build("/tmp/clone/peers/target/release/axum-sqlx".substring(1), SHA, 10_485_760,
                Instant.parse("2026-12-05T09:00:00Z"), true, "cargo build", Map.of("CARGO_PROFILE_RELEASE_LTO", "off"));
        assertThat(BY_RUNNER.sameAs(elsewhere)).isTrue();
        assertThat(BY_RUNNER.sameAs(new Build("a", SHA, 1, Instant.EPOCH, false, null, Map.of()))).isFalse();
        assertThat(BY_RUNNER.sameAs(new Build("a", "00".repeat(32), 1, Instant.EPOCH, true, "cargo build",
                Map.of("CARGO_PROFILE_RELEASE_LTO", "off")))).isFalse();
        assertThat(BY_RUNNER.sameAs(null)).isFalse();
    }
}
