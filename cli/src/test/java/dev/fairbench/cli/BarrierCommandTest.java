package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code fairbench load --barrier} as a process of its own: ready, then nothing sent when stdin ends first. */
@Timeout(60)
class BarrierCommandTest {

    @Test
    void endOfInputBeforeGoAbortsWithExit1AfterReady(@TempDir Path dir) throws Exception {
        try (OneAtATimeServer server = new OneAtATimeServer(InetAddress.getLoopbackAddress())) {
            String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", classPath, Main.class.getName(), "load", server.url(), "-c", "2", "-t", "1",
                    "-d", "1s", "-R", "100", "--barrier", "--no-lock", "-o", dir.resolve("result.json").toString(),
                    "--hlog", dir.resolve("c.hlog").toString(),
                    "--hlog-uncorrected", dir.resolve("u.hlog").toString()));
            Process load = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            String out = new String(load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(load.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(load.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(load.exitValue()).as(err).isEqualTo(1);
            assertThat(out).isEqualTo("ready\n");
            assertThat(err.strip()).isEqualTo("fairbench load: error: standard input ended before 'go <epoch-nanos>': "
                    + "no start, nothing sent");
            assertThat(server.takeServed()).isZero();
            assertThat(Files.exists(dir.resolve("result.json"))).isFalse();
        }
    }

    @Test
    void barrierNeedsItsOutputFiles() {
        LoadCommandTest.Result r = LoadCommandTest.run("load", "http://127.0.0.1:9/", "-R", "100", "--barrier",
                "-o", "result.json");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().lines().findFirst().orElse(""))
                .contains("--barrier writes its result to files: give -o, --hlog and --hlog-uncorrected");
    }
}
