package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.CapacityResult;
import dev.fairbench.results.ProfileRoute;
import dev.fairbench.results.Results;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code profile} and {@code capacity} through the command line: usage errors in-process; a capacity search on a
 * URL in-process; and, as a person would run them (a separate JVM), {@code profile} then {@code capacity APP/ROUTE}
 * into one results directory with {@link HelloApp} as the app and embedded services on ports 23434/23381.
 */
@Timeout(300)
class ProfileCommandsTest {
    static final String[] PORTS = {"--pg-port", "23434", "--redis-port", "23381"};
    final String marker = "fairbench.profiletest=" + UUID.randomUUID();

    @TempDir
    Path dir;

    @AfterAll
    static void stopServices() {
        new Services(ServiceOptions.defaults().withPorts(23434, 23381)).stop();
    }

    @Test
    void usageErrorsAreOneLine() {
        CliTest.Result r = CliTest.run("capacity", "vertx");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).containsExactly("fairbench capacity: expected APP/ROUTE (e.g. go-nethttp/phash) or a "
                + "URL, got 'vertx' (see 'fairbench capacity --help')");

        r = CliTest.run("capacity", "vertx/phsh");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).hasSize(1).first().asString().contains("unknown route 'phsh'");

        r = CliTest.run("capacity", "--slo", "0ms", "vertx/phash");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).containsExactly("fairbench capacity: --slo must be positive (see 'fairbench capacity "
                + "--help')");

        r = CliTest.run("capacity");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);

        r = CliTest.run("profile", "--routes", "index,helo");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).hasSize(1).first().asString().contains("unknown route 'helo'");

        r = CliTest.run("profile", "--window", "0s");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
    }

    @Test
    void capacityOfAUrlWritesItsSteps() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.setExecutor(Executors.newSingleThreadExecutor());
        server.createContext("/", ex -> {
            try (ex) {
                ex.getRequestBody().readAllBytes();
                Thread.sleep(5);
                ex.sendResponseHeaders(200, 2);
                try (OutputStream o = ex.getResponseBody()) {
                    o.write("ok".getBytes(StandardCharsets.US_ASCII));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        try {
            CliTest.Result r = CliTest.run("capacity", "http://127.0.0.1:" + server.getAddress().getPort() + "/hello",
                    "--slo", "300ms", "--step-duration", "1s", "--step-warmup", "200ms", "--warmup", "500ms",
                    "--max-steps", "4", "--connections", "8", "-o", dir.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
        } finally {
            server.stop(0);
        }
        String json = Files.readString(dir.resolve("capacity").resolve("url.json"));
        assertThat(json).contains("\"target_rate_per_second\"", "\"overload\"", "\"within_slo\" : true");
    }

    /** A registry with one app, {@link HelloApp}, marked so that a leftover process can be found. */
    private Path helloRegistry() throws IOException {
        Path registry = dir.resolve("apps.toml");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Files.writeString(registry, "[apps.ok]\nlanguage = \"Java\"\nstart = \"${JAVA} -D" + marker + " -cp '"
                + classPath + "' " + HelloApp.class.getName() + "\"\nroutes = [\"hello\", \"compute\"]\n");
        return registry;
    }

    @Test
    void runAndProfileRecordTheSameFactsAboutOneMachine() throws Exception {
        Path registry = helloRegistry();
        Path ran = dir.resolve("ran");
        Path profiled = dir.resolve("profiled");
        cli("run", "--registry", registry.toString(), "--routes", "hello", "--connections", "4", "--warmup", "0s",
                "--duration", "1s", "--runs", "1", "--lang", "en", "-o", ran.toString());
        cli("profile", "--registry", registry.toString(), "--routes", "hello", "--connections", "4", "--warmup", "0s",
                "--sequential-window", "500ms", "--window", "1s", "--strace-window", "0s", "--cpu-profile-window", "0s",
                "--lang", "en", "-o", profiled.toString());

        Results run = ResultsStore.read(ran);
        Results profile = ResultsStore.read(profiled);
        for (Results r : List.of(run, profile)) {
            assertThat(r.finishedAt()).isNotNull();
            assertThat(r.fairbenchVersion()).isNotEqualTo("unknown");
            assertThat(r.app("ok").orElseThrow().status()).isEqualTo(AppStatus.MEASURED);
        }
        assertThat(profile.fairbenchVersion()).isEqualTo(run.fairbenchVersion());
        assertThat(profile.contractVersion()).isEqualTo(run.contractVersion());
        assertThat(profile.setup().gitCommit()).isEqualTo(run.setup().gitCommit());
        assertThat(profile.setup().gitDirty()).isEqualTo(run.setup().gitDirty());
        assertThat(profile.setup().host()).isEqualTo(run.setup().host());
        assertThat(profile.setup().versions()).isEqualTo(run.setup().versions());
        assertThat(profile.setup().pinning()).isEqualTo(run.setup().pinning());
        assertThat(profile.setup().workers()).isEqualTo(run.setup().workers());
        for (String machineFact : List.of("hostname", "cpu_governor", "virtualization")) {
            assertThat(profile.setup().environment().get(machineFact)).as(machineFact)
                    .isEqualTo(run.setup().environment().get(machineFact));
        }
        assertThat(profiled.resolve("environment.json")).exists();
    }

    @Test
    void profileThenCapacityFillOneResultsDirectory() throws Exception {
        Path registry = helloRegistry();
        Path results = dir.resolve("results");

        String out = cli("profile", "--registry", registry.toString(), "--routes", "hello", "--connections", "4",
                "--warmup", "500ms", "--sequential-window", "500ms", "--window", "1s", "--strace-window", "1s",
                "--cpu-profile-window", "1s", "--lang", "en", "-o", results.toString());
        assertThat(out).contains("[ok] conformance: ").contains("cases passed through the wire proxies");
        out = cli("capacity", "ok/hello", "--registry", registry.toString(), "--slo", "300ms", "--step-duration", "1s",
                "--step-warmup", "200ms", "--warmup", "500ms", "--max-steps", "3", "--connections", "4", "--lang", "en",
                "-o", results.toString());
        assertThat(out).contains("[ok] capacity ");

        Results r = ResultsStore.read(results);
        AppResult ok = r.app("ok").orElseThrow();
        ProfileRoute hello = ok.profile().route("hello").orElseThrow();
        assertThat(hello.requests()).isPositive();
        assertThat(hello.postgresQueriesPerRequest()).isNull();
        assertThat(hello.redisCommandsPerRequest()).isNull();
        assertThat(hello.cpu().appUserUs()).isPositive();
        assertThat(hello.gcPerSecond()).isNotNull();
        assertThat(results.resolve(hello.flamegraph())).exists();
        CapacityResult capacity = ok.capacity().getFirst();
        assertThat(capacity.route()).isEqualTo("hello");
        assertThat(capacity.steps()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(Files.readString(results.resolve("report.md"))).contains("Findings", "Capacity under the SLO");
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().arguments()
                .map(a -> String.join(" ", a).contains(marker)).orElse(false)).count()).isZero();
    }

    /** Runs the CLI as a separate JVM; returns its output after asserting exit code 0. */
    private static String cli(String... args) throws IOException, InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, Main.class.getName()));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of(PORTS));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
