package dev.fairbench.profile;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class JvmToolsTest {
    private Process child;

    @AfterEach
    void killChild() throws InterruptedException {
        if (child != null) {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void recordsGcWithJfrAndWritesAFlameGraph(@TempDir Path dir) throws Exception {
        Path javaHome = Path.of(System.getProperty("java.home"));
        child = new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-Xmx32m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), GarbageMaker.class.getName())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        Thread.sleep(1_500);
        JvmTools tools = new JvmTools(javaHome, dir);

        tools.startJfr(child.pid(), "fb-test");
        tools.startCpuProfile(child.pid());
        Instant from = Instant.now();
        Thread.sleep(2_000);
        Instant to = Instant.now();
        Path flame = tools.stopCpuProfile(child.pid(), dir.resolve("flame.html"));
        Path jfr = tools.stopJfr(child.pid(), "fb-test", dir.resolve("gc.jfr"));

        JfrGc.Stats gc = JfrGc.read(jfr, from, to);
        assertThat(gc.collections()).isGreaterThan(10);
        assertThat(gc.collectionsPerSecond()).isGreaterThan(5);
        assertThat(gc.pauseSharePercent()).isBetween(0.0, 100.0);
        assertThat(Files.readString(flame)).contains("<html").contains("GarbageMaker.burn");
    }
}
