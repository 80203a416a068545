package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.runner.MachineLock;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Results;
import dev.fairbench.services.Processes;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run}, {@code verify}, {@code serve} and {@code apps} through the command line, with {@link HelloApp} as the
 * app and embedded services on ports picked per test JVM. Usage errors run in-process; the rest runs the CLI as a separate
 * JVM, as a person would, including Ctrl-C (SIGINT).
 */
@Timeout(240)
class RunnerCommandsTest {
    // Ports of this test JVM, below the ephemeral range: two checkouts running these tests at once do not meet.
    static final int PG_PORT = freePort();
    static final int REDIS_PORT = freePort();
    static final String[] PORTS = {"--pg-port", Integer.toString(PG_PORT), "--redis-port", Integer.toString(REDIS_PORT)};
    static final Services SERVICES = new Services(ServiceOptions.defaults().withPorts(PG_PORT, REDIS_PORT));
    final String marker = "fairbench.clitest=" + UUID.randomUUID();

    @TempDir
    Path dir;

    @AfterAll
    static void stopServices() throws IOException {
        SERVICES.stop();
        Path cluster = SERVICES.postgres().clusterDir();
        if (Files.exists(cluster) && !SERVICES.postgres().isRunning()) {
            try (var paths = Files.walk(cluster)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    static int freePort() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = java.util.concurrent.ThreadLocalRandom.current().nextInt(20_000, 32_000);
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress("127.0.0.1", port));
                return port;
            } catch (IOException inUse) {
                // try another
            }
        }
        throw new IllegalStateException("no free port in 20000-32000");
    }

    private Path registry(String... entries) throws IOException {
        StringBuilder toml = new StringBuilder();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        for (String e : entries) {
            String[] nameAndEnv = e.split(":", 2);
            toml.append("[apps.").append(nameAndEnv[0]).append("]\nlanguage = \"Java\"\n")
                    .append("start = \"${JAVA} -D").append(marker).append(" -cp '").append(classPath).append("' ")
                    .append(HelloApp.class.getName()).append("\"\nroutes = [\"hello\", \"compute\"]\n");
            if (nameAndEnv.length > 1) toml.append(nameAndEnv[1]).append('\n');
        }
        Path file = dir.resolve("apps.toml");
        Files.writeString(file, toml);
        return file;
    }

    /** Live processes whose command line holds this test's marker: its apps (read from /proc, all users). */
    private long leftovers() throws IOException {
        try (var procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(d -> {
                        try {
                            return new String(Files.readAllBytes(d.resolve("cmdline")), StandardCharsets.UTF_8)
                                    .contains(marker);
                        } catch (IOException gone) {
                            return false;
                        }
                    }).count();
        }
    }

    private static Process cli(String... args) throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // the test's benchmark lock, never the machine's (see cli/pom.xml)
                "-D" + MachineLock.PATH_PROPERTY + "=" + MachineLock.defaultPath(),
                "-cp", classPath, Main.class.getName()));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of(PORTS));
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    }

    /** Reads the process's output until a line matches; returns the match and everything read so far. */
    private static Matcher awaitLine(Process p, Pattern pattern, StringBuilder seen) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            seen.append(line).append('\n');
            Matcher m = pattern.matcher(line);
            if (m.find()) return m;
        }
        throw new AssertionError("the CLI ended without printing " + pattern + ":\n" + seen);
    }

    /**
     * Sends SIGINT to {@code p}, after checking that {@code p} does not ignore it: a JVM started with SIGINT ignored
     * (as every process started in the background by a shell without job control, e.g. {@code (cmd &)}) installs
     * no handler for it, and the test would fail for a reason that is not the CLI's.
     */
    static void sigint(Process p) throws Exception {
        String status = Files.readString(Path.of("/proc", Long.toString(p.pid()), "status"));
        String ignored = status.lines().filter(l -> l.startsWith("SigIgn:")).findFirst().orElse("SigIgn: 0").substring(7).strip();
        assertThat((Long.parseUnsignedLong(ignored, 16) & 0x2) == 0)
                .as("SIGINT is ignored by the CLI process, inherited from this test's own start in the background by a"
                        + " shell without job control; run the tests in the foreground (or with set -m)").isTrue();
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void usageErrorsAreOneLine() throws IOException {
        Path reg = registry("ok");
        CliTest.Result r = CliTest.run("run", "--registry", reg.toString(), "--routes", "hello,helo");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).containsExactly("fairbench run: unknown route 'helo': expected one of index, detail, "
                + "tag, index-cached, detail-cached, compute, hello, phash (see 'fairbench run --help')");

        r = CliTest.run("run", "--registry", reg.toString(), "--app-cpus", "0", "--services-cpus", "0");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).hasSize(1).first().asString().contains("CPU 0 is given to the app");

        r = CliTest.run("run", "--registry", reg.toString(), "--apps", "nope");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).containsExactly("fairbench run: unknown app 'nope': apps.toml has ok (see 'fairbench run "
                + "--help')");
    }

    @Test
    void runRefusesANonEmptyOutputDirectoryWithoutForce() throws IOException {
        Path reg = registry("ok");
        Path results = Files.createDirectories(dir.resolve("earlier"));
        Files.writeString(results.resolve("results.json"), "{\"kept\": true}\n");
        CliTest.Result r = CliTest.run("run", "--registry", reg.toString(), "--routes", "hello", "-o",
                results.toString());
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).hasSize(1).first().asString().startsWith("fairbench run: " + results.toAbsolutePath()
                + " is not empty (results.json): pass --force");
        assertThat(Files.readString(results.resolve("results.json"))).isEqualTo("{\"kept\": true}\n");
        try (var entries = Files.list(results)) {
            assertThat(entries).hasSize(1);
        }
    }

    @Test
    void appsListsStatesAndBadEntries() throws IOException {
        Path reg = registry("ok", "rusty:toolchains = [\"no-such-cargo\"]", "typo:strat = \"x\"");
        CliTest.Result r = CliTest.run("apps", "--registry", reg.toString());
        assertThat(r.exitCode()).isEqualTo(Fairbench.FAILURE);
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(1)).startsWith("ok").contains("built");
        assertThat(lines.get(2)).startsWith("rusty").contains("toolchain missing: no-such-cargo");
        assertThat(lines.get(3)).startsWith("typo").contains("bad entry: apps.toml: app 'typo': unknown key 'strat'");
        assertThat(lines).hasSize(4);
    }

    @Test
    void theRepositoryRegistryIsValid() {
        CliTest.Result r = CliTest.run("apps", "-v");
        assertThat(r.exitCode()).as(r.out()).isZero();
        assertThat(r.out()).contains("vertx", "spring", "helidon", "go-nethttp", "axum-sqlx", "actix-sqlx", "netty-hello",
                "    variant of go-nethttp: GOGC=400");
    }

    @Test
    void verifyExitsOneAndPrintsTheDiff() throws Exception {
        Path reg = registry("good", "bad:env = { HELLO_BODY = \"Hello World\" }");
        // The test app is a minimal server, not made to meet the hostile suite, which now also tries apps of /hello
        // alone: this test is about the conformance diff.
        Process p = cli("verify", "--no-hostile", "--registry", reg.toString());
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(1);
        assertThat(out).contains("[good] passed", "-Hello, World!", "+Hello World", "[bad] FAILED: conformance: 1 mismatch",
                "verify: 1 of 2 apps passed; not passed: bad");
        assertThat(leftovers()).isZero();
    }

    @Test
    void ctrlCDuringRunKeepsWhatWasMeasuredAndLeavesNoProcess() throws Exception {
        SERVICES.stop();
        Path reg = registry("ok");
        Path results = dir.resolve("results");
        Process run = cli("run", "--registry", reg.toString(), "--routes", "hello,compute", "--connections", "4",
                "--warmup", "1s", "--duration", "2s", "--rounds", "5", "--no-cost", "--max-foreign", "100", "--lang", "en",
                "-o", results.toString());
        StringBuilder seen = new StringBuilder();
        try {
            awaitLine(run, Pattern.compile("\\[ok] hello +round 2:"), seen);
            long postgresPid = SERVICES.postgres().pid().orElseThrow();
            long redisPid = SERVICES.redis().pid().orElseThrow();
            sigint(run);
            seen.append(new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            assertThat(run.waitFor(60, TimeUnit.SECONDS)).as("the CLI exits on SIGINT").isTrue();
            assertThat(run.exitValue()).isEqualTo(130);
            String leases;
            try (var l = Files.walk(Path.of("..", ".fairbench", "leases"))) {
                leases = l.map(Path::toString).toList().toString();
            }
            assertThat(Processes.isAlive(postgresPid)).as("postmaster gone:\n%s\nleases %s, me %d", seen, leases,
                    ProcessHandle.current().pid()).isFalse();
            assertThat(Processes.isAlive(redisPid)).as("redis gone:\n%s", seen).isFalse();
        } finally {
            run.destroyForcibly();
        }
        assertThat(leftovers()).as(seen.toString()).isZero();
        Results r = ResultsStore.read(results);
        assertThat(r.finishedAt()).isNull();
        AppResult ok = r.app("ok").orElseThrow();
        // Measured in rounds 1 and 2, interrupted in round 3: what was measured stays, the reason says it is partial.
        assertThat(ok.status()).isEqualTo(AppStatus.MEASURED);
        assertThat(ok.reason()).startsWith("interrupted during ").contains("ok");
        assertThat(ok.route("hello").orElseThrow().runs()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(ok.route("hello").orElseThrow().summary().requestsPerSecond()).isPositive();
        assertThat(seen).contains("interrupted during ");
    }

    @Test
    void sigkillOfRunLeavesNoAppAndNoServerOfItRunning() throws Exception {
        SERVICES.stop(); // the run starts PostgreSQL and Redis for itself
        Path reg = registry("ok");
        Process run = cli("run", "--registry", reg.toString(), "--routes", "hello", "--connections", "4",
                "--warmup", "1s", "--duration", "20s", "--rounds", "1", "--no-cost", "--no-hostile",
                "--max-foreign", "100", "--lang", "en", "-o", dir.resolve("killed").toString());
        StringBuilder seen = new StringBuilder();
        long postgresPid;
        long redisPid;
        try {
            awaitLine(run, Pattern.compile("\\[ok] hello round 1/1"), seen);
            assertThat(leftovers()).as("the app runs under load").isEqualTo(1);
            postgresPid = SERVICES.postgres().pid().orElseThrow();
            redisPid = SERVICES.redis().pid().orElseThrow();
        } finally {
            run.destroyForcibly(); // SIGKILL: no shutdown hook runs
        }
        assertThat(run.waitFor(10, TimeUnit.SECONDS)).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((leftovers() > 0 || Processes.isAlive(postgresPid) || Processes.isAlive(redisPid))
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(leftovers()).as("the app died with the runner:\n%s", seen).isZero();
        assertThat(Processes.isAlive(postgresPid)).as("the run's postmaster %d died with it", postgresPid).isFalse();
        assertThat(Processes.isAlive(redisPid)).as("the run's Redis %d died with it", redisPid).isFalse();
    }

    @Test
    void serveUntilCtrlCAndRefuseABusyPort() throws Exception {
        Path reg = registry("ok");
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            Process busy = cli("serve", "ok", "--registry", reg.toString(), "--port", Integer.toString(taken.getLocalPort()));
            String out = new String(busy.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(busy.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(busy.exitValue()).isEqualTo(1);
            assertThat(out.strip()).isEqualTo("fairbench serve: error: port " + taken.getLocalPort()
                    + " on 127.0.0.1 is in use by another program");
        }
        Process serve = cli("serve", "ok", "--registry", reg.toString());
        try {
            Matcher m = awaitLine(serve, Pattern.compile("ok listening on (http://127\\.0\\.0\\.1:\\d+/)"), new StringBuilder());
            HttpResponse<String> hello = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(m.group(1) + "hello")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(hello.statusCode()).isEqualTo(200);
            assertThat(hello.body()).isEqualTo("Hello, World!");
            sigint(serve);
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            serve.destroyForcibly();
        }
        assertThat(leftovers()).isZero();
    }
}
