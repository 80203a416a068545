package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.CapacityResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.results.SuiteStore;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --suite} as a person runs it (a separate JVM, {@link HelloApp} as the app, embedded services on ports
 * 23436/23383): a suite of two loads writes one results directory per load and the suite's report above them; the
 * phash suite's passes (capacity, one fixed rate, overload) against a server of known capacity find it and offer
 * the shares of it they promise; a bad suite file is one line.
 */
@Timeout(400)
class SuiteCommandsTest {
    static final String[] PORTS = {"--pg-port", "23436", "--redis-port", "23383"};
    final String marker = "fairbench.suitetest=" + UUID.randomUUID();

    @TempDir
    Path dir;

    @AfterAll
    static void stopServices() {
        new Services(ServiceOptions.defaults().withPorts(23436, 23383)).stop();
    }

    @Test
    void aBadSuiteFileIsOneLine() throws IOException {
        Path suite = dir.resolve("odd.toml");
        Files.writeString(suite, "title = \"x\"\nroutes = [\"hello\"]\npasses = [\"timed\", \"fixed-rate\"]\n"
                + "fixed_rate_share = 0.5\n[[loads]]\nname = \"a\"\nconnections = 4\n");
        CliTest.Result r = CliTest.run("run", "--suite", suite.toString());
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).containsExactly("fairbench run: odd.toml: passes has 'fixed-rate' without 'capacity' "
                + "before it: its rate comes from the capacities (see 'fairbench run --help')");

        r = CliTest.run("run", "--suite", "no-such-suite");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).hasSize(1).first().asString().contains("no such suite file", "blog", "hello", "phash");
    }

    @Test
    void aSuiteOfTwoLoadsWritesAResultsDirectoryPerLoadAndItsReport() throws Exception {
        Path suite = dir.resolve("two.toml");
        Files.writeString(suite, """
                title = "Two loads"
                report = "hello"
                routes = ["hello"]
                passes = ["timed"]
                rounds = 1

                [[loads]]
                name = "shared"
                title = "Shared CPUs, 8 connections"
                connections = 8
                app_cpus = "0-1"
                loadgen_cpus = "0-1"
                shared_cpus = true

                [[loads]]
                name = "piped"
                title = "Pipelined by 4"
                connections = 4
                pipeline = 4
                """);
        Path out = dir.resolve("out");
        cli("run", "--suite", suite.toString(), "--registry", registry("").toString(), "--warmup", "0s",
                "--duration", "1s", "--no-hostile", "--friction", "--lang", "en,uk", "-o", out.toString());

        SuiteRun run = SuiteStore.readIfPresent(out).orElseThrow();
        assertThat(run.loads()).extracting(SuiteRun.Load::dir).containsExactly("loads/shared", "loads/piped");
        Results shared = ResultsStore.read(out.resolve("loads/shared"));
        Results piped = ResultsStore.read(out.resolve("loads/piped"));
        assertThat(shared.setup().pinning().appCpus()).isEqualTo("0-1");
        assertThat(shared.setup().pinning().loadgenCpus()).isEqualTo("0-1");
        assertThat(shared.setup().workers()).isEqualTo(2);
        assertThat(shared.setup().connections()).isEqualTo(8);
        assertThat(piped.setup().connections()).isEqualTo(4);
        assertThat(piped.setup().environment()).containsEntry("pipeline", "4");
        assertThat(piped.app("ok").flatMap(a -> a.route("hello")).orElseThrow().summary().requestsPerSecond()).isPositive();

        String report = Files.readString(out.resolve("report.md"));
        assertThat(report).startsWith("# Two loads").contains("## Shared CPUs, 8 connections", "## Pipelined by 4",
                "Latency is left out: with 4 requests per write");
        String shownShared = report.substring(report.indexOf("## Shared"), report.indexOf("## Pipelined"));
        String shownPiped = report.substring(report.indexOf("## Pipelined"));
        assertThat(shownShared).contains("p99, ms");
        assertThat(shownPiped.substring(0, shownPiped.indexOf("Latency is left out"))).doesNotContain("p99, ms");
        assertThat(Files.readString(out.resolve("report.uk.md"))).contains("Затримку не показано");
        assertThat(out.resolve("loads/shared/report.md")).exists();
        assertThat(out.resolve("friction.json")).exists();
        assertThat(report).contains("## Build and ship");

        // the suite's report is regenerated from the directory alone
        Files.delete(out.resolve("report.md"));
        CliTest.Result r = CliTest.run("report", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(out.resolve("report.md"))).isEqualTo(report);
    }

    /**
     * One thread, 20 ms a request: 50 req/s at most. The capacity search finds a rate at or below it; the fixed rate is
     * the share of it the suite asks, and is served in full; the overload rate is the multiple above 50 req/s and is
     * served at no more than 50 req/s.
     */
    @Test
    void thePhashPassesOfferSharesOfAKnownCapacity() throws Exception {
        Path suite = dir.resolve("known.toml");
        Files.writeString(suite, """
                title = "Known capacity"
                report = "phash"
                routes = ["hello"]
                passes = ["capacity", "fixed-rate", "overload"]
                slo_p99_ms = 100
                fixed_rate_share = 0.6
                overload_factor = 1.5

                [[loads]]
                name = "default"
                connections = 8
                """);
        Path out = dir.resolve("known");
        cli("run", "--suite", suite.toString(), "--registry", registry("env = { SERVICE_MS = \"20\" }").toString(),
                "--quick", "--no-hostile", "--lang", "en", "-o", out.toString());

        AppResult app = ResultsStore.read(out).app("ok").orElseThrow();
        CapacityResult.Step best = app.capacity().getFirst().maxUnderSlo().orElseThrow();
        assertThat(best.targetRatePerSecond()).isBetween(20.0, 50.0);
        RouteResult hello = app.route("hello").orElseThrow();
        RunResult fixed = hello.cost();
        RunResult overload = hello.overload();
        assertThat(fixed.offeredRatePerSecond()).isEqualTo(Math.floor(best.targetRatePerSecond() * 0.6));
        assertThat(fixed.requestsPerSecond()).isBetween(fixed.offeredRatePerSecond() * 0.85,
                fixed.offeredRatePerSecond() * 1.1);
        assertThat(fixed.latency().p50Ms()).isGreaterThanOrEqualTo(20.0);
        assertThat(overload.offeredRatePerSecond()).isEqualTo(Math.floor(best.targetRatePerSecond() * 1.5));
        assertThat(overload.requestsPerSecond()).isLessThanOrEqualTo(52.0).isLessThan(overload.offeredRatePerSecond());
        String report = Files.readString(out.resolve("report.md"));
        assertThat(report).contains("## At one fixed rate", "## Capacity under the SLO", "## Overload")
                .doesNotContain("## Throughput");
    }

    /** A registry with one app, {@link HelloApp}, marked so that a leftover process can be found. */
    private Path registry(String extra) throws IOException {
        Path registry = dir.resolve("apps.toml");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Files.writeString(registry, "[apps.ok]\nlanguage = \"Java\"\nstart = \"${JAVA} -D" + marker + " -cp '"
                + classPath + "' " + HelloApp.class.getName() + "\"\nroutes = [\"hello\", \"compute\"]\n" + extra + "\n");
        return registry;
    }

    private static String cli(String... args) throws IOException, InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, Main.class.getName()));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of(PORTS));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
