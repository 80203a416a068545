package dev.fairbench.friction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A build's CPU time is its whole process tree's, and its environment is the fresh one. */
class TimedBuildTest {
    @TempDir
    Path dir;

    private static final String BUSY = "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done";

    @Test
    void cpuTimeCountsTheGrandchildrenTheBuildWaitedFor() throws Exception {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        BuildEnvironment env = new BuildEnvironment(Map.of(), List.of());
        // the work happens two levels below the build's own process, as a compiler under a build tool
        TimedBuild.Outcome nested = TimedBuild.run(List.of("sh", "-c", "sh -c '" + BUSY + "'; true"), dir, env, "0",
                dir.resolve("nested.log"), "nested", quiet);
        assertThat(nested.exitCode()).isZero();
        assertThat(nested.cpuSeconds()).isGreaterThan(0.1);
        // on one CPU the tree cannot use more CPU time than wall time (plus a tick of rounding)
        assertThat(nested.cpuSeconds()).isLessThanOrEqualTo(nested.wallSeconds() + 0.02);
        TimedBuild.Outcome idle = TimedBuild.run(List.of("sleep", "0.3"), dir, env, "0", dir.resolve("idle.log"),
                "idle", quiet);
        assertThat(idle.wallSeconds()).isGreaterThanOrEqualTo(0.3);
        assertThat(idle.cpuSeconds()).isLessThan(0.1);
        TimedBuild.Outcome failed = TimedBuild.run(List.of("sh", "-c", "echo broken; exit 3"), dir, env, "0",
                dir.resolve("failed.log"), "failed", quiet);
        assertThat(failed.exitCode()).isEqualTo(3);
        assertThat(dir.resolve("failed.log")).hasContent("broken");
    }

    @Test
    void theBuildSeesTheFreshCachesAndNotTheRemovedWrapper() throws Exception {
        Path copy = Files.createDirectories(dir.resolve("copy/ws/app"));
        Files.writeString(dir.resolve("copy/ws/Cargo.lock"), "");
        BuildEnvironment env = BuildEnvironment.fresh(dir.resolve("copy"), copy, dir.resolve("scratch"));
        assertThat(env.variables()).containsEntry("CARGO_TARGET_DIR", dir.resolve("copy/ws/target").toString())
                .containsEntry("GOCACHE", dir.resolve("scratch/go-build-cache").toString())
                .containsEntry("JAVA_HOME", System.getProperty("java.home"));
        BuildEnvironment withWrapper = new BuildEnvironment(Map.of("RUSTC_WRAPPER", "sccache"), List.of());
        Map<String, String> seen = new java.util.HashMap<>();
        withWrapper.applyTo(seen);
        env.applyTo(seen);
        assertThat(seen).doesNotContainKey("RUSTC_WRAPPER");
        TimedBuild.run(List.of("sh", "-c", "echo \"$GOCACHE|$CARGO_TARGET_DIR|${RUSTC_WRAPPER:-unset}\""), copy, env,
                "0", dir.resolve("env.log"), "env", new PrintStream(new ByteArrayOutputStream()));
        assertThat(dir.resolve("env.log")).hasContent(dir.resolve("scratch/go-build-cache") + "|"
                + dir.resolve("copy/ws/target") + "|unset");
        assertThat(BuildEnvironment.cargoWorkspace(dir.resolve("copy"), dir.resolve("copy/ws/app")))
                .isEqualTo(dir.resolve("copy/ws"));
        assertThat(BuildEnvironment.cargoWorkspace(dir.resolve("copy"), dir.resolve("copy")))
                .isEqualTo(dir.resolve("copy"));
    }
}
