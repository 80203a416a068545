package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What happens to the embedded servers when the JVM that started them is SIGKILLed (no shutdown hook runs): those a
 * scope started die with it, PostgreSQL's backends included; those of an explicit {@link Services#start()} stay. As
 * root the servers run as the service user, so this also shows that the tie survives the switch of user. Each test
 * runs a {@link ServicesHolder} JVM on ports of its own, whose cluster is deleted afterwards.
 */
@Timeout(180)
class TiedServersTest {
    private final Services services = new Services(ServiceOptions.defaults().withPorts(freePort(), freePort()));
    private Process holder;

    @TempDir
    Path dir;

    @AfterEach
    void stopEverything() {
        if (holder != null) holder.destroyForcibly();
        services.stop(); // detached servers, or tied ones should the tie fail: none may outlive the test
        services.postgres().deleteFiles();
        services.redis().deleteFiles();
    }

    @Test
    void theServersOfAKilledScopeDieWithIt() throws Exception {
        assumeTrue(Tether.available(), "setpriv not on the PATH");
        long[] pids = startHolder("scope");
        long postmaster = pids[0];
        long redis = pids[1];
        // Taken before the kill: once the postmaster is gone, a surviving backend is no longer its child.
        List<Long> postgresChildren = childrenOf(postmaster);
        assertThat(postgresChildren).as("PostgreSQL's own processes").isNotEmpty();

        killHolder();

        assertThat(goneWithin(postmaster, 10_000)).as("postmaster %d gone with its JVM", postmaster).isTrue();
        assertThat(goneWithin(redis, 10_000)).as("redis %d gone with its JVM", redis).isTrue();
        for (long child : postgresChildren) {
            assertThat(goneWithin(child, 10_000)).as("PostgreSQL process %d gone with its postmaster", child).isTrue();
        }
        assertThat(services.postgres().isRunning()).isFalse();
        assertThat(services.redis().isRunning()).isFalse();
    }

    @Test
    void theServersOfAnExplicitStartOutliveItsJvm() throws Exception {
        long[] pids = startHolder("start");

        killHolder();
        Thread.sleep(1_000); // as long as a tied server takes to die, were it tied

        assertThat(Processes.isAlive(pids[0])).as("postmaster %d still runs", pids[0]).isTrue();
        assertThat(Processes.isAlive(pids[1])).as("redis %d still runs", pids[1]).isTrue();
        assertThat(services.postgres().pid()).hasValue(pids[0]);
        assertThat(services.redis().pid()).hasValue(pids[1]);
    }

    /** Starts a {@link ServicesHolder} in {@code mode}; returns the postmaster's and Redis's pids it prints. */
    private long[] startHolder(String mode) throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, ServicesHolder.class.getName(), mode,
                Integer.toString(services.postgres().port()), Integer.toString(services.redis().port()))
                .redirectError(dir.resolve("holder.err").toFile()).start();
        String line = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertThat(line).as("the holder's first line; its stderr: %s", stderr()).startsWith("PIDS ");
        String[] words = line.split(" ");
        long[] pids = {Long.parseLong(words[1]), Long.parseLong(words[2])};
        assertThat(Processes.isAlive(pids[0])).isTrue();
        assertThat(Processes.isAlive(pids[1])).isTrue();
        return pids;
    }

    private void killHolder() throws InterruptedException {
        holder.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertThat(holder.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    /** Live children of {@code pid} (a postmaster's backends and helpers). */
    private static List<Long> childrenOf(long pid) {
        return ProcessHandle.of(pid).map(p -> p.children().map(ProcessHandle::pid).toList()).orElse(List.of());
    }

    private static boolean goneWithin(long pid, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (Processes.isAlive(pid)) {
            if (System.nanoTime() - deadline > 0) return false;
            Thread.sleep(20);
        }
        return true;
    }

    private String stderr() {
        try {
            return Files.readString(dir.resolve("holder.err"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** A port free now, below the ephemeral range, so that a client socket cannot be holding it. */
    private static int freePort() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress("127.0.0.1", port));
                return port;
            } catch (IOException inUse) {
                // try another
            }
        }
        throw new IllegalStateException("no free port in 20000-32000");
    }
}
