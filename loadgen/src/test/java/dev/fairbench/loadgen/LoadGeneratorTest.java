package dev.fairbench.loadgen;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class LoadGeneratorTest {

    private static URI url(int port, String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    @ParameterizedTest
    @EnumSource(value = BlockingTestServer.Framing.class, names = {"CONTENT_LENGTH", "CHUNKED", "CONNECTION_CLOSE",
            "BODY_UNTIL_CLOSE", "HTTP10"})
    void framesResponsesByLengthChunksOrClose(BlockingTestServer.Framing framing) throws Exception {
        try (BlockingTestServer server = new BlockingTestServer(framing)) {
            LoadResult r = LoadGenerator.run(LoadSpec.closedLoop(url(server.port(), "/hello"), 2, 1,
                    Duration.ofMillis(500)), null);
            assertThat(r.requestsCompleted()).isGreaterThan(20);
            assertThat(r.status2xx()).isEqualTo(r.requestsCompleted());
            assertThat(r.errors()).isZero();
            assertThat(r.latencyMicros().getTotalCount()).isEqualTo(r.requestsCompleted());
            assertThat(r.uncorrectedLatencyMicros()).isNull();
            // every request answered by the server is seen by the client, but for the last ones in flight
            assertThat(server.requests()).isBetween(r.requestsCompleted(), r.requestsCompleted() + 10);
            boolean closes = framing != BlockingTestServer.Framing.CONTENT_LENGTH
                    && framing != BlockingTestServer.Framing.CHUNKED;
            if (closes) {
                // one connection per response (plus the pre-flight check and the two initial connections)
                assertThat(server.connections()).isGreaterThanOrEqualTo(server.requests());
            } else {
                assertThat(server.connections()).isEqualTo(3);
            }
        }
    }

    @Test
    void pipelineWritesWholeBatchesAndWaitsForThem() throws Exception {
        try (HelloServer server = new HelloServer(0, 1)) {
            LoadSpec spec = LoadSpec.closedLoop(url(server.port(), "/"), 4, 1, Duration.ofMillis(700))
                    .withPipeline(16);
            LoadResult r = LoadGenerator.run(spec, null);
            Map<Integer, Long> perRead = server.requestsPerRead();
            long reads = perRead.values().stream().mapToLong(Long::longValue).sum();
            assertThat(r.errors()).isZero();
            assertThat(r.requestsCompleted()).isGreaterThan(1000);
            assertThat(perRead.keySet()).allMatch(n -> n % 16 == 0);
            assertThat(perRead.getOrDefault(16, 0L)).as("reads carrying 16 requests: %s", perRead)
                    .isGreaterThanOrEqualTo(reads * 9 / 10);
            assertThat(server.requests() % 16).isZero();
        }
    }

    @Test
    void fixedRatePipelinesUpToTheDepthPerConnection() throws Exception {
        try (HelloServer server = new HelloServer(0, 1)) {
            LoadSpec spec = LoadSpec.closedLoop(url(server.port(), "/"), 2, 1, Duration.ofSeconds(1))
                    .withRate(1000).withPipeline(4);
            LoadResult r = LoadGenerator.run(spec, null);
            assertThat(r.errors()).isZero();
            // 1000/s for 1 s schedules 1000 requests and never more; a host running late at the end leaves some
            // unsent inside the window, and at most the 2 connections' 4 in flight each unanswered
            assertThat(r.requestsSent()).isBetween(800L, 1000L);
            assertThat(r.requestsCompleted()).isBetween(r.requestsSent() - 8, r.requestsSent());
            assertThat(r.uncorrectedLatencyMicros().getTotalCount()).isEqualTo(r.requestsCompleted());
            // requests are due one by one (every 2 ms per connection), so each write carries those due, usually one;
            // a generator that bunched the pipeline would write whole batches of 4, and every read would carry a
            // multiple of 4. How often the server thread reads two or more writes at once depends on the host: a
            // quiet 2-vCPU VM left 86-96% of requests alone in their read, CI on an EPYC VM whose hypervisor stole
            // cores left 35-60%, so the test asks only that the requests in reads smaller than a batch are not rare
            Map<Integer, Long> perRead = server.requestsPerRead();
            long inSmallerReads = perRead.entrySet().stream().filter(e -> e.getKey() < 4)
                    .mapToLong(e -> e.getKey() * e.getValue()).sum();
            assertThat(inSmallerReads).as("reads by requests carried: %s", perRead)
                    .isGreaterThan(server.requests() / 10);
        }
    }

    @Test
    void rotatesPathsSendsBodiesAndHeaders() throws Exception {
        try (BlockingTestServer server = new BlockingTestServer(BlockingTestServer.Framing.CONTENT_LENGTH)) {
            byte[] body = "0123456789".getBytes(StandardCharsets.US_ASCII);
            LoadSpec spec = LoadSpec.closedLoop(url(server.port(), "/ignored"), 1, 1, Duration.ofMillis(300))
                    .withMethod("post").withBody(body).withHeaders(List.of("X-Test: 1"))
                    .withPaths(List.of("/a", "/b?x=1"));
            LoadResult r = LoadGenerator.run(spec, null);
            assertThat(r.errors()).isZero();
            assertThat(r.requestsCompleted()).isGreaterThan(10);
            assertThat(server.bodyBytes()).isEqualTo(10 * server.requests());
            String requests = new String(RequestEncoder.encode(spec)[0], StandardCharsets.US_ASCII)
                    + new String(RequestEncoder.encode(spec)[1], StandardCharsets.US_ASCII);
            assertThat(requests).isEqualTo("POST /a HTTP/1.1\r\nHost: 127.0.0.1:" + server.port()
                    + "\r\nX-Test: 1\r\nContent-Length: 10\r\n\r\n0123456789POST /b?x=1 HTTP/1.1\r\nHost: 127.0.0.1:"
                    + server.port() + "\r\nX-Test: 1\r\nContent-Length: 10\r\n\r\n0123456789");
        }
    }

    @Test
    void unansweredRequestsTimeOut() throws Exception {
        try (BlockingTestServer server = new BlockingTestServer(BlockingTestServer.Framing.SILENT)) {
            LoadSpec spec = LoadSpec.closedLoop(url(server.port(), "/"), 2, 1, Duration.ofMillis(700))
                    .withTimeout(Duration.ofMillis(150));
            LoadResult r = LoadGenerator.run(spec, null);
            assertThat(r.requestsCompleted()).isZero();
            // each connection times out about every 150 ms, i.e. 4 times in 700 ms, give or take housekeeping
            assertThat(r.timeouts()).isBetween(4L, 12L);
            assertThat(r.errors()).isEqualTo(r.timeouts());
        }
    }

    @Test
    void unreachableTargetFailsBeforeTheRun() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        LoadSpec spec = LoadSpec.closedLoop(url(port, "/"), 1, 1, Duration.ofSeconds(1));
        assertThatThrownBy(() -> LoadGenerator.run(spec, null))
                .isInstanceOfSatisfying(LoadException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(LoadException.UNREACHABLE))
                .hasMessageContaining("cannot connect to 127.0.0.1:" + port);
    }

    @Test
    void writesOneIntervalPerSecondToTheHlogAndReportsProgress(@TempDir Path dir) throws Exception {
        Path hlog = dir.resolve("run.hlog");
        List<Progress> progress = new ArrayList<>();
        try (HelloServer server = new HelloServer(0, 1)) {
            LoadSpec spec = LoadSpec.closedLoop(url(server.port(), "/"), 2, 1, Duration.ofMillis(2300))
                    .withWarmup(Duration.ofMillis(200)).withRate(2000).withHlog(hlog);
            LoadResult r = LoadGenerator.run(spec, progress::add);
            List<Histogram> intervals = new ArrayList<>();
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            Histogram h;
            while ((h = (Histogram) reader.nextIntervalHistogram()) != null) {
                intervals.add(h);
            }
            assertThat(intervals).hasSize(3);
            assertThat(intervals.stream().mapToLong(Histogram::getTotalCount).sum())
                    .isEqualTo(r.requestsCompleted());
            // about 2000 a second; the first interval ends when the worker next looks at the clock after 1 s, and
            // a worker held up by a stolen core looks late or leaves part of the warm-up's requests to it, so the
            // bounds only tell one interval per second from one per run (4600) or none
            assertThat(intervals.get(0).getTotalCount()).isBetween(1000L, 2600L);
            assertThat(intervals.get(1).getEndTimeStamp() - intervals.get(1).getStartTimeStamp())
                    .isBetween(990L, 1010L);
            assertThat(progress).hasSize(3);
            assertThat(progress.get(2).completed()).isEqualTo(r.requestsCompleted());
            assertThat(progress.get(0).requestsPerSecond()).isBetween(1000.0, 2600.0);
            assertThat(progress.get(1).elapsedNanos()).isBetween(Duration.ofMillis(2000).toNanos(),
                    Duration.ofMillis(2300).toNanos());
            assertThat(progress.get(2).elapsedNanos()).isEqualTo(Duration.ofMillis(2300).toNanos());
        }
    }
}
