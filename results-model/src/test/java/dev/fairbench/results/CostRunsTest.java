package dev.fairbench.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A route's cost runs: one per round, the median round quoted, and the files written before they had rounds. */
class CostRunsTest {

    /** A cost run of {@code round}: 1 000 requests at 100 req/s, with {@code appCpuSeconds} of app CPU or none. */
    private static RunResult cost(int round, Double appCpuSeconds) {
        return new RunResult(round, Instant.EPOCH.plusSeconds(100L * round), 10, 1_000, 100, 1_000, 0, 0, 0, 0, 0, 0,
                0, new Latency(1, 2, 3, 4, 5), "hlog/a/compute/cost-round-" + round + ".hlog",
                appCpuSeconds == null ? null : new Resources(appCpuSeconds, 0.0, 0.0, null, null, null, null), 100.0,
                null, null);
    }

    private static RouteResult route(List<RunResult> costRuns) {
        return new RouteResult("compute", List.of(), null, List.of(), costRuns);
    }

    @Test
    void theQuotedCostRunIsTheRoundWithTheMedianAppCpuPerRequest() {
        assertThat(route(List.of(cost(1, 0.30), cost(2, 0.20), cost(3, 0.25))).cost().run()).isEqualTo(3);
        assertThat(route(List.of(cost(1, 0.30), cost(2, 0.20))).cost().run()).as("of two, the cheaper").isEqualTo(2);
        assertThat(route(List.of(cost(1, 0.30))).cost().run()).isEqualTo(1);
        assertThat(route(List.of()).cost()).isNull();
    }

    @Test
    void aRoundWithoutItsCpuCountsAsTheDearest() {
        assertThat(route(List.of(cost(1, null), cost(2, 0.20), cost(3, 0.25))).cost().run()).isEqualTo(3);
    }

    @Test
    void roundsAreAddedInOrder() {
        RouteResult r = route(List.of()).withCost(cost(1, 0.3)).withCost(cost(2, 0.2));
        assertThat(r.costRuns()).extracting(RunResult::run).containsExactly(1, 2);
    }

    @Test
    void aFileWrittenBeforeTheRoundsHoldsOneCostRunAndReadsAsAListOfOne() throws Exception {
        Results written = results(route(List.of(cost(1, 0.3), cost(2, 0.2))));
        String json = ResultsStore.toJson(written);
        assertThat(json).contains("\"cost\" : [");

        ObjectNode tree = (ObjectNode) JsonDocuments.MAPPER.readTree(json);
        ObjectNode route = (ObjectNode) tree.get("apps").get(0).get("routes").get(0);
        route.set("cost", route.get("cost").get(0));
        Results old = ResultsStore.fromJson(JsonDocuments.MAPPER.writeValueAsString(tree), "old results");

        RouteResult read = old.apps().getFirst().routes().getFirst();
        assertThat(read.costRuns()).containsExactly(cost(1, 0.3));
        assertThat(read.cost()).isEqualTo(cost(1, 0.3));
    }

    @Test
    void aRouteWithoutCostRunsWritesNoCostKey() {
        assertThat(ResultsStore.toJson(results(route(List.of())))).doesNotContain("\"cost\"");
    }

    private static Results results(RouteResult route) {
        Setup setup = new Setup(null, false, new Host("cpu", 2, 1L, "os", "k"), new Pinning(true, "0", "1", "1", "1"),
                1, 1, 1, 1, 1, 0, 10, 1, List.of("compute"), Map.of(), Map.of());
        AppResult app = new AppResult("a", "A", "java", AppStatus.MEASURED, null, Map.of(), List.of(),
                new Conformance(1, List.of()), List.of(), List.of(route), null, List.of());
        return new Results(Results.SCHEMA_VERSION, "x", 1, Instant.EPOCH, null, setup, List.of(app));
    }
}
