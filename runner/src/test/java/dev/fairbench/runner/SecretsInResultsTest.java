package dev.fairbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Results;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.timed.TimedRuns;
import dev.fairbench.services.RunningServices;
import dev.fairbench.services.Services;
import dev.fairbench.workload.Route;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run given {@code --pg-url} and {@code --redis-url} with passwords (the embedded servers' own, passed as if they
 * were external) writes no password into any file of its results folder, nor prints one.
 */
@Timeout(300)
class SecretsInResultsTest {
    private static RunningServices services;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServices() {
        services = Services.ensureRunning(TestServices.options());
        Services.ensureSeeded(services.seedPostgresUrl());
    }

    @AfterAll
    static void stopServices() throws Exception {
        if (services != null) services.close();
        TestServices.deleteCluster();
    }

    @Test
    void noPasswordReachesTheResultsOrTheOutput() throws Exception {
        String pgUrl = services.postgresUrl();
        String redisUrl = services.redisUrl();
        String pgPassword = URI.create(pgUrl).getUserInfo().split(":", 2)[1];
        String redisPassword = URI.create(redisUrl).getUserInfo().substring(1);
        TestRegistry reg = new TestRegistry().app("ok", "ok", "");
        TrialOptions o = TrialOptions.builder().apps(List.of("ok")).routes(List.of(Route.HELLO)).connections(4)
                .detailSlugs(10).outputDir(dir.resolve("results")).placement(CpuPlacement.defaults(2)).cores(2)
                .loadgenThreads(1).languages(List.of("en")).registryFile(reg.write(dir))
                .repoRoot(Path.of("..").toAbsolutePath().normalize())
                .services(TestServices.options().withUrls(pgUrl, redisUrl))
                .commandLine("fairbench run --pg-url " + pgUrl + " --redis-url " + redisUrl).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TimedRuns timed = new TimedRuns(new TimedRuns.Settings(Duration.ofMillis(500), Duration.ofSeconds(1), 1, true));
        Results results = new TrialLoop(o, List.of(timed), new PrintStream(out, true, StandardCharsets.UTF_8), false)
                .run();

        assertThat(results.app("ok").orElseThrow().status()).as(out.toString()).isEqualTo(AppStatus.MEASURED);
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain(pgPassword, redisPassword);
        assertThat(Files.readString(dir.resolve("results/results.json"))).contains("--pg-url postgresql://fairbench_app:***@");
        try (Stream<Path> files = Files.walk(dir.resolve("results"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                assertThat(text).as(f.toString()).doesNotContain(pgPassword, redisPassword);
            }
        }
    }
}
