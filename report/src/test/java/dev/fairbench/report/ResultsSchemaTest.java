package dev.fairbench.report;

import dev.fairbench.results.ResultsStore;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Results;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The JSON Schema describes what {@link ResultsStore} really writes, and rejects what it must not accept. */
class ResultsSchemaTest {
    static Schema schema;

    @TempDir
    Path dir;

    @BeforeAll
    static void loadSchema() throws Exception {
        try (InputStream in = ResultsStore.class.getResourceAsStream(ResultsStore.SCHEMA_RESOURCE)) {
            assertThat(in).as("schema resource").isNotNull();
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        }
    }

    private static List<Error> validate(String json) {
        return schema.validate(json, InputFormat.JSON);
    }

    @Test
    void writtenFileIsValid() throws Exception {
        ResultsStore.write(dir, SampleResults.build());
        assertThat(validate(Files.readString(dir.resolve("results.json")))).isEmpty();
    }

    @Test
    void inProgressSessionWithoutSummariesIsValid() {
        Results full = SampleResults.build();
        AppResult first = full.apps().get(0);
        AppResult running = new AppResult(first.name(), first.label(), first.language(), AppStatus.MEASURED, null,
                first.versions(), first.runtimeFlags(), first.conformance(), first.notEqualized(), List.of(),
                null, List.of());
        Results partial = new Results(1, "0.1.0-SNAPSHOT", 1, full.startedAt(), null, full.setup(), List.of(running));
        assertThat(validate(ResultsStore.toJson(partial))).isEmpty();
    }

    @Test
    void failedAppWithoutReasonIsInvalid() {
        Results full = SampleResults.build();
        AppResult failed = full.app("helidon").orElseThrow().withStatus(AppStatus.FAILED, null);
        assertThat(validate(ResultsStore.toJson(full.withApp(failed))))
                .extracting(Error::getMessage).anyMatch(m -> m.contains("reason"));
    }

    /** An app interrupted after earlier rounds measured it stays measured, with the interruption as its reason. */
    @Test
    void measuredAppMayCarryTheReasonItIsPartial() {
        Results full = SampleResults.build();
        AppResult vertx = full.app("vertx").orElseThrow().withStatus(AppStatus.MEASURED, "interrupted in round 3");
        assertThat(validate(ResultsStore.toJson(full.withApp(vertx)))).isEmpty();
    }

    /** robustness is optional: written as {@code case, passed, millis} and a detail only for a failure. */
    @Test
    void robustnessIsValidAndItsRulesHold() {
        Results full = SampleResults.build();
        String json = ResultsStore.toJson(full);
        assertThat(json).contains("\"robustness\" : [", "\"case\" : \"stalled request head\"",
                "\"detail\" : \"no answer and no close within 3000 ms\"");
        assertThat(validate(json)).isEmpty();
        AppResult vertx = full.app("vertx").orElseThrow();
        String without = ResultsStore.toJson(full.withApp(vertx.withRobustness(List.of())));
        assertThat(validate(without)).isEmpty();
        assertThat(without.split("\"robustness\"", -1)).as("left out when empty").hasSize(2);
        assertThat(json.split("\"robustness\"", -1)).hasSize(3);
        String failedWithoutDetail = json.replaceFirst(
                ",\\s*\"detail\" : \"no answer and no close within 3000 ms\"", "");
        assertThat(failedWithoutDetail).isNotEqualTo(json);
        assertThat(validate(failedWithoutDetail)).isNotEmpty();
        assertThat(validate(json.replaceFirst("\"case\" :", "\"name\" :"))).isNotEmpty();
        assertThat(validate(json.replaceFirst("\"millis\" : 2012", "\"millis\" : -1"))).isNotEmpty();
    }

    @Test
    void hostileEditsAreRejected() {
        String json = ResultsStore.toJson(SampleResults.build());
        assertThat(validate(json.replaceFirst("\"route\" : \"index\"", "\"route\" : \"home\""))).isNotEmpty();
        assertThat(validate(json.replaceFirst("\"requests_completed\" : ", "\"requests_completed\" : -"))).isNotEmpty();
        assertThat(validate(json.replaceFirst("\"p99_ms\"", "\"p99ms\""))).isNotEmpty();
        assertThat(validate(json.replaceFirst("\"started_at\" : \"2026-11-30T10:00:00Z\"",
                "\"started_at\" : \"30/11/2026\""))).isNotEmpty();
        assertThat(validate(json.replaceFirst("\"schema_version\" : 1", "\"schema_version\" : 2"))).isNotEmpty();
        assertThat(validate(json.replaceFirst("\"status\" : \"skipped\"", "\"status\" : \"crashed\""))).isNotEmpty();
    }
}
