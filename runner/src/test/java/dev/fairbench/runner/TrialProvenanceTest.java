package dev.fairbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Setup;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.timed.TimedRuns;
import dev.fairbench.services.RunningServices;
import dev.fairbench.services.Services;
import dev.fairbench.workload.Route;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a trial records about where its numbers came from (issue 10 §5) and how busy the machine was (§1), on a
 * trial whose only app is skipped (a missing toolchain), so no load is applied: real PostgreSQL and Redis on the
 * test ports.
 */
@Timeout(300)
class TrialProvenanceTest {
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

    @Test
    void theResultsSayWhatMeasuredOnWhatAndHowBusyItWas() throws Exception {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        Path registry = new TestRegistry().app("absent", "ok", "toolchains = [\"no-such-toolchain-zz\"]").write(dir);
        TrialOptions o = TrialOptions.builder().apps(List.of()).routes(List.of(Route.HELLO)).connections(2)
                .outputDir(dir.resolve("results")).placement(CpuPlacement.defaults(2)).cores(2).loadgenThreads(1)
                .languages(List.of("en")).registryFile(registry).repoRoot(repo).services(TestServices.options())
                .commandLine("fairbench run (test)").build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TimedRuns timed = new TimedRuns(new TimedRuns.Settings(Duration.ZERO, Duration.ofSeconds(1), 1, true));
        new TrialLoop(o, List.of(timed), new PrintStream(out, true, StandardCharsets.UTF_8), false).run();
        String log = out.toString(StandardCharsets.UTF_8);

        Results r = ResultsStore.read(dir.resolve("results"));
        assertThat(r.app("absent").orElseThrow().status()).as(log).isEqualTo(AppStatus.SKIPPED);
        Setup s = r.setup();
        assertThat(s.environment().get("load_average_before")).matches("\\d+\\.\\d\\d \\d+\\.\\d\\d \\d+\\.\\d\\d");
        assertThat(Double.parseDouble(s.environment().get("idle_share_before"))).isBetween(0.0, 1.0);
        assertThat(s.environment().get("load_average_after")).matches("\\d+\\.\\d\\d \\d+\\.\\d\\d \\d+\\.\\d\\d");
        assertThat(s.host().cpuGovernor()).isNotBlank();
        assertThat(s.host().smt()).isIn("on", "off", "unknown");
        assertThat(s.versions()).containsKeys("java", "java_vm");
        assertThat(s.gitCommit()).matches("[0-9a-f]{40}");
        assertThat(s.gitDirty()).isEqualTo(Provenance.dirty(repo));
        if (s.gitDirty()) {
            assertThat(s.gitDiffSha256()).matches("[0-9a-f]{64}");
            assertThat(log).contains("warning: the checkout has uncommitted changes");
        } else {
            assertThat(s.gitDiffSha256()).isNull();
        }
        assertThat(log).containsPattern("machine: load average \\S+ \\S+ \\S+ \\(\\d+ CPUs\\), \\d+% idle over 1 s");
        assertThat(dir.resolve("results/environment.json")).content().contains("\"dirty\"");
    }
}
