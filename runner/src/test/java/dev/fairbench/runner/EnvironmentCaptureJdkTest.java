package dev.fairbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.runner.registry.AppRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The apps' JDK is recorded only when an app starts a java other than the runner's. */
class EnvironmentCaptureJdkTest {
    @TempDir
    Path dir;

    @Test
    void onlyAnAppWithItsOwnJavaGetsAJdkVersion() throws Exception {
        String ownJava = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path registry = Files.writeString(dir.resolve("apps.toml"), """
                [apps.runners]
                language = "Java"
                start = "${JAVA} -cp x Foo"
                routes = ["hello"]

                [apps.own]
                language = "Java"
                start = "%s -cp x Foo"
                routes = ["hello"]

                [apps.native]
                language = "Go"
                start = "peers/go/app"
                routes = ["hello"]
                """.formatted(ownJava));
        Map<String, String> jdks = EnvironmentCapture.appJdks(AppRegistry.load(registry, dir).select(List.of()));
        assertThat(jdks).containsOnlyKeys("java.own");
        assertThat(jdks.get("java.own")).isEqualTo(System.getProperty("java.vm.vendor") + " "
                + System.getProperty("java.vm.version"));
    }
}
