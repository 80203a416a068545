package dev.fairbench.report;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HlogsTest {
    @TempDir
    Path dir;

    @Test
    void addsAllIntervalsAndConvertsToMilliseconds() throws Exception {
        Path file = dir.resolve("run-1.hlog");
        HistogramLogWriter writer = new HistogramLogWriter(file.toFile());
        writer.outputLogFormatVersion();
        writer.outputStartTime(0);
        writer.outputLegend();
        for (int second = 0; second < 3; second++) {
            Histogram interval = new Histogram(1, 3_600_000_000L, 3);
            interval.setStartTimeStamp(second * 1000L);
            interval.setEndTimeStamp(second * 1000L + 1000);
            for (int i = 1; i <= 1000; i++) {
                interval.recordValue(i * 10L + second * 10_000L);
            }
            writer.outputIntervalHistogram(interval);
        }
        writer.close();

        Histogram all = Hlogs.read(file);
        assertThat(all.getTotalCount()).isEqualTo(3000);
        assertThat(Hlogs.percentileMs(all, 50)).isCloseTo(15.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(Hlogs.latency(all).maxMs()).isCloseTo(30.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(Hlogs.latency(all).p95Ms()).isCloseTo(Hlogs.percentileMs(all, 95), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Hlogs.latency(all).p95Ms()).isBetween(Hlogs.latency(all).p90Ms(), Hlogs.latency(all).p99Ms());
        // one interval a second, each with its own count, for the throughput plot
        assertThat(Hlogs.intervals(file)).containsExactly(new Hlogs.Interval(0, 1, 1000), new Hlogs.Interval(1, 1, 1000),
                new Hlogs.Interval(2, 1, 1000));
    }

    @Test
    void missingOrBrokenLogIsAnIoError() throws Exception {
        assertThatThrownBy(() -> Hlogs.read(dir.resolve("none.hlog"))).isInstanceOf(IOException.class);
        Path garbage = Files.writeString(dir.resolve("bad.hlog"), "0.1,1.0,2.0,notbase64!!!\n");
        assertThatThrownBy(() -> Hlogs.read(garbage)).isInstanceOf(IOException.class);
    }
}
