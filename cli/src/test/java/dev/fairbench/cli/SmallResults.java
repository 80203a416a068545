package dev.fairbench.cli;

import dev.fairbench.results.Summaries;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Conformance;
import dev.fairbench.results.Host;
import dev.fairbench.results.Latency;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.Resources;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Setup;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A one-app session of two routes whose throughput scales with {@code speed} (p99 and CPU scale with 1/speed). */
final class SmallResults {
    private SmallResults() {}

    static Results session(double speed) {
        Instant start = Instant.parse("2026-11-30T10:00:00Z");
        Setup setup = new Setup(null, false, new Host("test CPU", 2, 1L << 34, "Linux", "6.12"),
                new Pinning(false, "0", "1", "1", "1"), 1, 16, 4, 50, 1, 5, 20, 3, List.of("index", "detail"),
                Map.of("java", "21"), Map.of());
        List<RouteResult> routes = new ArrayList<>();
        for (String route : List.of("index", "detail")) {
            double base = route.equals("index") ? 8000 : 16000;
            List<RunResult> runs = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                double rps = base * speed * (i == 2 ? 1.0 : i == 1 ? 0.99 : 1.01);
                long requests = Math.round(rps * 20);
                runs.add(new RunResult(i, start, 20, requests, rps, requests, 0, 0, 0, 0, 0, 0, 0,
                        new Latency(1, 2, 4 / speed, 8, 16), null,
                        new Resources(requests * 100e-6 / speed, 1.0, 0.0, 200L << 20, requests, 10L, 0.1)));
            }
            routes.add(new RouteResult(route, runs, Summaries.summarize(runs)));
        }
        AppResult app = new AppResult("vertx", "Vert.x", "java", AppStatus.MEASURED, null, Map.of(), List.of(),
                new Conformance(10, List.of()), List.of(), routes, null, List.of());
        return new Results(Results.SCHEMA_VERSION, "test", 1, start, start.plusSeconds(60), setup, List.of(app));
    }
}
