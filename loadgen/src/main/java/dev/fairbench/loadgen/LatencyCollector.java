package dev.fairbench.loadgen;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Merges the latency recorded by several worker threads, interval by interval, into one interval histogram and a
 * running total, with HdrHistogram's recorder hand-off so the writers never wait. Histograms hold microseconds,
 * 1 µs to 1 h, 3 significant digits. One reader thread only: not thread-safe for concurrent {@link #collectInterval}.
 */
final class LatencyCollector {
    static final long LOWEST_MICROS = 1;
    static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);
    static final int SIGNIFICANT_DIGITS = 3;

    private final List<SingleWriterRecorder> recorders;
    private final Histogram[] recycled;
    private final Histogram total = newHistogram();

    LatencyCollector(List<SingleWriterRecorder> recorders) {
        this.recorders = List.copyOf(recorders);
        this.recycled = new Histogram[recorders.size()];
    }

    /** A recorder with this class's range and precision, for one writer thread. */
    static SingleWriterRecorder newRecorder() {
        return new SingleWriterRecorder(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }

    static Histogram newHistogram() {
        return new Histogram(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }

    /**
     * Takes what every recorder recorded since the previous call and returns it merged (a new histogram, owned by
     * the caller); also adds it to {@link #total()}.
     */
    Histogram collectInterval() {
        Histogram interval = newHistogram();
        for (int i = 0; i < recycled.length; i++) {
            Histogram part = recorders.get(i).getIntervalHistogram(recycled[i]);
            interval.add(part);
            recycled[i] = part;
        }
        total.add(interval);
        return interval;
    }

    /** Everything collected so far; live view, owned by this collector. */
    Histogram total() {
        return total;
    }
}
