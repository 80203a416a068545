package dev.fairbench.capacity;

import com.sun.net.httpserver.HttpServer;
import dev.fairbench.loadgen.LoadSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity pass against a server whose latency rises at a known rate: one worker thread that spends a fixed
 * {@value #SERVICE_MILLIS} ms per request, so it serves at most {@code 1000 / SERVICE_MILLIS} requests per second;
 * below that rate a request waits about one service time, above it the queue (and the corrected latency) grows
 * by {@code (rate - capacity) * SERVICE_MILLIS} ms every second.
 */
@Timeout(240)
class CapacityProbeTest {
    private static final int SERVICE_MILLIS = 10;
    private static final double CAPACITY = 1000.0 / SERVICE_MILLIS;
    private static final double SLO_MILLIS = 1_000;

    private HttpServer server;
    private ExecutorService worker;

    @BeforeEach
    void startServer() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        worker = Executors.newSingleThreadExecutor();
        server.setExecutor(worker);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            long until = System.nanoTime() + SERVICE_MILLIS * 1_000_000L;
            // Parked, then spun to the deadline: a fixed service time even when the machine is busy.
            LockSupport.parkNanos(SERVICE_MILLIS * 1_000_000L - 1_000_000L);
            while (System.nanoTime() < until) Thread.onSpinWait();
            byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
        worker.shutdownNow();
    }

    @Test
    void findsTheRateWhereTheQueueStartsToGrowAndOverloadsAbove() throws Exception {
        LoadSpec base = LoadSpec.closedLoop(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/work"),
                16, 1, Duration.ofSeconds(2));
        // The machine these tests share is loaded: a request can wait 400 ms for a CPU even at 25 requests per
        // second, so the SLO is far above that: 1 s. Past capacity the backlog of the step's warm-up and of the step
        // itself (4 s) adds (rate / capacity - 1) * 4 000 ms, so p99 crosses the SLO near 1.25 x capacity. The 2 s
        // warm-up makes server and load generator JIT-warm.
        CapacityProbe.Settings settings = new CapacityProbe.Settings(SLO_MILLIS, Duration.ofMillis(3_500),
                Duration.ofSeconds(2), Duration.ofMillis(500), 0.05, 10, CAPACITY / 4);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CapacityProbe.Outcome outcome = new CapacityProbe(settings, new PrintStream(log, true, StandardCharsets.UTF_8))
                .measure("hello", base, OptionalLong.of(ProcessHandle.current().pid()));
        System.out.print(log.toString(StandardCharsets.UTF_8));

        assertThat(outcome.best()).as(log.toString(StandardCharsets.UTF_8)).isNotNull();
        assertThat(outcome.best().targetRatePerSecond()).isBetween(0.7 * CAPACITY, 1.35 * CAPACITY);
        assertThat(outcome.best().latency().p99Ms()).isLessThan(SLO_MILLIS);
        assertThat(outcome.best().requestsPerCpuSecond()).isPositive();
        assertThat(outcome.best().appRssPeakBytes()).isPositive();

        CapacityProbe.Overload overload = outcome.overload();
        assertThat(overload.offeredRate()).isEqualTo(1.2 * outcome.best().targetRatePerSecond());
        assertThat(overload.step().withinSlo()).isFalse();
        // Past saturation the server completes what one worker can, no more.
        assertThat(overload.completedPerSecond()).isBetween(0.6 * CAPACITY, 1.05 * CAPACITY);
        assertThat(outcome.result().steps().getLast()).isEqualTo(overload.step());
        assertThat(outcome.result().maxUnderSlo()).contains(outcome.best());
    }
}
