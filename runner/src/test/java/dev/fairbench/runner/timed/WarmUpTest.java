package dev.fairbench.runner.timed;

import com.sun.net.httpserver.HttpServer;
import dev.fairbench.loadgen.LoadSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The warm-up grows while a JIT compiles and stops at the first quiet step or at its cap. Real load on a loopback
 * server on port 0; the JIT readings are scripted, so the test knows when "compilation" ends.
 */
class WarmUpTest {
    private static HttpServer server;
    private static LoadSpec spec;

    @BeforeAll
    static void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] hello = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, hello.length);
            exchange.getResponseBody().write(hello);
            exchange.close();
        });
        server.start();
        URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        spec = LoadSpec.closedLoop(target, 2, 1, Duration.ofSeconds(1));
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
    }

    /** Cumulative JIT CPU in µs: each busy step adds 0.5 s of compilation, each quiet one nothing. */
    private static LongSupplier jit(boolean... busySteps) {
        long[] readings = new long[busySteps.length * 2];
        long total = 0;
        for (int i = 0; i < busySteps.length; i++) {
            readings[2 * i] = total;
            if (busySteps[i]) total += 500_000;
            readings[2 * i + 1] = total;
        }
        int[] next = {0};
        return () -> readings[Math.min(next[0]++, readings.length - 1)];
    }

    private static List<Duration> parts(WarmUp w, LongSupplier jit) throws Exception {
        List<Duration> parts = new ArrayList<>();
        Duration took = w.run(spec, jit, length -> {
            parts.add(length);
            return p -> { };
        });
        assertThat(parts.stream().reduce(Duration.ZERO, Duration::plus)).as("load run = time returned").isEqualTo(took);
        return parts;
    }

    private static final Duration S = Duration.ofSeconds(1);

    @Test
    void quietJitsGetExactlyTheFixedWarmUpItsLastTwoSecondsWatched() throws Exception {
        assertThat(parts(new WarmUp(Duration.ofSeconds(3), Duration.ofSeconds(30)), jit(false, false)))
                .containsExactly(S, S, S);
        assertThat(parts(new WarmUp(Duration.ofSeconds(2), Duration.ofSeconds(30)), jit(false, false)))
                .containsExactly(S, S);
    }

    @Test
    void aBusyJitExtendsItUntilTwoQuietStepsInARow() throws Exception {
        // busy, quiet (a pause between bursts), busy, quiet, quiet: 5 watched steps, 3 of them beyond the fixed 2 s
        assertThat(parts(new WarmUp(Duration.ofSeconds(2), Duration.ofSeconds(30)), jit(true, false, true, false, false)))
                .containsExactly(S, S, S, S, S);
    }

    @Test
    void theExtensionStopsAtItsCap() throws Exception {
        List<Duration> parts = parts(new WarmUp(Duration.ofSeconds(2), Duration.ofSeconds(2)),
                jit(true, true, true, true, true, true));
        assertThat(parts.stream().reduce(Duration.ZERO, Duration::plus)).isEqualTo(Duration.ofSeconds(4));
    }

    @Test
    void compilationAtTheQuietThresholdIsQuiet() throws Exception {
        long quiet = (long) (WarmUp.QUIET_CORES * 1_000_000);
        long[] readings = {0, quiet, quiet, 2 * quiet};
        int[] next = {0};
        assertThat(parts(new WarmUp(Duration.ofSeconds(2), Duration.ofSeconds(30)), () -> readings[next[0]++]))
                .containsExactly(S, S);
    }

    @Test
    void withoutASettleTimeOrTwoWholeStepsNothingIsWatched() throws Exception {
        LongSupplier mustNotBeRead = () -> {
            throw new AssertionError("JIT read");
        };
        assertThat(parts(new WarmUp(Duration.ofSeconds(2), Duration.ZERO), mustNotBeRead))
                .containsExactly(Duration.ofSeconds(2));
        assertThat(parts(new WarmUp(Duration.ofMillis(1500), Duration.ofSeconds(30)), mustNotBeRead))
                .containsExactly(Duration.ofMillis(1500));
        assertThat(new WarmUp(Duration.ZERO, Duration.ofSeconds(30)).run(spec, mustNotBeRead, l -> p -> { }))
                .isEqualTo(Duration.ZERO);
    }

    @Test
    void negativeDurationsAreRefused() {
        assertThatThrownBy(() -> new WarmUp(Duration.ofSeconds(-1), Duration.ZERO)).hasMessageContaining("--warmup");
        assertThatThrownBy(() -> new WarmUp(Duration.ZERO, Duration.ofSeconds(-1))).hasMessageContaining("--jit-settle");
    }
}
