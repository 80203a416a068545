package dev.fairbench.loadgen;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Real loads split in parts, started at one instant through a barrier, against a loopback server, then merged. */
@Timeout(60)
class SharedLoadTest {

    private static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    @Test
    void twoPartsStartedTogetherMergeToTheSumOfTheirRequests(@TempDir Path dir) throws Exception {
        try (HelloServer server = new HelloServer(0, 1);
             ExecutorService pool = Executors.newFixedThreadPool(2)) {
            LoadSpec whole = LoadSpec.closedLoop(URI.create("http://127.0.0.1:" + server.port() + "/"), 4, 2,
                    Duration.ofSeconds(2)).withRate(2000).withWarmup(Duration.ofMillis(200));
            List<LoadShare> shares = LoadSplit.split(whole, 2);
            // lead time for both parts to connect before their warm-up, with room for a host whose core is stolen
            long measureStart = epochNanos() + Duration.ofSeconds(2).toNanos();
            List<Future<LoadResult>> runs = new ArrayList<>();
            for (int h = 0; h < shares.size(); h++) {
                LoadShare s = shares.get(h);
                LoadSpec spec = s.spec().withHlog(dir.resolve(h + ".hlog"))
                        .withUncorrectedHlog(dir.resolve(h + "-uncorrected.hlog"));
                LoadShare share = new LoadShare(spec, s.firstConnection(), s.totalConnections(),
                        s.totalRatePerSecond());
                runs.add(pool.submit(() -> LoadGenerator.run(share, () -> measureStart, null)));
            }
            List<HostLoad> hosts = new ArrayList<>();
            long sum = 0;
            for (int h = 0; h < runs.size(); h++) {
                LoadResult direct = runs.get(h).get();
                Path json = Files.writeString(dir.resolve(h + ".json"), LoadReportWriter.json(direct));
                LoadResult read = LoadResultFiles.read(direct.spec(), json, dir.resolve(h + ".hlog"),
                        dir.resolve(h + "-uncorrected.hlog"));
                assertThat(read.requestsCompleted()).isEqualTo(direct.requestsCompleted());
                assertThat(read.requestsSent()).isEqualTo(direct.requestsSent());
                assertThat(read.latencyMicros()).isEqualTo(direct.latencyMicros());
                assertThat(read.uncorrectedLatencyMicros()).isEqualTo(direct.uncorrectedLatencyMicros());
                hosts.add(new HostLoad("host" + h, read, measureStart));
                sum += direct.requestsCompleted();
            }
            MergedLoad merged = LoadMerge.merge(whole, hosts);
            LoadResult total = merged.total();
            // 2000/s for 2 s schedules 4000; a late host sends fewer inside the window or carries warm-up into it,
            // and the bounds still tell the summed rate from one part's (2000) or both at the whole rate (8000)
            assertThat(total.requestsCompleted()).isEqualTo(sum).isBetween(3400L, 4400L);
            assertThat(total.errors()).isZero();
            assertThat(total.durationSeconds()).isEqualTo(2.0);
            assertThat(total.latencyMicros().getTotalCount()).isEqualTo(sum);
            assertThat(total.uncorrectedLatencyMicros().getTotalCount()).isEqualTo(sum);
            // the parts' schedules interleave into the whole one: each part sent its share of the 2000/s
            for (HostLoad host : hosts) {
                assertThat(host.result().requestsSent()).isBetween(1700L, 2300L);
            }

            Path mergedLog = dir.resolve("merged.hlog");
            LoadMerge.mergeLogs(List.of(dir.resolve("0.hlog"), dir.resolve("1.hlog")), mergedLog,
                    measureStart / 1_000_000);
            Histogram fromLog = LoadMerge.readTotal(mergedLog);
            assertThat(fromLog).isEqualTo(total.latencyMicros());

            String json = LoadReportWriter.render(merged, LoadReportWriter.Format.JSON, false);
            try (InputStream in = LoadReportWriter.class.getResourceAsStream(LoadReportWriter.SCHEMA_RESOURCE)) {
                var schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                        .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8), InputFormat.JSON);
                assertThat(schema.validate(json, InputFormat.JSON)).isEmpty();
            }
            String text = LoadReportWriter.render(merged, LoadReportWriter.Format.TEXT, false);
            assertThat(text).contains("2 load hosts").contains("host0").contains("host1")
                    .doesNotContain("could not keep up");
            String[] csv = LoadReportWriter.render(merged, LoadReportWriter.Format.CSV, false).split("\n");
            assertThat(csv).hasSize(4);
            assertThat(csv[1]).startsWith("all,fixed-rate,");
            assertThat(csv[3]).startsWith("host1,fixed-rate,");
        }
    }

    @Test
    void aStartInstantAlreadyPastAbortsWithNothingSent() throws Exception {
        try (HelloServer server = new HelloServer(0, 1)) {
            LoadSpec spec = LoadSpec.closedLoop(URI.create("http://127.0.0.1:" + server.port() + "/"), 2, 1,
                    Duration.ofSeconds(1)).withRate(100);
            long past = epochNanos() - Duration.ofSeconds(1).toNanos();
            assertThatThrownBy(() -> LoadGenerator.run(LoadShare.whole(spec), () -> past, null))
                    .isInstanceOf(LoadException.class).hasMessageContaining("ms ago when it arrived")
                    .extracting(e -> ((LoadException) e).exitCode()).isEqualTo(LoadException.INTERNAL);
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void lineBarrierSaysReadyThenReadsTheStartInstant() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LineBarrier barrier = new LineBarrier(new BufferedReader(new StringReader("go 1764620000123456789\n")),
                new PrintWriter(out, true, StandardCharsets.US_ASCII));
        assertThat(barrier.awaitMeasureStart()).isEqualTo(1_764_620_000_123_456_789L);
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("ready\n");
        assertThat(LineBarrier.goLine(42)).isEqualTo("go 42");
    }

    @Test
    void lineBarrierAbortsWithExitOneOnEndOfInputOrAnotherLine() {
        PrintWriter out = new PrintWriter(new ByteArrayOutputStream(), true, StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> new LineBarrier(new BufferedReader(new StringReader("")), out).awaitMeasureStart())
                .hasMessageContaining("standard input ended before 'go <epoch-nanos>'")
                .extracting(e -> ((LoadException) e).exitCode()).isEqualTo(LoadException.INTERNAL);
        assertThatThrownBy(() -> new LineBarrier(new BufferedReader(new StringReader("start now\n")), out)
                .awaitMeasureStart())
                .hasMessageContaining("got 'start now'")
                .extracting(e -> ((LoadException) e).exitCode()).isEqualTo(LoadException.INTERNAL);
    }
}
