package dev.fairbench.multiload;

import dev.fairbench.hosts.LocalHost;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The coordinator with real processes on this machine whose parts misbehave (the parts that work are tested with the
 * real {@code fairbench load --barrier} in the cli module): every failure is one line naming the host, with the
 * part's exit code when it has one, and no process is left behind.
 */
@Timeout(60)
class MultiHostLoadTest {
    private static final LoadSpec SPEC = LoadSpec.closedLoop(URI.create("http://127.0.0.1:9/"), 2, 2,
            Duration.ofSeconds(1));

    @Test
    void aHostThatNeverSaysReadyIsNamedAndItsProcessStopped(@TempDir Path dir) throws Exception {
        Path jar = LauncherJar.write(dir.resolve("silent.jar"), SilentLoad.class);
        List<String> log = new ArrayList<>();
        try (LocalHost first = new LocalHost(); LocalHost second = new LocalHost()) {
            List<PlacedHost> hosts = List.of(PlacedHost.local(first, dir.resolve("a")),
                    PlacedHost.local(second, dir.resolve("b")));
            assertThatThrownBy(() -> new MultiHostLoad(hosts, jar, Duration.ofSeconds(2), log::add).run(SPEC, false))
                    .isInstanceOf(LoadException.class)
                    .hasMessage("load host local did not say ready within 2 s")
                    .extracting(e -> ((LoadException) e).exitCode()).isEqualTo(LoadException.INTERNAL);
        }
        assertThat(log).anyMatch(line -> line.equals("load host local: copying fairbench to " + dir.resolve("b")));
        assertThat(awaitNoneRunningWith(dir.toString(), Duration.ofSeconds(15))).isEmpty();
        // each part's folder is removed; the copied jar stays for the next run
        assertThat(Files.list(dir.resolve("a")).map(p -> p.getFileName().toString()).toList())
                .containsExactly("fairbench.jar");
    }

    @Test
    void aPartThatFailsKeepsItsExitCodeAndItsLastLine(@TempDir Path dir) throws Exception {
        Path jar = LauncherJar.write(dir.resolve("refused.jar"), UnreachableLoad.class);
        try (LocalHost host = new LocalHost()) {
            List<PlacedHost> hosts = List.of(PlacedHost.local(host, dir.resolve("a")));
            assertThatThrownBy(() -> new MultiHostLoad(hosts, jar, Duration.ofSeconds(20), line -> { })
                    .run(SPEC, false))
                    .hasMessage("load host local: its load ended before it was ready (exit 4): load: error: cannot "
                            + "connect to 127.0.0.1:9: Connection refused")
                    .extracting(e -> ((LoadException) e).exitCode()).isEqualTo(LoadException.UNREACHABLE);
        }
    }

    @Test
    void fewerConnectionsThanHostsIsAUsageError(@TempDir Path dir) throws Exception {
        Path jar = LauncherJar.write(dir.resolve("silent.jar"), SilentLoad.class);
        try (LocalHost host = new LocalHost()) {
            List<PlacedHost> hosts = List.of(PlacedHost.local(host, dir), PlacedHost.local(host, dir),
                    PlacedHost.local(host, dir));
            assertThatThrownBy(() -> new MultiHostLoad(hosts, jar, Duration.ofSeconds(2), line -> { })
                    .run(SPEC, false))
                    .hasMessageStartingWith("connections (2) must be at least the number of load hosts (3)")
                    .extracting(e -> ((LoadException) e).exitCode()).isEqualTo(LoadException.USAGE);
        }
    }

    @Test
    void aJavaOlderThan21GivesWayToTheCoordinatorsOrIsRefusedNamingTheHost(@TempDir Path dir) throws Exception {
        Path old = Path.of("/usr/bin/java");
        assumeThat(Files.isExecutable(old)).as("an older java at /usr/bin/java").isTrue();
        try (LocalHost local = new LocalHost()) {
            int feature = MultiHostLoad.javaFeature(local.run(List.of(old.toString(), "-version"),
                    Duration.ofSeconds(30)).stderr());
            assumeThat(feature).as("the java at /usr/bin/java is older than 21").isLessThan(21);
            PlacedHost host = new PlacedHost(local, dir.toString(), Optional.empty(), old.toString());
            String current = PlacedHost.currentJava();
            assertThat(MultiHostLoad.findJava(host, current)).isEqualTo(current);
            assertThatThrownBy(() -> MultiHostLoad.findJava(host, "/nonexistent/java"))
                    .hasMessageStartingWith("load host local: /usr/bin/java is version " + feature
                            + "; '/nonexistent/java -version' failed (exit 1")
                    .hasMessageEndingWith("; fairbench needs Java 21 or newer (put one first on the PATH there)");
        }
    }

    @Test
    void readsTheFeatureVersionOfEveryJavaVersionLine() {
        assertThat(MultiHostLoad.javaFeature("openjdk version \"21.0.2\" 2024-01-16")).isEqualTo(21);
        assertThat(MultiHostLoad.javaFeature("openjdk version \"25\" 2025-09-16")).isEqualTo(25);
        assertThat(MultiHostLoad.javaFeature("java version \"1.8.0_292\"")).isEqualTo(8);
        assertThat(MultiHostLoad.javaFeature("openjdk version \"26-ea\" 2026-03-17")).isEqualTo(26);
        assertThat(MultiHostLoad.javaFeature("sh: java: not found")).isEqualTo(-1);
    }

    @Test
    void partCommandSpellsDurationsAndRatesAsTheLoadCommandReadsThem() {
        assertThat(PartCommand.micros(Duration.ofMillis(1500))).isEqualTo("1500000us");
        assertThat(PartCommand.micros(Duration.ZERO)).isEqualTo("0us");
        assertThat(PartCommand.plain(1e7)).isEqualTo("10000000");
        assertThat(PartCommand.plain(1000.0 / 3)).isEqualTo("333.3333333333333");
        assertThat(PartCommand.plain(0)).isEqualTo("0");
    }

    /** The processes whose command line holds {@code text} once none is left or {@code timeout} has passed. */
    private static List<String> awaitNoneRunningWith(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> running;
        do {
            // a killed process group takes a moment to go
            Thread.sleep(100);
            running = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                    .map(p -> p.pid() + " " + p.info().commandLine().orElse(""))
                    .filter(line -> line.contains(text)).toList();
        } while (!running.isEmpty() && System.nanoTime() < deadline);
        return running;
    }
}
