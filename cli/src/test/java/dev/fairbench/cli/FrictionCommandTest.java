package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.friction.Friction;
import dev.fairbench.results.friction.FrictionApp;
import dev.fairbench.results.friction.FrictionStore;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fairbench friction} end to end, in-process, on a fixture app of its own: a small C server
 * ({@code src/test/resources/friction-fixture}, 42 non-blank lines, with a 2-line header shared from
 * {@code friction-shared}) built with {@code cc} in a fresh copy of this repository, started against embedded
 * services on ports of this test JVM.
 */
@Timeout(300)
class FrictionCommandTest {
    static final int PG_PORT = RunnerCommandsTest.freePort();
    static final int REDIS_PORT = RunnerCommandsTest.freePort();
    static final Services SERVICES = new Services(ServiceOptions.defaults().withPorts(PG_PORT, REDIS_PORT));
    static final String FIXTURE = "cli/src/test/resources/friction-fixture";
    static final Path ROOT = RunCommand.repoRoot();

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

    private Path registry(String build) throws IOException {
        Path file = dir.resolve("apps.toml");
        Files.writeString(file, """
                [apps.hello-c]
                label = "hello in C"
                language = "C"
                build = "%s"
                build_dir = "%s"
                artifact = "%s/hello-app"
                toolchains = ["cc"]
                start = "%s/hello-app"
                routes = ["hello"]
                handler = "%s/hello.c"
                sources = ["%s"]
                shared_sources = ["cli/src/test/resources/friction-shared"]

                [apps.undeclared]
                start = "./x"
                build = "true"
                artifact = "x"
                """.formatted(build, FIXTURE, FIXTURE, FIXTURE, FIXTURE, FIXTURE));
        return file;
    }

    private static CliTest.Result friction(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("friction"));
        all.addAll(List.of(args));
        all.addAll(List.of("--pg-port", Integer.toString(PG_PORT), "--redis-port", Integer.toString(REDIS_PORT)));
        return CliTest.run(all.toArray(String[]::new));
    }

    private static Set<String> frictionTempDirs() throws IOException {
        try (var list = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return list.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("fairbench-friction-"))
                    .collect(Collectors.toSet());
        }
    }

    private static long fixtureProcesses() throws IOException {
        try (var procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().chars().allMatch(Character::isDigit)).filter(d -> {
                try {
                    return new String(Files.readAllBytes(d.resolve("cmdline")), StandardCharsets.UTF_8)
                            .contains("friction-fixture/hello-app");
                } catch (IOException gone) {
                    return false;
                }
            }).count();
        }
    }

    @Test
    void measuresTheFixtureAppAndAddsTheSectionToTheReports() throws Exception {
        Path out = dir.resolve("results");
        ResultsStore.write(out, SmallResults.session(1));
        String handlerBefore = Files.readString(ROOT.resolve(FIXTURE + "/hello.c"));
        Set<String> tempBefore = frictionTempDirs();

        CliTest.Result r = friction("--registry", registry("cc -O1 -o hello-app hello.c").toString(), "--apps",
                "hello-c,undeclared", "-o", out.toString(), "--starts", "3");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Fairbench.OK);
        Friction friction = FrictionStore.readIfPresent(out).orElseThrow(); // read back through the schema
        assertThat(friction.finishedAt()).isNotNull();
        assertThat(friction.rules().coldStarts()).isEqualTo(3);
        assertThat(friction.rules().readinessPollMs()).isEqualTo(1.0);
        assertThat(friction.apps()).extracting(FrictionApp::name).containsExactly("hello-c", "undeclared");

        FrictionApp app = friction.apps().getFirst();
        assertThat(app.status()).as(app.reason()).isEqualTo(AppStatus.MEASURED);
        assertThat(app.cleanBuild().command()).isEqualTo("cc -O1 -o hello-app hello.c");
        assertThat(app.cleanBuild().wallSeconds()).isGreaterThan(0);
        assertThat(app.cleanBuild().cpuSeconds()).isGreaterThanOrEqualTo(0);
        assertThat(app.incrementalBuild().changedFile()).isEqualTo(FIXTURE + "/hello.c");
        assertThat(app.artifact().path()).isEqualTo(FIXTURE + "/hello-app");
        assertThat(app.artifact().bytes()).isGreaterThan(1000);
        assertThat(app.artifact().linking()).isEqualTo(FrictionApp.Linking.DYNAMIC);
        assertThat(app.runtime()).isEqualTo(FrictionApp.RuntimeNeeded.none());
        assertThat(app.coldStart().samplesMs()).hasSize(3).allMatch(ms -> ms > 0 && ms < 60_000);
        assertThat(app.coldStart().medianMs()).isBetween(app.coldStart().minMs(), app.coldStart().maxMs());
        assertThat(app.coldStart().readinessPath()).isEqualTo("/hello");
        assertThat(app.linesOfCode().own().lines()).isEqualTo(42);
        assertThat(app.linesOfCode().own().files()).isEqualTo(1); // README.md is documentation
        assertThat(app.linesOfCode().shared().lines()).isEqualTo(2);
        assertThat(app.linesOfCode().shared().paths()).containsExactly("cli/src/test/resources/friction-shared");
        assertThat(app.dependencies()).as("no build file of a package manager in its sources").isNull();

        FrictionApp skipped = friction.apps().get(1);
        assertThat(skipped.status()).isEqualTo(AppStatus.SKIPPED);
        assertThat(skipped.reason()).startsWith("no 'handler' and 'sources' in apps.toml");

        // the comment line went into the copy only; the copy, its build and the app are gone
        assertThat(Files.readString(ROOT.resolve(FIXTURE + "/hello.c"))).isEqualTo(handlerBefore);
        assertThat(ROOT.resolve(FIXTURE + "/hello-app")).doesNotExist();
        assertThat(frictionTempDirs()).isEqualTo(tempBefore);
        assertThat(fixtureProcesses()).isZero();
        for (String log : List.of("hello-c.clean.log", "hello-c.incremental.log", "hello-c.log")) {
            assertThat(out.resolve("logs/friction/" + log)).exists();
        }
        assertThat(app.cleanBuild().log()).isEqualTo("logs/friction/hello-c.clean.log");

        String report = Files.readString(out.resolve("report.md"));
        assertThat(report).contains("## Build and ship").contains("| hello in C |")
                .contains("cli/src/test/resources/friction-shared");
        assertThat(Files.readString(out.resolve("report.uk.md"))).contains("## Збирання й постачання");
        assertThat(Files.readString(out.resolve("report.html"))).contains("id=\"build-and-ship\"");
    }

    @Test
    void aFailedBuildIsExitOneWithItsReasonAndWhatWasMeasuredBefore() throws Exception {
        Path out = dir.resolve("broken");
        CliTest.Result r = friction("--registry", registry("sh -c 'echo compiler says no; exit 3'").toString(),
                "--apps", "hello-c", "-o", out.toString());
        assertThat(r.exitCode()).isEqualTo(Fairbench.FAILURE);
        FrictionApp app = FrictionStore.readIfPresent(out).orElseThrow().apps().getFirst();
        assertThat(app.status()).isEqualTo(AppStatus.FAILED);
        assertThat(app.reason()).isEqualTo("clean build: failed with exit code 3 (log logs/friction/hello-c.clean.log)");
        assertThat(app.linesOfCode().own().lines()).isEqualTo(42);
        assertThat(app.cleanBuild()).isNull();
        assertThat(app.coldStart()).isNull();
        assertThat(out.resolve("logs/friction/hello-c.clean.log")).hasContent("compiler says no");
        assertThat(out.resolve("report.md")).as("no results.json: no report").doesNotExist();
    }

    @Test
    void badOptionsAreUsageErrorsOfOneLine() throws Exception {
        String reg = registry("true").toString();
        for (String[] args : new String[][] {
                {"--registry", reg, "--starts", "0"},
                {"--registry", reg, "--app-cpus", "99"},
                {"--registry", reg, "--lang", "de"},
                {"--registry", reg, "--apps", "nope"}}) {
            CliTest.Result r = friction(args);
            assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(Fairbench.USAGE);
            assertThat(r.errLines()).as(String.join(" ", args)).hasSize(1).first().asString()
                    .startsWith("fairbench friction: ");
        }
        assertThat(friction("--registry", reg, "--apps", "nope").err()).contains("unknown app 'nope'");
    }
}
