package dev.fairbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;
import dev.fairbench.results.Latency;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ComparisonTest {
    /** Sample B: Vert.x twice as fast on the index with p99 halved, Go dropped. */
    private static Results faster() {
        Results a = SampleResults.build();
        AppResult vertx = a.app("vertx").orElseThrow();
        RouteResult index = vertx.route("index").orElseThrow();
        RouteSummary s = index.summary();
        Latency l = s.latency();
        RouteSummary doubled = new RouteSummary(s.runs(), s.medianRun(), s.requestsPerSecond() * 2, s.spread(),
                new Latency(l.p50Ms(), l.p90Ms(), l.p99Ms() / 2, l.p999Ms(), l.maxMs()), s.appCpuUsPerRequest() / 2,
                s.postgresCpuUsPerRequest(), s.redisCpuUsPerRequest(), s.contextSwitchesPerRequest(),
                null, s.gcPerSecond(), s.gcPauseShare(), s.errors(), s.non2xx(), s.appCpuSpread(),
                s.totalCpuUsPerRequest(), s.requestsPerAppCpuSecond(), s.bound(), s.disturbedRuns());
        Results b = a.withApp(vertx.withRoute(new RouteResult("index", index.runs(), doubled)));
        List<AppResult> apps = new ArrayList<>(b.apps());
        apps.removeIf(app -> app.name().equals("go-nethttp"));
        return new Results(b.schemaVersion(), b.fairbenchVersion(), b.contractVersion(), b.startedAt(),
                b.finishedAt(), b.setup(), apps);
    }

    @Test
    void ratiosAreBOverA() {
        Comparison c = Comparison.of("a", SampleResults.build(), "b", faster());
        Comparison.Row row = c.rows().stream().filter(r -> r.app().equals("vertx") && r.route().equals("index"))
                .findFirst().orElseThrow();
        assertThat(row.requestsPerSecondRatio()).isCloseTo(2.0, within(1e-9));
        assertThat(row.p99Ratio()).isCloseTo(0.5, within(1e-9));
        assertThat(row.appCpuPerRequestRatio()).isCloseTo(0.5, within(1e-9));
        assertThat(row.rssRatio()).isNull();
        assertThat(c.rows()).hasSize(16);
        assertThat(c.onlyInA()).containsExactly("go-nethttp");
        assertThat(c.onlyInB()).isEmpty();
    }

    @Test
    void formatsCarryTheSameNumbers() throws Exception {
        Comparison c = Comparison.of("dirA", SampleResults.build(), "dirB", faster());
        assertThat(c.text()).contains("vertx   index").contains("2.000").contains("0.500").contains("only in A: go-nethttp");
        // The summaries of B were doubled, its rounds were not: the rounds' ratio says no change.
        assertThat(c.markdown()).contains("| vertx | index | 9413 | 18825 | 2.000 | 0.500 | 0.500 | - | 1.000× [");
        assertThat(c.markdown()).containsPattern("\\| vertx \\| index \\| .* no change \\|");
        JsonNode json = new ObjectMapper().readTree(c.json());
        assertThat(json.get("a").asText()).isEqualTo("dirA");
        assertThat(json.get("rows").get(0).get("requests_per_second_ratio").asDouble()).isCloseTo(2.0, within(1e-9));
        assertThat(json.get("rows").get(0).get("rss_ratio").isNull()).isTrue();
        assertThat(json.get("only_in_a").get(0).asText()).isEqualTo("go-nethttp");
        assertThat(json.get("cells").asInt()).isEqualTo(16);
        assertThat(json.get("verdicts").get(0).get("verdict_a").asText()).isEqualTo("winner vertx (app CPU)");
    }

    @Test
    void costRunsOfSeveralRoundsAreComparedOverTheirRoundsWithAnInterval() {
        Results a = SampleResults.build();
        AppResult vertx = a.app("vertx").orElseThrow();
        RouteResult index = vertx.route("index").orElseThrow();
        assertThat(index.costRuns()).as("the sample has three rounds of cost runs on the index").hasSize(3);
        List<dev.fairbench.results.RunResult> dearer = index.costRuns().stream().map(c -> withAppCpu(c, 1.1)).toList();
        Results b = a.withApp(vertx.withRoute(new RouteResult(index.route(), index.runs(), index.summary(),
                index.discarded(), dearer)));

        Comparison c = Comparison.of("a", a, "b", b);

        Comparison.Row row = c.rows().stream().filter(x -> x.app().equals("vertx") && x.route().equals("index"))
                .findFirst().orElseThrow();
        assertThat(row.costAppCpuPerRequestRatio()).isCloseTo(1.1, within(1e-9));
        assertThat(row.costAppCpuPerRequestChange().estimate()).isCloseTo(1.1, within(1e-6));
        assertThat(row.costAppCpuPerRequestChange().excludes(1)).isTrue();
        assertThat(c.markdown()).contains("CPU/req B/A at fixed rate over rounds [95%]").contains("B costlier");
        Comparison.Row same = c.rows().stream().filter(x -> x.app().equals("spring") && x.route().equals("index"))
                .findFirst().orElseThrow();
        assertThat(same.costAppCpuPerRequestChange().estimate()).isCloseTo(1.0, within(1e-9));
        assertThat(Comparison.changeText(same.costAppCpuPerRequestChange(), "B costlier", "B cheaper"))
                .endsWith("no change");
    }

    private static dev.fairbench.results.RunResult withAppCpu(dev.fairbench.results.RunResult run, double factor) {
        return withCpu(run, factor, 1.0);
    }

    /** The run with its app's and PostgreSQL's CPU time multiplied by these factors. */
    private static dev.fairbench.results.RunResult withCpu(dev.fairbench.results.RunResult run, double appFactor,
                                                           double postgresFactor) {
        dev.fairbench.results.Resources r = run.resources();
        return new dev.fairbench.results.RunResult(run.run(), run.startedAt(), run.durationSeconds(),
                run.requestsCompleted(), run.requestsPerSecond(), run.status2xx(), run.status3xx(), run.status4xx(),
                run.status5xx(), run.connectErrors(), run.readErrors(), run.writeErrors(), run.timeouts(),
                run.latency(), run.hlog(), new dev.fairbench.results.Resources(r.appCpuSeconds() * appFactor,
                r.postgresCpuSeconds() * postgresFactor, r.redisCpuSeconds(), r.appRssPeakBytes(),
                r.appContextSwitches(), r.gcCollections(), r.gcPauseSeconds()), run.offeredRatePerSecond(),
                run.cpuUse(), run.interference());
    }

    @Test
    void costRunsAreComparedAtTheirFixedRateAndSayWhenTheRatesDiffer() {
        Results a = SampleResults.build();
        AppResult vertx = a.app("vertx").orElseThrow();
        RouteResult index = vertx.route("index").orElseThrow();
        dev.fairbench.results.RunResult cost = index.cost();
        assertThat(cost).as("the sample has a cost run on the index").isNotNull();
        dev.fairbench.results.Resources r = cost.resources();
        dev.fairbench.results.RunResult costlier = new dev.fairbench.results.RunResult(cost.run(), cost.startedAt(),
                cost.durationSeconds(), cost.requestsCompleted(), cost.requestsPerSecond(), cost.status2xx(),
                cost.status3xx(), cost.status4xx(), cost.status5xx(), cost.connectErrors(), cost.readErrors(),
                cost.writeErrors(), cost.timeouts(), cost.latency(), cost.hlog(),
                new dev.fairbench.results.Resources(r.appCpuSeconds() * 1.1, r.postgresCpuSeconds(),
                        r.redisCpuSeconds(), r.appRssPeakBytes(), r.appContextSwitches(), r.gcCollections(),
                        r.gcPauseSeconds()),
                cost.offeredRatePerSecond() * 1.2, cost.cpuUse(), cost.interference());
        Results b = a.withApp(vertx.withRoute(new RouteResult(index.route(), index.runs(), index.summary(),
                index.discarded(), List.of(costlier))));

        Comparison c = Comparison.of("a", a, "b", b);

        Comparison.Row row = c.rows().stream().filter(x -> x.app().equals("vertx") && x.route().equals("index"))
                .findFirst().orElseThrow();
        assertThat(row.costAppCpuPerRequestRatio()).isCloseTo(1.1, within(1e-9));
        assertThat(row.costRateB() / row.costRateA()).isCloseTo(1.2, within(1e-9));
        long costRows = c.rows().stream().filter(x -> x.costAppCpuPerRequestRatio() != null).count();
        assertThat(c.text())
                .contains("app CPU per request at the fixed rate: largest difference +10.0% (vertx index); within 5% in "
                        + (costRows - 1) + " of " + costRows)
                .contains("fixed rates differ by more than 1% in 1 of " + c.rows().size());
        assertThat(c.markdown()).contains("| 1.100 |");
    }

    @Test
    void aSessionComparedWithItselfAgreesEverywhere() {
        Results a = SampleResults.build();
        Comparison c = Comparison.of("a", a, "a", a);
        assertThat(c.cells()).isEqualTo(24);
        assertThat(c.cellsAgreeing()).isEqualTo(24);
        assertThat(c.largestCpuDifference().appCpuPerRequestRatio()).isEqualTo(1.0);
        assertThat(c.text()).contains("verdict cells agreeing: 24 of 24 (100%)")
                .contains("app CPU per request: largest difference +0.0%")
                .doesNotContain("fixed rates differ");
        assertThat(c.verdicts()).extracting(Comparison.VerdictRow::verdictA)
                .contains("winner vertx (req/s)", "winner vertx (app CPU)");
    }

    @Test
    void halvingOneAppsCpuChangesItsCellsOnly() {
        Comparison c = Comparison.of("a", SampleResults.build(), "b", faster());
        // vertx already led index; with half the CPU it still does: all 16 cells of the two apps in both agree.
        assertThat(c.cellsAgreeing()).isEqualTo(c.cells());
        assertThat(c.largestCpuDifference().app()).isEqualTo("vertx");
        assertThat(c.largestCpuDifference().route()).isEqualTo("index");
    }

    @Test
    void ratiosOverRoundsComeWithTheirIntervalAndSayNoChange() {
        Results a = SampleResults.build();
        Comparison same = Comparison.of("a", a, "a", a);
        Comparison.Row row = same.rows().getFirst();
        assertThat(row.requestsPerSecondChange().estimate()).isCloseTo(1.0, within(1e-9));
        assertThat(same.text()).contains("1.000× [0.975–1.025] no change");
        Comparison.Row vertxGo = Comparison.of("a", a, "b", a).rows().getFirst();
        assertThat(Comparison.changeText(vertxGo.requestsPerSecondChange(), "B faster", "B slower"))
                .endsWith("no change");
        assertThat(Comparison.changeText(new dev.fairbench.stats.Interval(1.2, 1.1, 1.3, "welch-log-rounds"),
                "B faster", "B slower")).isEqualTo("1.200× [1.100–1.300] B faster");
        assertThat(Comparison.changeText(new dev.fairbench.stats.Interval(0.98, 0.95, 1.01, "welch-log-rounds"),
                "B faster", "B slower")).isEqualTo("0.980× [0.950–1.010] no change");
        assertThat(Comparison.changeText(null, "B faster", "B slower")).isEqualTo("-");
    }

    @Test
    void aCellOutsideTheToleranceSaysWhetherItMovedWithPostgresql() {
        Results a = SampleResults.build();
        // B: Vert.x's index 6% cheaper and PostgreSQL's in the same windows too (a host that moved); Spring's 10%
        // cheaper alone (an app that changed).
        Results b = a.withApp(scaled(a.app("vertx").orElseThrow(), 0.94, 0.94))
                .withApp(scaled(a.app("spring").orElseThrow(), 0.90, 1.0));

        Comparison c = Comparison.of("a", a, "b", b);

        Comparison.Row vertx = row(c, "vertx", "index");
        assertThat(vertx.appCpuPerRequestRatio()).isCloseTo(0.94, within(1e-9));
        assertThat(vertx.postgresCpuPerRequestRatio()).isCloseTo(0.94, within(1e-9));
        assertThat(vertx.appToPostgresCpuRatio()).isCloseTo(1.0, within(1e-9));
        assertThat(row(c, "spring", "index").appToPostgresCpuRatio()).isCloseTo(0.90, within(1e-9));
        assertThat(row(c, "vertx", "compute").postgresCpuPerRequestRatio()).as("no PostgreSQL on compute").isNull();
        assertThat(row(c, "vertx", "compute").appToPostgresCpuRatio()).isNull();
        long withPostgres = c.rows().stream().filter(r -> r.appToPostgresCpuRatio() != null).count();
        assertThat(withPostgres).as("index, detail and tag of every app in both")
                .isEqualTo(c.rows().stream().filter(r -> List.of("index", "detail", "tag").contains(r.route())).count());
        assertThat(c.text())
                .contains("app CPU per request: largest difference -10.0% (spring index); within 5% in "
                        + (c.rows().size() - 2) + " of " + c.rows().size())
                .contains("app CPU per request as a ratio to PostgreSQL's, where PostgreSQL works: largest difference"
                        + " -10.0% (spring index); within 5% in " + (withPostgres - 1) + " of " + withPostgres)
                .contains("outside 5%: vertx index, app CPU per request -6.0%; PostgreSQL's in the same windows -6.0%,"
                        + " the app's as a ratio to it +0.0% (it moved with PostgreSQL's")
                .contains("outside 5%: spring index, app CPU per request -10.0%; PostgreSQL's in the same windows"
                        + " +0.0%, the app's as a ratio to it -10.0%\n");
        assertThat(c.markdown()).contains("outside 5%: vertx index");
        assertThat(c.json()).contains("\"app_to_postgres_cpu_ratio\"").contains("\"postgres_cpu_per_request_ratio\"");
    }

    private static Comparison.Row row(Comparison c, String app, String route) {
        return c.rows().stream().filter(r -> r.app().equals(app) && r.route().equals(route)).findFirst().orElseThrow();
    }

    /** The app with its index rounds' app CPU and PostgreSQL CPU multiplied by these factors, summarized again. */
    private static AppResult scaled(AppResult app, double appFactor, double postgresFactor) {
        RouteResult index = app.route("index").orElseThrow();
        List<dev.fairbench.results.RunResult> runs =
                index.runs().stream().map(run -> withCpu(run, appFactor, postgresFactor)).toList();
        return app.withRoute(new RouteResult(index.route(), runs, dev.fairbench.results.Summaries.summarize(runs),
                index.discarded(), index.costRuns()));
    }
}
