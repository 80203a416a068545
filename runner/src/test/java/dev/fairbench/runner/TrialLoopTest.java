package dev.fairbench.runner;

import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.InterferenceGuard;
import dev.fairbench.runner.timed.TimedRuns;
import dev.fairbench.workload.Route;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.services.RunningServices;
import dev.fairbench.services.Services;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The trial loop with the timed runs ({@code fairbench run}) end to end with the small {@code TestApp}, real PostgreSQL and Redis on test ports. */
@Timeout(300)
class TrialLoopTest {
    static RunningServices services;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServices() {
        services = Services.ensureRunning(TestServices.options());
    }

    @AfterAll
    static void stopServices() throws Exception {
        if (services != null) services.close();
        TestServices.deleteCluster();
    }

    /**
     * The guard without its retries: these tests check the lifecycle and the records, not the guard
     * ({@code GuardAndBoundTest} does), and on a VM whose hypervisor steals cores every window would otherwise be
     * measured three times and again in a fresh start (CI once spent two of this class's three minutes so). With no
     * retry the canary's wait before one never comes.
     */
    private static final TrialOptions.Guard NO_RETRIES =
            GuardAndBoundTest.withoutLateRetry(InterferenceGuard.DEFAULT_MAX_FOREIGN_CORES, 0);

    private TrialOptions options(Path registry, List<String> apps) {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        return TrialOptions.builder().apps(apps).routes(List.of(Route.HELLO, Route.COMPUTE)).connections(8)
                .detailSlugs(10).outputDir(dir.resolve("results")).placement(CpuPlacement.defaults(2)).cores(2)
                .loadgenThreads(1).languages(List.of("en")).registryFile(registry).repoRoot(repo)
                .services(TestServices.options()).guard(NO_RETRIES).commandLine("fairbench run (test)").build();
    }

    private Results run(TrialOptions o, int runs, ByteArrayOutputStream out) throws Exception {
        TimedRuns timed = new TimedRuns(new TimedRuns.Settings(Duration.ofSeconds(1), Duration.ofSeconds(2), runs, true));
        try {
            return new TrialLoop(o, List.of(timed), new PrintStream(out, true, StandardCharsets.UTF_8), false).run();
        } finally {
            System.out.print(out.toString(StandardCharsets.UTF_8));   // kept in the surefire report
        }
    }

    @Test
    void measuresAnAppAndRecordsEveryCost() throws Exception {
        // an artifact that exists without a build of the runner's: results.json records it as found
        String artifact = "runner/target/test-classes/dev/fairbench/runner/testapp/TestApp.class";
        TestRegistry reg = new TestRegistry().app("ok", "ok", "artifact = \"" + artifact + "\"");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Results results = run(options(reg.write(dir), List.of("ok")), 2, out);

        assertThat(reg.leftovers()).isZero();
        Results onDisk = ResultsStore.read(dir.resolve("results"));
        assertThat(onDisk).isEqualTo(results);
        assertThat(onDisk.finishedAt()).isNotNull();
        AppResult app = onDisk.app("ok").orElseThrow();
        assertThat(app.status()).as(out.toString()).isEqualTo(AppStatus.MEASURED);
        assertThat(app.language()).isEqualTo("java");
        assertThat(app.runtimeFlags()).containsExactly("-Xmx64m", "-XX:+UseSerialGC");
        assertThat(app.build().artifact()).isEqualTo(artifact);
        assertThat(app.build().sha256()).isEqualTo(BuildStamp.sha256(Path.of("..").resolve(artifact)));
        assertThat(app.build().builtByRunner()).isFalse();
        assertThat(app.conformance().passed()).isTrue();
        // hello, compute, 404 /nothing-here and 405 POST /hello: the cases of the routes it declares.
        assertThat(app.conformance().casesChecked()).isEqualTo(4);
        assertThat(app.routes()).extracting(RouteResult::route).containsExactly("hello", "compute");
        for (RouteResult route : app.routes()) {
            assertThat(route.runs()).hasSize(2);
            RunResult first = route.runs().get(0);
            assertThat(first.requestsCompleted()).isPositive();
            assertThat(first.status2xx()).isEqualTo(first.requestsCompleted());
            assertThat(first.errors()).isZero();
            var res = first.resources();
            assertThat(res.appCpuSeconds()).isPositive();
            assertThat(res.postgresCpuSeconds()).isNotNull();
            assertThat(res.redisCpuSeconds()).isNotNull();
            assertThat(res.appContextSwitches()).isPositive();
            assertThat(res.appRssPeakBytes()).isGreaterThan(10L << 20);
            assertThat(route.runs().get(1).resources().appRssPeakBytes()).isNull();
            assertThat(res.gcCollections()).isNotNull();
            assertThat(res.gcPauseSeconds()).isNotNull();
            assertThat(res.jitCpuSeconds()).as("a JVM app: its compiler threads are read").isNotNull()
                    .isBetween(0.0, res.appCpuSeconds());
            // The test app answers with write(2): every response is at least one write-family call.
            assertThat(res.appIoCalls()).as("the app's system calls are read").isNotNull();
            assertThat(res.appIoCalls().writes()).isGreaterThanOrEqualTo(first.requestsCompleted() / 2);
            assertThat(res.redisIoCalls()).as("Redis runs here: its system calls are read").isNotNull();
            assertThat(first.warmupSeconds()).as("fixed warm-up, not extended").isEqualTo(1.0);
            assertThat(dir.resolve("results").resolve(first.hlog())).isNotEmptyFile();
            assertThat(route.summary().runs()).isEqualTo(2);
            assertThat(route.summary().appRssPeakBytes()).isEqualTo(res.appRssPeakBytes());
            assertThat(route.summary().appCpuUsPerRequest()).isPositive();
        }
        var setup = onDisk.setup();
        assertThat(setup.pinning().enabled()).isTrue();
        assertThat(setup.pinning().appCpus()).isEqualTo("0");
        assertThat(setup.workers()).isEqualTo(1);
        assertThat(setup.versions()).containsKeys("java", "postgresql", "redis");
        assertThat(setup.environment()).containsKey("hostname")
                .hasEntrySatisfying("pg_connections_after.ok", v -> assertThat(v).startsWith("back to"));
        assertThat(dir.resolve("results/logs/ok.log")).content().contains("testapp: listening on");
        assertThat(dir.resolve("results/environment.json")).content().contains("\"start\"").contains("TestApp");
        assertThat(dir.resolve("results/report.md")).exists();
        assertThat(dir.resolve("results/report.html")).exists();
        assertThat(out.toString()).contains("[ok] conformance: 4 cases passed").contains("summary");
        // run --quick to a file: the plan and its estimate first, then one progress line per step, no \r
        assertThat(out.toString()).contains("plan: run: 1 app × 2 routes × 2 rounds × (1 s + 2 s) ≈ ")
                .contains(" app starts at about 20 s each)").contains("; elapsed ").contains(", ETA ")
                .doesNotContain("\r");
        // The runner unpinned itself at the end.
        assertThat(Runtime.getRuntime().availableProcessors()).isEqualTo(2);
    }

    @Test
    void faultyAppsAreRecordedAndTheOthersStillRun() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            TestRegistry reg = new TestRegistry()
                    .app("exits", "exit", "")
                    .app("wrong", "wrong-hello", "")
                    .app("notool", "ok", "toolchains = [\"no-such-tool-xyz\"]")
                    .app("busyport", "ok", "port = " + taken.getLocalPort())
                    .app("dies", "die:400", "")
                    .app("hangs", "hang:400", "")
                    .app("flaky", "compute-503-once", "")
                    .app("ok", "ok", "");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Results results = run(options(reg.write(dir), List.of()), 1, out);
            String log = out.toString(StandardCharsets.UTF_8);
            assertThat(reg.leftovers()).as(log).isZero();

            AppResult exits = results.app("exits").orElseThrow();
            assertThat(exits.status()).isEqualTo(AppStatus.FAILED);
            assertThat(exits.reason()).contains("did not start: exited with code 3").contains("(boom)");

            AppResult wrong = results.app("wrong").orElseThrow();
            assertThat(wrong.status()).isEqualTo(AppStatus.FAILED);
            assertThat(wrong.reason()).startsWith("conformance failed: 1 mismatch(es) in 4 cases, first: hello /hello");
            assertThat(wrong.conformance().mismatches().getFirst().diff()).contains("-Hello, World!", "+Hello, world!");
            assertThat(wrong.routes()).isEmpty();
            assertThat(log).contains("+Hello, world!");

            AppResult notool = results.app("notool").orElseThrow();
            assertThat(notool.status()).isEqualTo(AppStatus.SKIPPED);
            assertThat(notool.reason()).isEqualTo("toolchain missing: no-such-tool-xyz");

            AppResult busy = results.app("busyport").orElseThrow();
            assertThat(busy.status()).isEqualTo(AppStatus.FAILED);
            assertThat(busy.reason()).isEqualTo("port " + taken.getLocalPort() + " on 127.0.0.1 is in use by another program");

            AppResult dies = results.app("dies").orElseThrow();
            assertThat(dies.status()).isEqualTo(AppStatus.FAILED);
            // Requests arrive on 50 connections at once: whichever of those past the limit prints first is in the log.
            assertThat(dies.reason()).contains("exited with code 7").containsPattern("testapp: dying at request 4\\d\\d");

            AppResult hangs = results.app("hangs").orElseThrow();
            assertThat(hangs.status()).isEqualTo(AppStatus.FAILED);
            assertThat(hangs.reason()).contains("stopped answering GET /hello");

            // A 503 alone (a timeout on a starved machine) gets the gate checked once more; wrong bytes never do.
            assertThat(results.app("flaky").orElseThrow().status()).as(log).isEqualTo(AppStatus.MEASURED);
            assertThat(results.setup().environment()).containsEntry("gate_rechecked.flaky",
                    "first check: 1 answer(s) 503, first compute /compute; second check passed");
            assertThat(results.setup().environment()).doesNotContainKey("gate_rechecked.wrong");

            assertThat(results.app("ok").orElseThrow().status()).as(log).isEqualTo(AppStatus.MEASURED);
            assertThat(results.apps()).extracting(AppResult::name)
                    .containsExactly("notool", "exits", "wrong", "busyport", "dies", "hangs", "flaky", "ok");
        }
    }

    @Test
    void anUnknownAppIsOneLine() throws Exception {
        TestRegistry reg = new TestRegistry().app("ok", "ok", "");
        TrialOptions o = options(reg.write(dir), List.of("nope"));
        assertThatThrownBy(() -> run(o, 1, new ByteArrayOutputStream())).isInstanceOf(RegistryException.class)
                .hasMessage("unknown app 'nope': apps.toml has ok");
        assertThat(Files.exists(dir.resolve("results/results.json"))).isFalse();
    }
}
