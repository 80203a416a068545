package dev.fairbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.fairbench.report.render.Messages;
import dev.fairbench.results.Host;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Setup;
import java.io.InputStream;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Provenance (issue 10 §5): the new facts are valid results.json and read back, and a session measured from a
 * dirty tree says so at the top of the report in every language, before the first section.
 */
class ProvenanceReportTest {
    static final String DIFF = "ab".repeat(32);
    static Schema schema;

    @BeforeAll
    static void loadSchema() throws Exception {
        try (InputStream in = ResultsStore.class.getResourceAsStream(ResultsStore.SCHEMA_RESOURCE)) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        }
    }

    static Results dirty() {
        Results clean = SampleResults.build();
        Setup s = clean.setup();
        Host h = s.host();
        Map<String, String> env = new TreeMap<>(s.environment());
        env.put("load_average_before", "0.12 0.30 0.25");
        env.put("idle_share_before", "0.985");
        env.put("load_average_after", "1.90 1.20 0.60");
        Setup d = new Setup(s.gitCommit(), true, DIFF, new Host(h.cpuModel(), h.logicalCpus(), h.memoryBytes(), h.os(),
                h.kernel(), "performance", "off"), s.pinning(), s.workers(), s.poolMax(), s.poolMin(), s.connections(),
                s.loadgenThreads(), s.warmupSeconds(), s.durationSeconds(), s.runs(), s.routes(), s.versions(), env);
        return new Results(clean.schemaVersion(), clean.fairbenchVersion(), clean.contractVersion(),
                clean.startedAt(), clean.finishedAt(), d, clean.apps());
    }

    @Test
    void theProvenanceFactsAreValidAndReadBack() throws Exception {
        String json = ResultsStore.toJson(dirty());
        assertThat(schema.validate(json, InputFormat.JSON)).isEmpty();
        assertThat(json).contains("\"git_diff_sha256\" : \"" + DIFF + "\"", "\"cpu_governor\" : \"performance\"",
                "\"smt\" : \"off\"");
        assertThat(schema.validate(json.replace("\"smt\" : \"off\"", "\"smt\" : \"maybe\""), InputFormat.JSON))
                .isNotEmpty();
        assertThat(schema.validate(json.replace(DIFF, "not a digest"), InputFormat.JSON)).isNotEmpty();
    }

    @Test
    void aDirtyTreeIsTheFirstThingTheReportSaysInEveryLanguage() {
        String en = ReportWriter.markdown(dirty(), Messages.of("en"));
        String uk = ReportWriter.markdown(dirty(), Messages.of("uk"));
        String commit = SampleResults.build().setup().gitCommit().substring(0, 12);
        assertThat(beforeFirstSection(en)).contains("Warning: measured from a working tree with uncommitted changes "
                + "on top of commit " + commit + " (diff SHA-256 " + DIFF + ")");
        assertThat(beforeFirstSection(uk)).contains("Увага: виміряно з робочого дерева з незакоміченими змінами "
                + "поверх коміту " + commit);
        assertThat(ReportWriter.html(dirty(), Messages.of("en"))).contains("Warning: measured from a working tree");

        for (String lang : Messages.LANGUAGES) {
            String clean = ReportWriter.markdown(SampleResults.build(), Messages.of(lang));
            assertThat(clean).doesNotContain("Warning: measured from").doesNotContain("Увага: виміряно");
        }
    }

    private static String beforeFirstSection(String markdown) {
        int section = markdown.indexOf("\n## ");
        return section < 0 ? markdown : markdown.substring(0, section);
    }
}
