package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.services.Processes;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The CLI as a separate JVM on ports 22433/22380: {@code services start} leaves daemons that outlive it, and Ctrl-C
 * (SIGINT) during a command that started services leaves no PostgreSQL or Redis process behind.
 * Test ports stay below the kernel's ephemeral range (32768+), where a client socket could hold them briefly.
 */
@Timeout(120)
class CliProcessTest {
    static final String[] PORTS = {"--pg-port", "22433", "--redis-port", "22380"};
    static final Services SERVICES = new Services(ServiceOptions.defaults().withPorts(22433, 22380));
    private static final Pattern HOLDING = Pattern.compile("holding for \\d+ s: postgresql pid (\\d+), redis pid (\\d+)");

    @AfterAll
    static void stopServices() {
        SERVICES.stop();
    }

    @Test
    void servicesStartOutlivesTheCommandAndStopEndsThem() throws Exception {
        Process start = cli("services", "start");
        assertThat(start.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(start.exitValue()).as(new String(start.getErrorStream().readAllBytes())).isZero();
        long postgresPid = SERVICES.postgres().pid().orElseThrow();
        long redisPid = SERVICES.redis().pid().orElseThrow();
        assertThat(Processes.isAlive(postgresPid)).isTrue();
        assertThat(Processes.isAlive(redisPid)).isTrue();

        Process stop = cli("services", "stop");
        assertThat(stop.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(stop.exitValue()).isZero();
        assertThat(Processes.isAlive(postgresPid)).isFalse();
        assertThat(Processes.isAlive(redisPid)).isFalse();
    }

    @Test
    void sigintDuringACommandThatStartedServicesLeavesNoProcess() throws Exception {
        SERVICES.stop();
        Process seed = cli("seed", "--hold-seconds", "60");
        long postgresPid;
        long redisPid;
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(seed.getInputStream(), StandardCharsets.UTF_8))) {
            Matcher holding = null;
            for (String line; (line = out.readLine()) != null; ) {
                Matcher m = HOLDING.matcher(line);
                if (m.find()) {
                    holding = m;
                    break;
                }
            }
            if (holding == null) {
                org.assertj.core.api.Assertions.fail("the seed command never reached its hold: " + stderrOf(seed));
            }
            postgresPid = Long.parseLong(holding.group(1));
            redisPid = Long.parseLong(holding.group(2));
            assertThat(Processes.isAlive(postgresPid)).isTrue();
            assertThat(Processes.isAlive(redisPid)).isTrue();

            RunnerCommandsTest.sigint(seed);
            assertThat(seed.waitFor(60, TimeUnit.SECONDS)).as("the CLI exits on SIGINT").isTrue();
        } finally {
            seed.destroyForcibly();
        }
        assertThat(seed.exitValue()).isEqualTo(130);
        assertThat(Processes.isAlive(postgresPid)).as("postmaster %d gone", postgresPid).isFalse();
        assertThat(Processes.isAlive(redisPid)).as("redis %d gone", redisPid).isFalse();
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.parent().map(pp -> pp.pid() == postgresPid).orElse(false))
                .filter(p -> Processes.isAlive(p.pid()))).isEmpty();
    }

    private static Process cli(String... args) throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, Main.class.getName()));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of(PORTS));
        return new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
    }

    /** Stderr of a command whose stdout has ended. */
    private static String stderrOf(Process p) {
        try {
            p.waitFor(10, TimeUnit.SECONDS);
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | InterruptedException e) {
            return e.toString();
        }
    }
}
