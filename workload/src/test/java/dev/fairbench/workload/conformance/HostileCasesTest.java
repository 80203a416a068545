package dev.fairbench.workload.conformance;

import dev.fairbench.workload.Route;
import dev.fairbench.workload.data.DatasetGenerator;
import dev.fairbench.workload.render.ReferenceRenderer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Which hostile cases an app is tried with, from the routes each case needs (docs/workload.md §5.1). */
class HostileCasesTest {
    private static final ReferenceRenderer REFERENCE = new ReferenceRenderer(DatasetGenerator.generate());
    private static final URI BASE = URI.create("http://127.0.0.1:8080");

    private static List<String> names(List<HostileCase> cases) {
        return cases.stream().map(HostileCase::name).toList();
    }

    @Test
    void anAppOfHelloAloneGetsTheCasesOfTheHeadMethodsTargetsAndPathsThatStay404() {
        assertThat(names(HostileCases.forRoutes(REFERENCE, BASE, List.of(Route.HELLO)))).containsExactly(
                "stalled request head", "request head at 1 byte/s", "headers at 1 byte/s after the request line",
                "both Content-Length and chunked on /hello", "64 KiB request line", "64 KiB header",
                "1 MiB of headers", "HEAD /hello", "OPTIONS /hello", "OPTIONS *", "absolute-form target",
                "404 /post/../hello", "404 /./hello", "404 /post/%2E%2E/hello", "404 /../hello");
    }

    @Test
    void anAppOfEveryRouteGetsEveryCase() {
        List<HostileCase> all = HostileCases.all(REFERENCE, BASE);
        assertThat(names(HostileCases.forRoutes(REFERENCE, BASE, List.of(Route.values())))).isEqualTo(names(all));
        assertThat(all).hasSize(31);
    }

    @Test
    void aCaseRunsOnlyWhenTheAppServesEveryRouteItNeeds() {
        Set<Route> pagesAndHello = EnumSet.of(Route.HELLO, Route.DETAIL);
        List<HostileCase> picked = HostileCases.forRoutes(REFERENCE, BASE, pagesAndHello);
        assertThat(picked).allMatch(c -> pagesAndHello.containsAll(c.routes()));
        assertThat(names(picked)).contains("HEAD /post/{slug}", "8 KiB slug", "percent-encoded slug letter",
                "404 /post/{SLUG}").doesNotContain("chunked body on /phash", "404 /post/{slug}/%2e/cached",
                "both Content-Length and chunked on /phash");
        // A route-free case applies even to an app without /hello.
        assertThat(names(HostileCases.forRoutes(REFERENCE, BASE, List.of(Route.COMPUTE)))).containsExactly("OPTIONS *");
    }

    @Test
    void theCatalogueNamesEveryCaseWithItsRoutesWithoutADatasetOrAnApp() {
        Map<String, Set<Route>> fromCases = new LinkedHashMap<>();
        for (HostileCase c : HostileCases.all(REFERENCE, URI.create("http://127.0.0.1:1234"))) {
            assertThat(fromCases.put(c.name(), c.routes())).as("name %s is unique", c.name()).isNull();
        }
        assertThat(HostileCases.catalogue()).containsExactlyEntriesOf(fromCases);
        // Names are the same for every slug: the registry declares known failures by them.
        String slug = REFERENCE.dataset().posts().getFirst().slug();
        assertThat(HostileCases.catalogue().keySet()).noneMatch(n -> n.contains(slug));
        assertThat(HostileCases.catalogue().get("OPTIONS *")).isEmpty();
        assertThat(HostileCases.catalogue().get("both Content-Length and chunked on /phash"))
                .containsExactlyInAnyOrder(Route.PHASH, Route.HELLO);
    }
}
