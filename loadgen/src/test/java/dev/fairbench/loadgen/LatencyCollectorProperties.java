package dev.fairbench.loadgen;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

class LatencyCollectorProperties {

    /**
     * Values recorded by several threads while the collector takes intervals concurrently add up to exactly the
     * histogram of all values recorded in one place: no value lost or counted twice across interval hand-offs.
     */
    @Property(tries = 40, seed = "42")
    void intervalsFromSeveralThreadsMergeToTheWholeHistogram(
            @ForAll @Size(min = 1, max = 2000) List<@LongRange(min = 0, max = 3_600_000_000L) Long> values,
            @ForAll @IntRange(min = 1, max = 4) int threads) throws Exception {
        List<SingleWriterRecorder> recorders = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            recorders.add(LatencyCollector.newRecorder());
        }
        LatencyCollector collector = new LatencyCollector(recorders);
        CountDownLatch done = new CountDownLatch(threads);
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            writers.add(Thread.ofPlatform().start(() -> {
                for (int i = thread; i < values.size(); i += threads) {
                    recorders.get(thread).recordValue(values.get(i));
                    if (i % 97 == 0) {
                        Thread.yield();
                    }
                }
                done.countDown();
            }));
        }
        long intervalCounts = 0;
        while (done.getCount() > 0) {
            intervalCounts += collector.collectInterval().getTotalCount();
        }
        for (Thread writer : writers) {
            writer.join();
        }
        intervalCounts += collector.collectInterval().getTotalCount();

        Histogram expected = LatencyCollector.newHistogram();
        values.forEach(expected::recordValue);
        Histogram total = collector.total();
        assertThat(intervalCounts).isEqualTo(values.size());
        assertThat(total.getTotalCount()).isEqualTo(values.size());
        assertThat(total).isEqualTo(expected);
        assertThat(total.getMaxValue()).isEqualTo(expected.getMaxValue());
        assertThat(total.getValueAtPercentile(99)).isEqualTo(expected.getValueAtPercentile(99));
    }
}
