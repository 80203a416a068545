package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.runner.MachineLock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every measuring command takes the machine-wide lock: held by this test (on the test lock file the CLI module's
 * surefire configuration names, never the machine's), {@code --no-wait} makes each of them exit 1 with the line
 * naming the holder; {@code load --no-lock} does not take it; without {@code --no-wait} a command waits, says so
 * once, and goes on when the lock is released.
 */
@Timeout(60)
class MachineLockCommandsTest {
    static final String HOLDER = "held by pid " + ProcessHandle.current().pid() + " (fairbench run --elsewhere) since ";

    @Test
    void theSystemPropertyKeepsTheTestsOffTheMachinesLock() {
        assertThat(System.getProperty(MachineLock.PATH_PROPERTY)).as("set by cli/pom.xml").endsWith(".lock");
        assertThat(MachineLock.defaultPath().toString()).doesNotStartWith("/run/lock").doesNotStartWith("/var/lock");
    }

    @Test
    void underNoWaitEveryMeasuringCommandExits1NamingTheHolder() throws Exception {
        int port = closedPort();
        try (MachineLock held = MachineLock.acquire(MachineLock.defaultPath(), "fairbench run --elsewhere", false,
                line -> { })) {
            for (String[] args : new String[][] {
                    {"run", "--no-wait", "--routes", "hello"},
                    {"profile", "--no-wait", "--routes", "hello"},
                    {"capacity", "--no-wait", "vertx/phash"},
                    {"friction", "--no-wait", "--apps", "vertx"},
                    {"load", "--no-wait", "http://127.0.0.1:" + port + "/", "-d", "200ms"}}) {
                CliTest.Result r = CliTest.run(args);
                assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(Fairbench.FAILURE);
                assertThat(r.errLines()).as(args[0]).hasSize(1);
                assertThat(r.err()).as(args[0]).startsWith("fairbench " + args[0] + ": error: the benchmark lock ")
                        .contains(HOLDER).contains("--no-wait");
            }
            CliTest.Result free = CliTest.run("load", "--no-lock", "http://127.0.0.1:" + port + "/", "-d", "200ms");
            assertThat(free.exitCode()).as("not the lock: the closed port").isEqualTo(LoadException.UNREACHABLE);
            assertThat(free.err()).doesNotContain("lock");
        }
    }

    @Test
    void aWaitingCommandSaysSoOnceAndRunsWhenTheLockIsFree() throws Exception {
        int port = closedPort();
        MachineLock held = MachineLock.acquire(MachineLock.defaultPath(), "fairbench run --elsewhere", false,
                line -> { });
        CompletableFuture<CliTest.Result> load = CompletableFuture.supplyAsync(() ->
                CliTest.run("load", "http://127.0.0.1:" + port + "/", "-d", "200ms"));
        try {
            Thread.sleep(1000);
            assertThat(load).isNotDone();
        } finally {
            held.close();
        }
        CliTest.Result r = load.get(30, TimeUnit.SECONDS);
        assertThat(r.exitCode()).isEqualTo(LoadException.UNREACHABLE);
        assertThat(r.errLines()).hasSize(2);
        assertThat(r.errLines().getFirst()).startsWith("waiting for the benchmark lock " + HOLDER);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return closed.getLocalPort();
        }
    }
}
