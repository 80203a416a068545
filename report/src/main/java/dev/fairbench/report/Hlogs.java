package dev.fairbench.report;

import dev.fairbench.results.Latency;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads the HdrHistogram interval logs ({@code .hlog}) the load generator writes for each run, for percentiles
 * beyond those stored in results.json.
 *
 * <p>File format: HdrHistogram's interval log ({@link HistogramLogReader}): a header, then one compressed
 * integer histogram per interval (one second), values being latencies in microseconds. Stateless and
 * thread-safe.
 */
public final class Hlogs {
    private static final long HIGHEST_TRACKABLE_MICROS = 3_600_000_000L;

    private Hlogs() {
    }

    /** All intervals of one log added together; latency values in microseconds. */
    public static Histogram read(Path hlog) throws IOException {
        Histogram total = new Histogram(1, HIGHEST_TRACKABLE_MICROS, 3);
        forEachInterval(hlog, total::add);
        return total;
    }

    /** One interval of a log: its start relative to the log's first interval, its length, and its count. */
    public record Interval(double startSeconds, double lengthSeconds, long count) {
        /** Values recorded per second of the interval (requests per second, for a load's log); its length must be > 0. */
        public double perSecond() {
            return count / lengthSeconds;
        }
    }

    /** The intervals of one log (one a second as the load generator writes them), in order. */
    public static java.util.List<Interval> intervals(Path hlog) throws IOException {
        java.util.List<Interval> out = new java.util.ArrayList<>();
        double[] firstStart = {Double.NaN};
        forEachInterval(hlog, h -> {
            double start = h.getStartTimeStamp() / 1000.0;
            if (Double.isNaN(firstStart[0])) firstStart[0] = start;
            out.add(new Interval(start - firstStart[0], (h.getEndTimeStamp() - h.getStartTimeStamp()) / 1000.0,
                    h.getTotalCount()));
        });
        return out;
    }

    /** Hands each interval of the log to {@code each}, in order; an unreadable log is an IOException naming it. */
    private static void forEachInterval(Path hlog, java.util.function.Consumer<Histogram> each) throws IOException {
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(hlog.toFile());
        } catch (FileNotFoundException e) {
            throw new java.nio.file.NoSuchFileException(hlog.toString());
        }
        try {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (!(interval instanceof Histogram h)) {
                    throw new IOException(hlog + ": expected integer histograms, found "
                            + interval.getClass().getSimpleName());
                }
                each.accept(h);
            }
        } catch (RuntimeException e) {
            throw new IOException(hlog + " is not a readable HdrHistogram log: " + e.getMessage(), e);
        } finally {
            reader.close();
        }
    }
    /** The value at a percentile (0–100) of a histogram of microseconds, in milliseconds. */
    public static double percentileMs(Histogram micros, double percentile) {
        return micros.getValueAtPercentile(percentile) / 1000.0;
    }

    /** The stored percentiles of a histogram of microseconds. */
    public static Latency latency(Histogram micros) {
        return new Latency(percentileMs(micros, 50), percentileMs(micros, 90), percentileMs(micros, 95),
                percentileMs(micros, 99), percentileMs(micros, 99.9), micros.getMaxValue() / 1000.0);
    }
}
