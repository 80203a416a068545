package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.hosts.NetnsHosts;
import dev.fairbench.hosts.NetnsHosts.Namespaces;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.LoadHostRun;
import dev.fairbench.results.PlacedRole;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fairbench run --hosts} end to end across the network namespaces of {@code examples/hosts-netns.sh} (four
 * SSH hosts on this machine, {@link NetnsHosts}): go-nethttp on fb-app, PostgreSQL and Redis served on fb-svc, the
 * load from fb-load1 and fb-load2, the coordinator here. Skipped, with the reason, when not root or without sshd.
 */
@ExtendWith(NetnsHosts.class)
@Timeout(900)
class NetnsRunHostsTest {
    /** Work folders readable by the user the embedded PostgreSQL runs as (a test's temporary folder is not). */
    private static final Path WORK = Path.of("/tmp/fairbench-run-hosts-test");

    private final Namespaces netns = NetnsHosts.get();

    @TempDir
    Path dir;

    @AfterEach
    void removeWorkFolders() throws IOException {
        if (!Files.exists(WORK)) return;
        try (Stream<Path> paths = Files.walk(WORK)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    @Test
    void aSmallRunAcrossFourHostsPassesTheGateMeasuresAndLeavesNothingBehind() throws Exception {
        Files.createDirectories(WORK);
        StringBuilder toml = new StringBuilder("ssh_config = \"" + NetnsHosts.DIR.resolve("ssh_config") + "\"\n");
        role(toml, "[app]", "fb-app", "0");
        role(toml, "[services]", "fb-svc", "1");
        role(toml, "[[load]]", "fb-load1", "1");
        role(toml, "[[load]]", "fb-load2", "1");
        Path hosts = Files.writeString(dir.resolve("hosts.toml"), toml);
        Path jar = SplitLoadTest.launcherJar(dir.resolve("fairbench.jar"));
        Path out = dir.resolve("results");

        LoadCommandTest.Result r = LoadCommandTest.run("run", "--hosts", hosts.toString(), "--jar", jar.toString(),
                "--apps", "go-nethttp", "--routes", "hello,index", "--rounds", "1", "--duration", "2s", "--warmup",
                "1s", "--jit-settle", "0s", "--no-cost", "--no-hostile", "--lang", "en", "-o", out.toString(),
                // the placement is under test, not the guard: under steal its retries took 4 of this test's 5 min
                "--retries", "0", "--no-late-retry", "--max-host-wait", "0s");

        Results results = ResultsStore.read(out);
        AppResult app = results.app("go-nethttp").orElseThrow();
        assertThat(r.exitCode()).as("exit code; app: %s %s", app.status(), app.reason()).isZero();
        assertThat(app.status()).isEqualTo(AppStatus.MEASURED);
        assertThat(app.conformance().mismatches()).isEmpty();
        assertThat(results.setup().placement()).extracting(PlacedRole::role, PlacedRole::host).containsExactly(
                org.assertj.core.groups.Tuple.tuple("app", "fb-app"),
                org.assertj.core.groups.Tuple.tuple("services", "fb-svc"),
                org.assertj.core.groups.Tuple.tuple("load", "fb-load1"),
                org.assertj.core.groups.Tuple.tuple("load", "fb-load2"));
        assertThat(results.setup().placement()).allSatisfy(p -> {
            assertThat(p.address()).startsWith("10.213.7.");
            assertThat(p.clockOffsetMillis()).isNotNull();
            assertThat(p.logicalCpus()).isPositive();
        });
        assertThat(app.routes()).extracting(route -> route.route()).containsExactlyInAnyOrder("hello", "index");
        for (var route : app.routes()) {
            assertThat(route.runs()).isNotEmpty();
            for (RunResult run : route.runs()) {
                assertThat(run.requestsCompleted()).as(route.route()).isPositive();
                assertThat(run.resources().appCpuSeconds()).as("app CPU on " + route.route()).isPositive();
                assertThat(run.resources().postgresCpuSeconds()).as("PostgreSQL CPU").isNotNull();
                assertThat(run.resources().redisCpuSeconds()).as("Redis CPU").isNotNull();
                assertThat(run.resources().appContextSwitches()).as("read from the app host's threads").isNotNull()
                        .isPositive();
                assertThat(run.cpuUse().loadgenCpusBusy()).as("the load hosts' busy share").isPositive();
                assertThat(run.loadHosts()).as("each load host's part").extracting(LoadHostRun::host)
                        .containsExactly("fb-load1", "fb-load2");
                assertThat(run.loadHosts().stream().mapToLong(LoadHostRun::requestsCompleted).sum())
                        .as("the parts' responses make the run's").isEqualTo(run.requestsCompleted());
                assertThat(run.loadHosts().stream().mapToLong(LoadHostRun::errors).sum()).isEqualTo(run.errors());
                assertThat(run.loadHosts()).allSatisfy(h -> assertThat(h.cpuBusyShare()).isNotNull().isPositive());
                assertThat(run.cpuUse().loadgenCpusBusy()).as("the busiest load host's share")
                        .isEqualTo(run.loadHosts().stream().mapToDouble(LoadHostRun::cpuBusyShare).max().orElseThrow());
            }
        }
        assertThat(app.routes().stream().filter(route -> route.route().equals("index")).findFirst().orElseThrow()
                .runs().getFirst().resources().postgresCpuSeconds()).as("index reads PostgreSQL").isPositive();
        for (String host : Namespaces.HOSTS) {
            assertThat(netns.strayProcesses(host)).as("processes left in %s", host).isEmpty();
        }
    }

    /** A host whose SSH port refuses stops the run before anything starts, with one line that names it. */
    @Test
    void aHostThatRefusesSshStopsTheRunWithOneLineNamingIt() throws Exception {
        Files.createDirectories(WORK);
        StringBuilder toml = new StringBuilder("ssh_config = \"" + NetnsHosts.DIR.resolve("ssh_config") + "\"\n");
        role(toml, "[app]", "fb-app", "0");
        toml.append("[services]\nhost = \"").append(Namespaces.REFUSED).append("\"\ncpus = \"1\"\nworkdir = \"")
                .append(WORK.resolve("refused")).append("\"\n");
        role(toml, "[[load]]", "fb-load1", "1");
        Path hosts = Files.writeString(dir.resolve("hosts.toml"), toml);
        Path jar = SplitLoadTest.launcherJar(dir.resolve("fairbench.jar"));

        LoadCommandTest.Result r = LoadCommandTest.run("run", "--hosts", hosts.toString(), "--jar", jar.toString(),
                "--apps", "go-nethttp", "--routes", "hello", "--rounds", "1", "--duration", "1s", "--no-cost",
                "--no-hostile", "--lang", "en", "-o", dir.resolve("results").toString());

        assertThat(r.exitCode()).isEqualTo(Fairbench.FAILURE);
        assertThat(r.err().lines().filter(l -> l.contains("error:")).toList()).singleElement().asString()
                .contains(Namespaces.REFUSED).contains("refuses SSH");
        for (String host : Namespaces.HOSTS) {
            assertThat(netns.strayProcesses(host)).as("processes left in %s", host).isEmpty();
        }
    }

    private static void role(StringBuilder toml, String table, String host, String cpus) throws IOException {
        Path workdir = Files.createDirectories(WORK.resolve(host));
        toml.append(table).append("\nhost = \"").append(host).append("\"\ncpus = \"").append(cpus)
                .append("\"\nworkdir = \"").append(workdir).append("\"\naddress = \"")
                .append(NetnsHosts.get().address(host)).append("\"\n");
    }
}
