package dev.fairbench.loadgen;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LoadMergeProperties {
    private static final LoadSpec SPEC = LoadSpec.closedLoop(URI.create("http://127.0.0.1:8080/"), 2, 2,
            Duration.ofSeconds(3)).withRate(100);

    /**
     * Two hosts' histograms, each written to an interval log in pieces and read back, merge to exactly the
     * histogram of all their values: the same count in every bucket, hence every percentile, min, max and mean.
     */
    @Property(tries = 60, seed = "17")
    void mergingTwoRunsEqualsOneHistogramOfAllValues(
            @ForAll @Size(max = 3000) List<@LongRange(min = 1, max = 3_600_000_000L) Long> first,
            @ForAll @Size(min = 1, max = 3000) List<@LongRange(min = 1, max = 50_000) Long> second,
            @ForAll @IntRange(min = 1, max = 5) int intervals) throws IOException {
        Path dir = Files.createTempDirectory("merge");
        try {
            Path firstLog = writeLog(dir.resolve("a.hlog"), first, intervals, 1_700_000_000_000L);
            Path secondLog = writeLog(dir.resolve("b.hlog"), second, intervals, 1_700_000_000_003L);
            Histogram all = LatencyCollector.newHistogram();
            first.forEach(all::recordValue);
            second.forEach(all::recordValue);

            MergedLoad merged = LoadMerge.merge(SPEC, List.of(
                    host("a", LoadMerge.readTotal(firstLog), 0), host("b", LoadMerge.readTotal(secondLog), 3)));
            Histogram total = merged.total().latencyMicros();
            assertThat(total).isEqualTo(all);
            assertThat(total.getTotalCount()).isEqualTo(first.size() + second.size());
            for (double p = 0; p <= 100; p += 0.5) {
                assertThat(total.getValueAtPercentile(p)).as("p%s", p).isEqualTo(all.getValueAtPercentile(p));
            }
            assertThat(total.getValueAtPercentile(99.99)).isEqualTo(all.getValueAtPercentile(99.99));
            assertThat(total.getMaxValue()).isEqualTo(all.getMaxValue());
            assertThat(total.getMean()).isEqualTo(all.getMean());

            Path mergedLog = dir.resolve("merged.hlog");
            LoadMerge.mergeLogs(List.of(firstLog, secondLog), mergedLog, 1_700_000_000_000L);
            assertThat(LoadMerge.readTotal(mergedLog)).isEqualTo(all);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }

    @Property(tries = 100, seed = "17")
    void countsAndErrorsAreSummedAndTheWindowIsTheUnion(@ForAll @LongRange(min = 0, max = 1_000_000) long sentA,
                                                        @ForAll @LongRange(min = 0, max = 1_000_000) long sentB,
                                                        @ForAll @LongRange(min = -500, max = 500) long skewMillis) {
        Histogram h = LatencyCollector.newHistogram();
        LoadResult a = result(sentA, h, 7);
        LoadResult b = result(sentB, h, 11);
        long start = 1_700_000_000_000_000_000L;
        MergedLoad merged = LoadMerge.merge(SPEC, List.of(new HostLoad("a", a, start),
                new HostLoad("b", b, start + skewMillis * 1_000_000)));
        LoadResult t = merged.total();
        assertThat(t.requestsSent()).isEqualTo(sentA + sentB);
        assertThat(t.requestsCompleted()).isEqualTo(sentA / 2 + sentB / 2);
        assertThat(t.timeouts()).isEqualTo(18);
        assertThat(t.errors()).isEqualTo(a.errors() + b.errors());
        assertThat(t.non2xx()).isEqualTo(a.non2xx() + b.non2xx());
        assertThat(t.bytesRead()).isEqualTo(a.bytesRead() + b.bytesRead());
        assertThat(t.durationSeconds()).isCloseTo(3 + Math.abs(skewMillis) / 1000.0,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(merged.windowStartEpochNanos()).isEqualTo(Math.min(start, start + skewMillis * 1_000_000));
        assertThat(t.spec()).isEqualTo(SPEC);
        assertThat(merged.hosts()).extracting(HostLoad::host).containsExactly("a", "b");
    }

    private static LoadResult result(long sent, Histogram h, long errors) {
        return new LoadResult(SPEC, sent, sent / 2, 3, sent / 6.0, sent * 100, sent * 50, sent / 2 - sent / 8,
                sent / 8, 0, 0, errors, errors, errors, errors, h, h);
    }

    private static HostLoad host(String name, Histogram latency, long offsetMillis) {
        LoadResult r = new LoadResult(SPEC, latency.getTotalCount(), latency.getTotalCount(), 3,
                latency.getTotalCount() / 3.0, 0, 0, latency.getTotalCount(), 0, 0, 0, 0, 0, 0, 0, latency,
                latency);
        return new HostLoad(name, r, 1_700_000_000_000_000_000L + offsetMillis * 1_000_000);
    }

    /** {@code values} spread over {@code intervals} one-second intervals of a log starting at {@code startMillis}. */
    private static Path writeLog(Path file, List<Long> values, int intervals, long startMillis) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputLegend();
            for (int i = 0; i < intervals; i++) {
                Histogram interval = LatencyCollector.newHistogram();
                for (int v = i; v < values.size(); v += intervals) {
                    interval.recordValue(values.get(v));
                }
                writer.outputIntervalHistogram(startMillis / 1000.0 + i, startMillis / 1000.0 + i + 1, interval,
                        1000.0);
            }
        }
        return file;
    }
}
