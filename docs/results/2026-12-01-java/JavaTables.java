import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;
import dev.fairbench.results.RunResult;
import dev.fairbench.stats.Interval;
import dev.fairbench.stats.Intervals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Issue 14's tables, generated from one results folder of {@code run.sh} (results.json alone): per route the Java
 * apps before and after against the best peer, then each target of the issue with its verdict. Markdown on stdout,
 * spliced into docs/benchmarks.md by docs/results/splice.sh.
 *
 * <p>Run from the repository root, on the classes of fairbench itself (results model and stats):
 * {@code java -cp .fairbench/fairbench.jar docs/results/2026-12-01-java/JavaTables.java docs/results/2026-12-01-java/run}
 *
 * <p>Rules, as in the issue: the best peer of a route is the Go or Rust app with the lowest median app CPU per
 * request (closed loop); a ratio to it comes with the 95% interval of Welch's t on the logs of the per-round values
 * ({@link Intervals#ratioOfRounds}); a target "at or below" counts as met unless the whole interval is above the
 * bound. p99 at the shared rate is one fixed-rate window per app: no interval, compared as measured.
 */
public final class JavaTables {
    private static final List<String> ROUTES = List.of("index", "detail", "tag", "index-cached", "detail-cached",
            "compute", "hello", "phash");
    private static final List<String> PEERS = List.of("go-nethttp", "axum-sqlx", "actix-sqlx");
    private static final List<String> JAVA = List.of("vertx-before", "vertx", "spring-before", "spring",
            "helidon-before", "helidon");
    private static final double MIB = 1024.0 * 1024.0;

    private final Results results;

    private JavaTables(Results results) {
        this.results = results;
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        JavaTables t = new JavaTables(ResultsStore.read(Path.of(args[0])));
        t.costTable();
        t.targets();
    }

    private void costTable() {
        System.out.println("| Route | App | App µs/req | Total µs/req | At the shared rate: req/s | App µs | Total µs | p99 ms | RSS MiB | Context switches/req |");
        System.out.println("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (String route : ROUTES) {
            List<String> rows = new ArrayList<>(JAVA);
            bestPeer(route).ifPresent(rows::add);
            for (String app : rows) {
                Optional<RouteResult> r = route(app, route);
                if (r.isEmpty() || r.get().summary() == null) continue;
                RouteSummary s = r.get().summary();
                RunResult cost = r.get().cost();
                String label = label(app) + (PEERS.contains(app) ? " (best peer)" : "");
                System.out.printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", route, label,
                        withSpread(s.appCpuUsPerRequest(), s.appCpuSpread()), num(s.totalCpuUsPerRequest()),
                        cost == null ? "—" : num((double) Math.round(cost.requestsPerSecond())),
                        cost == null ? "—" : num(perRequest(cost, JavaTables::appSeconds)),
                        cost == null ? "—" : num(perRequest(cost, JavaTables::totalSeconds)),
                        cost == null ? "—" : String.format("%.2f", cost.latency().p99Ms()),
                        s.appRssPeakBytes() == null ? "—" : String.format("%.0f", s.appRssPeakBytes() / MIB),
                        s.contextSwitchesPerRequest() == null ? "—"
                                : String.format("%.2f", s.contextSwitchesPerRequest()));
            }
        }
        System.out.println();
    }

    private void targets() {
        System.out.println("| Target | Route | Measured | Bound | Verdict |");
        System.out.println("| --- | --- | --- | --- | --- |");
        for (String route : ROUTES) {
            String peer = bestPeer(route).orElseThrow();
            ratioRow("1. Vert.x app CPU ≤ best peer's (" + label(peer) + ")", route, "vertx", peer,
                    JavaTables::appSeconds, 1.0);
        }
        for (String route : List.of("index", "detail", "tag")) {
            String peer = bestTotalPeer(route);
            ratioRow("1. Vert.x app + PostgreSQL + Redis CPU ≤ best peer's (" + label(peer) + ")", route, "vertx",
                    peer, JavaTables::totalSeconds, 1.0);
        }
        double rssMib = ROUTES.stream().map(r -> route("vertx", r)).flatMap(Optional::stream)
                .map(RouteResult::summary).filter(s -> s != null && s.appRssPeakBytes() != null)
                .mapToDouble(s -> s.appRssPeakBytes() / MIB).max().orElse(Double.NaN);
        System.out.printf("| 2. Vert.x RSS under load ≤ 64 MiB | all (highest) | %.0f MiB | 64 MiB | %s |%n", rssMib,
                rssMib <= 64 ? "met" : "not met");
        for (String route : ROUTES) {
            ratioRow("2. Vert.x app CPU ≤ 1.05 × before (flags and code)", route, "vertx", "vertx-before",
                    JavaTables::appSeconds, 1.05);
        }
        for (String app : List.of("spring", "helidon")) {
            for (String route : List.of("index-cached", "detail-cached")) {
                String peer = bestPeer(route).orElseThrow();
                ratioRow("3. " + label(app) + " app CPU ≤ 2 × best peer's (" + label(peer) + ")", route, app, peer,
                        JavaTables::appSeconds, 2.0);
            }
        }
        for (String app : List.of("spring", "helidon")) {
            for (String route : List.of("index-cached", "detail-cached")) {
                Double cs = route(app, route).map(RouteResult::summary).map(RouteSummary::contextSwitchesPerRequest)
                        .orElse(null);
                System.out.printf("| 3. %s context switches ≤ 3 per request | %s | %s | 3 | %s |%n", label(app),
                        route, cs == null ? "—" : String.format("%.2f (median round)", cs),
                        cs == null ? "not measured" : cs <= 3 ? "met" : "not met");
            }
        }
        for (String route : ROUTES) {
            RunResult mine = route("vertx", route).map(RouteResult::cost).orElse(null);
            Optional<String> bestPeer = PEERS.stream().filter(p -> cost(p, route) != null)
                    .min(Comparator.comparingDouble(p -> cost(p, route).latency().p99Ms()));
            if (mine == null || bestPeer.isEmpty()) continue;
            RunResult best = cost(bestPeer.get(), route);
            String bestName = label(bestPeer.get());
            System.out.printf("| 4. Vert.x p99 at %s req/s ≤ best peer's (%s) | %s | %.2f ms | %.2f ms | %s |%n",
                    num((double) Math.round(mine.offeredRatePerSecond())), bestName, route,
                    mine.latency().p99Ms(), best.latency().p99Ms(),
                    mine.latency().p99Ms() <= best.latency().p99Ms() ? "met (one window each)"
                            : "not met (one window each)");
        }
        System.out.println();
    }

    /** One row: the ratio of {@code app} to {@code base} per request, its interval, met unless all of it is above. */
    private void ratioRow(String target, String route, String app, String base, ToDoubleFunction<RunResult> seconds,
                          double bound) {
        Optional<RouteResult> a = route(app, route);
        Optional<RouteResult> b = route(base, route);
        if (a.isEmpty() || b.isEmpty()) return;
        Interval ratio = Intervals.ratioOfRounds(perRound(a.get(), seconds), perRound(b.get(), seconds));
        String verdict = ratio.low() > bound ? "not met" : ratio.high() <= bound ? "met" : "met (interval includes the bound)";
        System.out.printf("| %s | %s | %.2f× [%.2f–%.2f] | %.2f× | %s |%n", target, route, ratio.estimate(),
                ratio.low(), ratio.high(), bound, verdict);
    }

    /** The peer with the lowest median app CPU per request on the route. */
    private Optional<String> bestPeer(String route) {
        return bestPeerBy(route, RouteSummary::appCpuUsPerRequest);
    }

    private String bestTotalPeer(String route) {
        return bestPeerBy(route, RouteSummary::totalCpuUsPerRequest).orElseThrow();
    }

    private Optional<String> bestPeerBy(String route, ToDoubleFunction<RouteSummary> cost) {
        return PEERS.stream().filter(p -> route(p, route).map(RouteResult::summary).isPresent())
                .min(Comparator.comparingDouble(p -> cost.applyAsDouble(route(p, route).orElseThrow().summary())));
    }

    /** The fixed-rate run of the app on the route, or {@code null}. */
    private RunResult cost(String app, String route) {
        return route(app, route).map(RouteResult::cost).orElse(null);
    }

    private Optional<RouteResult> route(String app, String route) {
        return results.apps().stream().filter(a -> a.name().equals(app)).findFirst()
                .flatMap(a -> a.route(route));
    }

    private String label(String app) {
        return results.apps().stream().filter(a -> a.name().equals(app)).findFirst().map(AppResult::label)
                .orElse(app);
    }

    /** Microseconds per request of each closed-loop round. */
    private static double[] perRound(RouteResult r, ToDoubleFunction<RunResult> seconds) {
        return r.runs().stream().mapToDouble(run -> perRequest(run, seconds)).toArray();
    }

    private static double perRequest(RunResult run, ToDoubleFunction<RunResult> seconds) {
        return seconds.applyAsDouble(run) * 1e6 / run.requestsCompleted();
    }

    private static double appSeconds(RunResult run) {
        return run.resources().appCpuSeconds();
    }

    private static double totalSeconds(RunResult run) {
        var r = run.resources();
        return r.appCpuSeconds() + orZero(r.postgresCpuSeconds()) + orZero(r.redisCpuSeconds());
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }

    private static String num(Double v) {
        if (v == null) return "—";
        return v >= 1000 ? String.format("%,.0f", v).replace(',', ' ') : String.format("%.1f", v);
    }

    private static String withSpread(Double v, Double spread) {
        if (v == null) return "—";
        return spread == null ? num(v) : num(v) + String.format(" ±%.1f%%", spread * 100);
    }
}
