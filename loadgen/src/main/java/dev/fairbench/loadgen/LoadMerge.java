package dev.fairbench.loadgen;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

import java.io.BufferedOutputStream;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges what several load hosts measured into one result, exactly: HdrHistograms are added bucket by bucket (no
 * percentile is averaged), corrected and uncorrected apart; counts, errors and status classes are summed; the
 * measured window is the union of the hosts' windows. Interval logs are merged interval by interval: the
 * {@code i}-th second of every host's log becomes the {@code i}-th second of the merged log. Stateless.
 */
public final class LoadMerge {
    private LoadMerge() {
    }

    /**
     * The merge of {@code hosts}, which ran the parts of {@code whole} (the unsplit spec that the total reports).
     *
     * @throws IllegalArgumentException when there is no host, or some hosts ran at a fixed rate and others not
     */
    public static MergedLoad merge(LoadSpec whole, List<HostLoad> hosts) {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge: no load host");
        }
        if (hosts.stream().anyMatch(h -> h.result().fixedRate() != whole.fixedRate())) {
            throw new IllegalArgumentException("cannot merge closed-loop and fixed-rate results");
        }
        Histogram latency = LatencyCollector.newHistogram();
        Histogram uncorrected = whole.fixedRate() ? LatencyCollector.newHistogram() : null;
        long sent = 0, completed = 0, bytesRead = 0, bytesWritten = 0;
        long s2xx = 0, s3xx = 0, s4xx = 0, s5xx = 0;
        long connectErrors = 0, readErrors = 0, writeErrors = 0, timeouts = 0;
        long windowStart = Long.MAX_VALUE;
        long windowEnd = Long.MIN_VALUE;
        for (HostLoad host : hosts) {
            LoadResult r = host.result();
            latency.add(r.latencyMicros());
            if (uncorrected != null) {
                uncorrected.add(r.uncorrectedLatencyMicros());
            }
            sent += r.requestsSent();
            completed += r.requestsCompleted();
            bytesRead += r.bytesRead();
            bytesWritten += r.bytesWritten();
            s2xx += r.status2xx();
            s3xx += r.status3xx();
            s4xx += r.status4xx();
            s5xx += r.status5xx();
            connectErrors += r.connectErrors();
            readErrors += r.readErrors();
            writeErrors += r.writeErrors();
            timeouts += r.timeouts();
            windowStart = Math.min(windowStart, host.windowStartEpochNanos());
            windowEnd = Math.max(windowEnd, host.windowEndEpochNanos());
        }
        double seconds = (windowEnd - windowStart) / 1e9;
        LoadResult total = new LoadResult(whole, sent, completed, seconds, completed / seconds, bytesRead,
                bytesWritten, s2xx, s3xx, s4xx, s5xx, connectErrors, readErrors, writeErrors, timeouts, latency,
                uncorrected);
        return new MergedLoad(total, hosts, windowStart);
    }

    /**
     * The sum of every interval of an interval log written by {@link LoadGenerator}: the run's whole histogram,
     * exactly (the log's intervals partition the measurement).
     *
     * @throws IOException naming the file when it is missing or not an HdrHistogram log of integer histograms
     */
    public static Histogram readTotal(Path hlog) throws IOException {
        Histogram total = LatencyCollector.newHistogram();
        for (Histogram interval : readIntervals(hlog).intervals()) {
            total.add(interval);
        }
        return total;
    }

    /**
     * Writes the interval-by-interval merge of {@code hostLogs} to {@code merged}: interval {@code i} is the sum of
     * every log's interval {@code i} and spans, relative to the start, from the earliest start to the latest end of
     * those intervals. The merged log's start time is {@code windowStartEpochMillis}.
     *
     * @throws IOException naming the file that could not be read or written
     */
    public static void mergeLogs(List<Path> hostLogs, Path merged, long windowStartEpochMillis) throws IOException {
        List<IntervalLog> logs = new ArrayList<>();
        for (Path log : hostLogs) {
            logs.add(readIntervals(log));
        }
        int intervals = logs.stream().mapToInt(l -> l.intervals().size()).max().orElse(0);
        PrintStream out;
        try {
            out = new PrintStream(new BufferedOutputStream(new FileOutputStream(merged.toFile())), false,
                    StandardCharsets.US_ASCII);
        } catch (FileNotFoundException e) {
            throw new IOException("cannot write " + merged + ": " + e.getMessage(), e);
        }
        try (out) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputComment("fairbench load, merged from " + LoadReportWriter.hostCount(hostLogs.size())
                    + ", values in microseconds");
            writer.outputStartTime(windowStartEpochMillis);
            writer.setBaseTime(windowStartEpochMillis);
            writer.outputLegend();
            double startSeconds = windowStartEpochMillis / 1000.0;
            for (int i = 0; i < intervals; i++) {
                Histogram sum = LatencyCollector.newHistogram();
                double from = Double.MAX_VALUE;
                double to = -Double.MAX_VALUE;
                for (IntervalLog log : logs) {
                    if (i < log.intervals().size()) {
                        Histogram h = log.intervals().get(i);
                        sum.add(h);
                        from = Math.min(from, h.getStartTimeStamp() / 1000.0 - log.startSeconds());
                        to = Math.max(to, h.getEndTimeStamp() / 1000.0 - log.startSeconds());
                    }
                }
                writer.outputIntervalHistogram(startSeconds + from, startSeconds + to, sum, 1000.0);
            }
        }
        if (out.checkError()) {
            throw new IOException("could not write " + merged);
        }
    }

    /** A log's intervals in order, and its start time in seconds since the epoch. */
    private record IntervalLog(List<Histogram> intervals, double startSeconds) {
    }

    private static IntervalLog readIntervals(Path hlog) throws IOException {
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(hlog.toFile());
        } catch (FileNotFoundException e) {
            throw new NoSuchFileException(hlog.toString());
        }
        List<Histogram> intervals = new ArrayList<>();
        try (reader) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (!(interval instanceof Histogram h)) {
                    throw new IOException(hlog + ": expected integer histograms, found "
                            + interval.getClass().getSimpleName());
                }
                intervals.add(h);
            }
            return new IntervalLog(intervals, reader.getStartTimeSec());
        } catch (RuntimeException e) {
            throw new IOException(hlog + " is not a readable HdrHistogram log: " + e.getMessage(), e);
        }
    }
}
