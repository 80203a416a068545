package dev.fairbench.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A run's {@code load_hosts} survive a write and a read in their order, are left out when the load ran in the
 * runner's JVM, files without them stay readable, and the copies of a run keep them.
 */
class LoadHostsTest {
    @TempDir
    Path dir;

    private static final List<LoadHostRun> HOSTS = List.of(
            new LoadHostRun("root@10.213.7.13", 1_210, 60.5, 1, 0.42),
            new LoadHostRun("root@10.213.7.14", 790, 39.5, 2, 0.93),
            new LoadHostRun("local", 0, 0.0, 0, null));

    private static RunResult run(List<LoadHostRun> hosts) {
        return new RunResult(1, Instant.parse("2026-12-01T10:01:00Z"), 20, 2_000, 100, 2_000, 0, 0, 0, 1, 1, 0, 1,
                new Latency(1, 2, 3, 4, 5), null, null).withLoadHosts(hosts);
    }

    private static Results results(RunResult run) {
        Setup setup = new Setup(null, false, new Host("test cpu", 2, 1L << 30, "Linux", "6.1"),
                new Pinning(true, "1", "0", "0", "0"), 1, 16, 4, 50, 1, 5, 20, 3, List.of("hello"),
                Map.of("java", "25"), Map.of());
        AppResult app = new AppResult("a", "A", "java", AppStatus.MEASURED, null, Map.of(), List.of(),
                new Conformance(1, List.of()), List.of(), List.of(new RouteResult("hello", List.of(run), null)), null,
                List.of());
        return new Results(Results.SCHEMA_VERSION, "0.1.0-SNAPSHOT", 1, Instant.parse("2026-12-01T10:00:00Z"), null,
                setup, List.of(app));
    }

    @Test
    void loadHostsRoundTripInOrderAndMatchTheSchema() throws Exception {
        Results written = results(run(HOSTS));
        ResultsStore.write(dir, written);
        Results read = ResultsStore.read(dir);
        assertThat(read).isEqualTo(written);
        RunResult back = read.apps().getFirst().routes().getFirst().runs().getFirst();
        assertThat(back.loadHosts()).isEqualTo(HOSTS);
        String json = ResultsStore.toJson(written);
        assertThat(json).contains("\"load_hosts\" : [", "\"host\" : \"root@10.213.7.14\"",
                "\"requests_completed\" : 790", "\"cpu_busy_share\" : 0.93", "\"errors\" : 2");
        assertThat(json).doesNotContain("null", "saturated");
        assertThat(ResultsStore.schemaProblems(json, "placed.json")).isEmpty();
        assertThat(back.withCanary(Canary.judge(new Canary.Times(1, 1), new Canary.Times(1, 1),
                new Canary.Times(1, 1), 0.1)).withWarmupSeconds(5).loadHosts()).as("kept by copies").isEqualTo(HOSTS);
    }

    @Test
    void aLoadInTheRunnersJvmHasNoLoadHostsAndAFileWithoutThemReads() throws Exception {
        String json = ResultsStore.toJson(results(run(List.of())));
        assertThat(json).doesNotContain("load_hosts");
        assertThat(ResultsStore.schemaProblems(json, "local.json")).isEmpty();
        assertThat(ResultsStore.fromJson(json, "local.json").apps().getFirst().routes().getFirst().runs().getFirst()
                .loadHosts()).isEmpty();
        assertThat(run(null).loadHosts()).isEmpty();
    }

    @Test
    void theSchemaRefusesAShareAboveOneAndAHostWithoutItsCounts() {
        String json = ResultsStore.toJson(results(run(HOSTS)));
        assertThat(ResultsStore.schemaProblems(json.replace("\"cpu_busy_share\" : 0.93", "\"cpu_busy_share\" : 1.3"),
                "x")).anyMatch(p -> p.contains("$.apps[0].routes[0].runs[0].load_hosts[1].cpu_busy_share"));
        String noCount = json.replaceFirst("\"requests_completed\" : 790,", "");
        assertThat(noCount).isNotEqualTo(json);
        assertThat(ResultsStore.schemaProblems(noCount, "x"))
                .anyMatch(p -> p.contains("load_hosts[1].requests_completed"));
        assertThatThrownBy(() -> ResultsStore.fromJson(noCount, "x")).isInstanceOf(ResultsException.class);
    }

    @Test
    void aHostIsSaturatedFromTheSharedThresholdOnAndNotWhenUnread() {
        assertThat(new LoadHostRun("h", 1, 1, 0, Bound.SATURATED_SHARE).saturated()).isTrue();
        assertThat(new LoadHostRun("h", 1, 1, 0, 0.899).saturated()).isFalse();
        assertThat(new LoadHostRun("h", 1, 1, 0, null).saturated()).isFalse();
        assertThatThrownBy(() -> new LoadHostRun(" ", 1, 1, 0, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
