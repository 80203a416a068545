package dev.fairbench.runner;

import dev.fairbench.results.Build;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A build the launcher makes leaves a stamp that results.json's {@link Build} reads back while the artifact's bytes
 * match it, and only then; the stamp never makes the artifact stale.
 */
class BuildStampTest {

    private static AppEntry entry(Path repo) throws Exception {
        Files.createDirectories(repo.resolve("peers/p"));
        Files.writeString(repo.resolve("apps.toml"), """
                [apps.p]
                build = "sh -c 'printf binary > p-bin'"
                build_dir = "peers/p"
                artifact = "peers/p/p-bin"
                start = "peers/p/p-bin"
                """);
        return AppRegistry.load(repo.resolve("apps.toml"), repo).entries().get("p");
    }

    @Test
    void theLaunchersBuildIsRecordedUntilTheArtifactChanges(@TempDir Path repo) throws Exception {
        AppEntry p = entry(repo);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(new AppLauncher(repo, repo.resolve("logs"), 1).prepare(p, true, out).ready()).isTrue();

        Build built = BuildStamp.read(repo, p.artifact());
        assertThat(built.artifact()).isEqualTo("peers/p/p-bin");
        // printf binary | sha256sum
        assertThat(built.sha256()).isEqualTo("9a3a45d01531a20e89ac6ae10b0b0beb0492acd7216a368aa062d1a5fecaf9cd");
        assertThat(built.bytes()).isEqualTo(6);
        assertThat(built.builtByRunner()).isTrue();
        assertThat(built.command()).isEqualTo("sh -c 'printf binary > p-bin'");
        assertThat(built.environment().keySet()).allMatch(k -> BuildStamp.BUILD_ENVIRONMENT.matcher(k).matches());
        assertThat(Files.exists(repo.resolve(".fairbench/builds/peers/p/p-bin.json"))).isTrue();
        assertThat(AppLauncher.isStale(p)).as("the stamp lies outside the build folder").isFalse();

        Files.writeString(p.artifact(), "rebuilt by hand");
        Build byHand = BuildStamp.read(repo, p.artifact());
        assertThat(byHand.builtByRunner()).isFalse();
        assertThat(byHand.command()).isNull();
        assertThat(byHand.environment()).isEmpty();
        assertThat(byHand.sameAs(built)).isFalse();
    }

    @Test
    void theStampKeepsOnlyTheVariablesThatChangeABuild(@TempDir Path repo) throws Exception {
        Path artifact = repo.resolve("peers/target/release/x");
        Files.createDirectories(artifact.getParent());
        Files.writeString(artifact, "x");
        BuildStamp.write(repo, artifact, "cargo build --release", Map.of("CARGO_PROFILE_RELEASE_LTO", "off",
                "CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16", "RUSTFLAGS", "-C target-cpu=native", "GOAMD64", "v3",
                "PATH", "/usr/bin", "HOME", "/root", "CARGO_BUILD_BUILD_DIR", "/cache", "JAVA_HOME", "/jdk"));
        assertThat(BuildStamp.read(repo, artifact).environment()).containsExactly(
                Map.entry("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16"), Map.entry("CARGO_PROFILE_RELEASE_LTO", "off"),
                Map.entry("GOAMD64", "v3"), Map.entry("RUSTFLAGS", "-C target-cpu=native"));
    }

    @Test
    void anArtifactOutsideTheRepositoryIsStampedInsideIt(@TempDir Path repo, @TempDir Path elsewhere) throws Exception {
        Path artifact = elsewhere.resolve("bin");
        Files.writeString(artifact, "b");
        BuildStamp.write(repo, artifact, "make", Map.of());
        Path stamp = BuildStamp.stampOf(repo, artifact);
        assertThat(stamp).startsWith(repo.resolve(".fairbench/builds/outside-the-repository")).isRegularFile();
        Build read = BuildStamp.read(repo, artifact);
        assertThat(read.builtByRunner()).isTrue();
        assertThat(read.artifact()).isEqualTo(artifact.toAbsolutePath().normalize().toString());
    }

    @Test
    void noArtifactNoRecordAndADamagedStampCountsAsNone(@TempDir Path repo) throws Exception {
        assertThat(BuildStamp.read(repo, null)).isNull();
        Path artifact = repo.resolve("app.jar");
        assertThat(BuildStamp.read(repo, artifact)).isNull();
        Files.writeString(artifact, "jar");
        Files.createDirectories(repo.resolve(".fairbench/builds"));
        Files.writeString(repo.resolve(".fairbench/builds/app.jar.json"), "{not json");
        Build read = BuildStamp.read(repo, artifact);
        assertThat(read.builtByRunner()).isFalse();
        assertThat(read.artifact()).isEqualTo("app.jar");
    }
}
