package dev.fairbench.runner;

import dev.fairbench.runner.registry.AppRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A variant that changes only its environment shares its base's build: the two are built once, whichever comes first. */
class AppLauncherVariantBuildTest {

    @Test
    void aBaseAndItsEnvVariantAreBuiltOnce(@TempDir Path repo) throws Exception {
        Files.createDirectories(repo.resolve("peers/p"));
        // The build counts its runs in a file outside its folder (a file inside would make the artifact stale).
        Files.writeString(repo.resolve("apps.toml"), """
                [apps.p]
                build = "sh -c 'echo built >> ${REPO}/builds.txt && echo binary > p-bin'"
                build_dir = "peers/p"
                artifact = "peers/p/p-bin"
                start = "peers/p/p-bin"

                [apps.p-gogc400]
                variant_of = "p"
                variant = "GOGC=400"
                env = { GOGC = "400" }
                """);
        AppRegistry registry = AppRegistry.load(repo.resolve("apps.toml"), repo);
        AppLauncher launcher = new AppLauncher(repo, repo.resolve("logs"), 1);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

        assertThat(launcher.prepare(registry.entries().get("p-gogc400"), true, out).ready()).isTrue();
        assertThat(launcher.prepare(registry.entries().get("p"), true, out).ready()).isTrue();
        assertThat(launcher.prepare(registry.entries().get("p-gogc400"), true, out).ready()).isTrue();

        assertThat(Files.readAllLines(repo.resolve("builds.txt"))).containsExactly("built");
        assertThat(console.toString(StandardCharsets.UTF_8).split("building: ", -1)).hasSize(2);
    }
}
