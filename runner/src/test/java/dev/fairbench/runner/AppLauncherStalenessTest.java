package dev.fairbench.runner;

import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** A peer whose sources changed after its last build is rebuilt, not measured stale. */
class AppLauncherStalenessTest {

    @Test
    void aSourceNewerThanTheArtifactMakesTheAppStale(@TempDir Path repo) throws Exception {
        Path peer = Files.createDirectories(repo.resolve("peers/p"));
        Path source = Files.writeString(peer.resolve("main.go"), "package main");
        Path artifact = Files.writeString(peer.resolve("p-bin"), "binary");
        Path targetFile = Files.writeString(Files.createDirectories(peer.resolve("target")).resolve("x.o"), "obj");
        Files.writeString(repo.resolve("apps.toml"), """
                [apps.p]
                build = "true"
                build_dir = "peers/p"
                artifact = "peers/p/p-bin"
                start = "peers/p/p-bin"
                """);
        AppEntry entry = AppRegistry.load(repo.resolve("apps.toml"), repo).entries().get("p");
        Instant now = Instant.now();
        Files.setLastModifiedTime(source, FileTime.from(now.minusSeconds(60)));
        Files.setLastModifiedTime(artifact, FileTime.from(now.minusSeconds(30)));
        Files.setLastModifiedTime(targetFile, FileTime.from(now));   // build output does not count
        assertThat(AppLauncher.isStale(entry)).isFalse();
        assertThat(AppLauncher.state(entry)).isEqualTo("built");

        Files.setLastModifiedTime(source, FileTime.from(now));
        assertThat(AppLauncher.isStale(entry)).isTrue();
        assertThat(AppLauncher.state(entry)).isEqualTo("built, sources changed since");
    }
}
