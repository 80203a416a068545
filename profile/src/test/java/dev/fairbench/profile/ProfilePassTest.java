package dev.fairbench.profile;

import dev.fairbench.apps.testsupport.TestServices;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.ProfileRoute;
import dev.fairbench.results.Results;
import dev.fairbench.runner.TrialLoop;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.workload.Route;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.workload.data.DatabaseUrl;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A profiling pass end to end with real apps of the registry (each test runs when its app is built): the app
 * starts behind the wire proxies and passes the whole conformance gate through them (so the proxies change no
 * byte), then the counts per page match what its driver is known to send.
 */
@Timeout(600)
class ProfilePassTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Results profile(String app) throws Exception {
        var entry = AppRegistry.load(REPO.resolve("apps.toml"), REPO).select(List.of(app)).getFirst();
        Assumptions.assumeTrue(entry.artifact() == null || Files.exists(entry.artifact()),
                app + " is not built: " + entry.artifact());
        TestServices services = TestServices.shared();
        ServiceOptions options = ServiceOptions.defaults().withPorts(DatabaseUrl.parse(services.postgresUrl()).port(),
                URI.create(services.redisUrl()).getPort());
        AppProfiler.Windows windows = new AppProfiler.Windows(Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(3), Duration.ofSeconds(1), Duration.ofSeconds(2));
        TrialOptions trial = TrialOptions.builder().apps(List.of(app)).routes(List.of(Route.DETAIL, Route.INDEX_CACHED))
                .outputDir(dir).placement(CpuPlacement.defaults(2)).cores(2).connections(8).loadgenThreads(1)
                .detailSlugs(50).build(false).languages(List.of("en")).registryFile(REPO.resolve("apps.toml"))
                .repoRoot(REPO).services(options).commandLine("fairbench profile (test)").build();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Results results;
        try {
            results = new TrialLoop(trial, List.of(new ProfilePass(windows)),
                    new PrintStream(log, true, StandardCharsets.UTF_8), false).run();
        } finally {
            System.out.print(log.toString(StandardCharsets.UTF_8));
            Path raw = dir.resolve("profiles").resolve(app).resolve("profile.json");
            if (Files.exists(raw)) System.out.println(Files.readString(raw));
        }
        assertThat(ResultsStore.read(dir)).isEqualTo(results);
        assertThat(Files.readString(dir.resolve("report.md"))).contains("Findings");
        assertThat(dir.resolve("profiles").resolve(app).resolve("profile.json")).exists();
        return results;
    }

    private static ProfileRoute route(Results results, String app, String route) {
        AppResult a = results.app(app).orElseThrow();
        assertThat(a.profile()).as(a.reason()).isNotNull();
        return a.profile().route(route).orElseThrow();
    }

    private void assertCommon(Results results, String app) throws Exception {
        ProfileRoute detail = route(results, app, "detail");
        assertThat(detail.requests()).isPositive();
        assertThat(detail.postgresQueriesPerRequest()).isCloseTo(3.0, within(0.05));
        // Both apps pipeline a detail page's three queries: one burst, with one Sync each (Vert.x) or one for the
        // batch (pgx). Sequential queries would take three bursts; Vert.x writes its three statements separately, and
        // an event loop descheduled between them (a stolen core) lets the server answer the first in the gap, so the
        // shared bound lies between pipelined and sequential, and pgx's single write is held to 1.5 below.
        assertThat(detail.postgresRoundTripsPerRequest()).isBetween(0.95, 3.05);
        assertThat(detail.postgresBurstsPerRequest()).isBetween(0.95, 2.5);
        assertThat(detail.redisCommandsPerRequest()).isNull();
        assertThat(detail.cpu().appUserUs()).isPositive();
        assertThat(detail.cpu().postgresUs()).isPositive();
        assertThat(Files.readString(dir.resolve(detail.flamegraph()))).contains("<html");

        ProfileRoute cached = route(results, app, "index-cached");
        assertThat(cached.redisCommandsPerRequest()).isCloseTo(1.0, within(0.05));
        assertThat(cached.redisBurstsPerRequest()).isBetween(0.05, 1.05);
        assertThat(cached.postgresQueriesPerRequest()).isNull();
        if (Strace.available()) assertThat(cached.syscallsPerRequest()).isPositive();
    }

    @Test
    void vertxPipelinesADetailPageWithASyncPerQuery() throws Exception {
        Results results = profile("vertx");
        assertCommon(results, "vertx");
        ProfileRoute detail = route(results, "vertx", "detail");
        assertThat(detail.postgresRoundTripsPerRequest()).isCloseTo(3.0, within(0.05));
        assertThat(detail.gcPerSecond()).isNotNull();
        assertThat(detail.gcTimeShare()).isBetween(0.0, 1.0);
    }

    @Test
    void goPipelinesADetailPageAsOneBatch() throws Exception {
        Results results = profile("go-nethttp");
        assertCommon(results, "go-nethttp");
        ProfileRoute detail = route(results, "go-nethttp", "detail");
        assertThat(detail.postgresRoundTripsPerRequest()).isBetween(0.95, 1.5);
        assertThat(detail.postgresBurstsPerRequest()).isBetween(0.95, 1.5);
        assertThat(detail.gcPerSecond()).isNull();
    }
}
