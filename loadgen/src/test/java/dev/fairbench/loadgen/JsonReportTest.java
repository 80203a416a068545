package dev.fairbench.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class JsonReportTest {
    private static HelloServer server;
    private static Schema schema;

    @BeforeAll
    static void start() throws Exception {
        server = new HelloServer(0, 1);
        try (InputStream in = LoadReportWriter.class.getResourceAsStream(LoadReportWriter.SCHEMA_RESOURCE)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(text, InputFormat.JSON);
        }
    }

    @org.junit.jupiter.api.AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static LoadSpec spec() {
        return LoadSpec.closedLoop(URI.create("http://127.0.0.1:" + server.port() + "/hello"), 2, 1,
                Duration.ofMillis(300));
    }

    @Test
    void closedLoopJsonMatchesTheSchemaAndTheResult() throws Exception {
        LoadResult r = LoadGenerator.run(spec(), null);
        String json = LoadReportWriter.json(r);
        List<Error> errors = schema.validate(json, InputFormat.JSON);
        assertThat(errors).isEmpty();
        JsonNode node = new ObjectMapper().readTree(json);
        assertThat(node.get("requests").asLong()).isEqualTo(r.requestsCompleted()).isPositive();
        assertThat(node.get("rps").asDouble()).isEqualTo(r.requestsPerSecond());
        assertThat(node.get("status").get("2xx").asLong()).isEqualTo(r.status2xx());
        assertThat(node.get("latency_ms").get("p99").asDouble())
                .isEqualTo(r.latencyMicros().getValueAtPercentile(99) / 1000.0);
        assertThat(node.has("latency_uncorrected_ms")).isFalse();
        assertThat(node.get("latency_kind").asText()).isEqualTo("service-time");
    }

    @Test
    void fixedRateJsonHasUncorrectedLatencyAndMatchesTheSchema() throws Exception {
        LoadResult r = LoadGenerator.run(spec().withRate(500), null);
        String json = LoadReportWriter.json(r);
        assertThat(schema.validate(json, InputFormat.JSON)).isEmpty();
        JsonNode node = new ObjectMapper().readTree(json);
        assertThat(node.get("latency_uncorrected_ms").get("max").asDouble())
                .isEqualTo(r.uncorrectedLatencyMicros().getMaxValue() / 1000.0);
        assertThat(node.get("rate_target").asDouble()).isEqualTo(500.0);
        assertThat(node.get("mode").asText()).isEqualTo("fixed-rate");
    }

    @Test
    void schemaRejectsAReportWithoutItsRequiredKeys() throws Exception {
        String json = LoadReportWriter.json(LoadGenerator.run(spec().withRate(500), null));
        String withoutUncorrected = json.replace("\"latency_uncorrected_ms\"", "\"latency_other_ms\"");
        assertThat(schema.validate(withoutUncorrected, InputFormat.JSON)).isNotEmpty();
        assertThat(schema.validate("{\"schema_version\": 1}", InputFormat.JSON)).isNotEmpty();
    }

    @Test
    void csvAndTextCarryTheSameNumbers() throws Exception {
        LoadResult r = LoadGenerator.run(spec().withRate(500), null);
        String[] csv = LoadReportWriter.csv(r).split("\n");
        assertThat(csv).hasSize(2);
        String[] names = csv[0].split(",");
        String[] values = csv[1].split(",", -1);
        assertThat(values).hasSameSizeAs(names);
        assertThat(values[List.of(names).indexOf("requests")]).isEqualTo(Long.toString(r.requestsCompleted()));
        String text = LoadReportWriter.text(r, true);
        assertThat(text).contains("fixed rate 500 req/s").contains("corrected").contains("uncorrected")
                .contains(String.format(java.util.Locale.ROOT, "Requests/sec: %.2f", r.requestsPerSecond()))
                .contains("percentile spectrum");
    }
}
