package dev.fairbench.results;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The copies of a session's results that the recorder and the store make. */
class ResultsTest {

    private static RouteResult route(String name, long requests) {
        RunResult run = new RunResult(1, Instant.EPOCH, 10, requests, 10, 100, 0, 0, 0, 0, 0, 0, 0,
                new Latency(1, 2, 3, 4, 5), null, null);
        return new RouteResult(name, List.of(run), null);
    }

    private static AppResult app(String name, RouteResult... routes) {
        return new AppResult(name, name.toUpperCase(), "java", AppStatus.MEASURED, null, Map.of(), List.of(),
                new Conformance(1, List.of()), List.of(), List.of(routes), null, List.of());
    }

    private static Results results(AppResult... apps) {
        Setup setup = new Setup(null, false, new Host("cpu", 2, 1L, "os", "k"), new Pinning(true, "0", "1", "1", "1"),
                1, 1, 1, 1, 1, 0, 10, 1, List.of("index", "compute"), Map.of(), Map.of());
        return new Results(Results.SCHEMA_VERSION, "x", 1, Instant.EPOCH, null, setup, List.of(apps));
    }

    @Test
    void mappingRoutesKeepsTheOrderOfAppsAndRoutes() {
        Results before = results(app("a", route("index", 1), route("compute", 2)), app("b", route("index", 3)));
        Results after = before.withRoutesMapped(r -> r.route().equals("index") ? route("index", 10) : r);

        assertThat(after.apps()).extracting(AppResult::name).containsExactly("a", "b");
        assertThat(after.apps().get(0).routes()).extracting(RouteResult::route).containsExactly("index", "compute");
        assertThat(after.apps().get(0).routes().get(0).runs().get(0).requestsCompleted()).isEqualTo(10);
        assertThat(after.apps().get(0).routes().get(1)).isSameAs(before.apps().get(0).routes().get(1));
        assertThat(after.apps().get(1).routes().get(0).runs().get(0).requestsCompleted()).isEqualTo(10);
    }

    @Test
    void aRouteMeasuredAgainKeepsItsPlace() {
        AppResult before = app("a", route("hello", 1), route("compute", 2));

        AppResult retried = before.withRoute(route("hello", 3));
        assertThat(retried.routes()).extracting(RouteResult::route).containsExactly("hello", "compute");
        assertThat(retried.route("hello").orElseThrow().runs().get(0).requestsCompleted()).isEqualTo(3);
        assertThat(retried.withRoute(route("index", 4)).routes()).extracting(RouteResult::route)
                .containsExactly("hello", "compute", "index");
    }

    @Test
    void aRouteSearchedAgainKeepsItsPlaceAmongTheCapacityResults() {
        AppResult before = app("a").withCapacity(capacity("hello", 10)).withCapacity(capacity("compute", 20));

        AppResult again = before.withCapacity(capacity("hello", 30));
        assertThat(again.capacity()).extracting(CapacityResult::route).containsExactly("hello", "compute");
        assertThat(again.capacity().get(0).stepSeconds()).isEqualTo(30);
        assertThat(again.withCapacity(capacity("index", 40)).capacity()).extracting(CapacityResult::route)
                .containsExactly("hello", "compute", "index");
    }

    private static CapacityResult capacity(String route, double stepSeconds) {
        return new CapacityResult(route, 15, stepSeconds, List.of());
    }

    @Test
    void anAppWhoseRoutesAreLeftEqualIsKeptAsItWas() {
        Results before = results(app("a", route("index", 1)), app("b", route("compute", 2)));
        Results after = before.withRoutesMapped(r -> r.route().equals("compute") ? route("compute", 20) : r);

        assertThat(after.apps().get(0)).isSameAs(before.apps().get(0));
        assertThat(after.apps().get(1)).isNotEqualTo(before.apps().get(1));
        assertThat(before.withRoutesMapped(r -> r)).isSameAs(before);
    }
}
