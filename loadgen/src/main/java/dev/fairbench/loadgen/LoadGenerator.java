package dev.fairbench.loadgen;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.BufferedOutputStream;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one load: connects every connection, runs the warm-up (load without recording), then the measured
 * duration, and returns the counts and latency histograms. While measuring it collects one interval per second:
 * written to the spec's HdrHistogram log (if any) and reported to the progress listener (if any).
 *
 * <p>The HdrHistogram log ({@link HistogramLogWriter} format, values in microseconds, max column in
 * milliseconds) holds one untagged interval histogram per second of the measurement: corrected latency in
 * fixed-rate mode, service time in closed loop. Its base time is the wall-clock start of the measurement.
 *
 * <p>Thread-safety: {@link #run} may be called from one thread at a time; it starts {@code spec.threads()} worker
 * threads and joins them before returning.
 */
public final class LoadGenerator {
    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Margin between the end of the connect phase and the first scheduled send. */
    private static final long START_MARGIN_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private LoadGenerator() {
    }

    /** {@code System.nanoTime()} values that bound a run: first send, start and end of the measurement. */
    record Timeline(long startNanos, long measureStartNanos, long endNanos) {
    }

    /**
     * Runs warm-up (not recorded) then the measured duration, starting as soon as every connection is open; blocks
     * until done.
     *
     * @param listener called about once per second of measurement, on this thread; may be null
     * @throws LoadException if the target cannot be resolved or connected to, the log cannot be written, or a
     *                       worker failed; {@link LoadException#exitCode()} tells which
     */
    public static LoadResult run(LoadSpec spec, ProgressListener listener) throws LoadException {
        return run(LoadShare.whole(spec), null, listener);
    }

    /**
     * Runs {@code share} of a load, the whole one or one host's part of it. Without a barrier the load starts as
     * soon as every connection is open. With one, {@link StartBarrier#awaitMeasureStart()} is called once every
     * connection is open and nothing has been sent yet; the warm-up then starts at the instant it returns minus
     * the spec's warm-up, and the measurement at that instant (wall clock), so that generators given the same
     * instant measure the same window. The interval logs' start time is that instant.
     *
     * @param barrier  decides the start instant; may be null
     * @param listener called about once per second of measurement, on this thread; may be null
     * @throws LoadException as {@link #run(LoadSpec, ProgressListener)}, or from the barrier, or
     *                       ({@link LoadException#INTERNAL}) when the barrier's warm-up start is already past
     */
    public static LoadResult run(LoadShare share, StartBarrier barrier, ProgressListener listener)
            throws LoadException {
        LoadSpec spec = share.spec();
        InetSocketAddress address = resolve(spec);
        preflight(address, spec);
        byte[][] requests = RequestEncoder.encode(spec);
        PrintStream hlogStream = openLog(spec.hlogFile());
        HistogramLogWriter hlog = logWriter(hlogStream, spec, spec.fixedRate()
                ? "latency corrected from intended send times" : "closed loop, latency is service time");
        PrintStream uncorrectedStream = openLog(spec.uncorrectedHlogFile());
        HistogramLogWriter uncorrectedHlog = logWriter(uncorrectedStream, spec,
                "uncorrected latency, from actual send times");
        int threads = spec.threads();
        CountDownLatch connected = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        Worker[] built = new Worker[threads];
        Throwable[] buildFailures = new Throwable[threads];
        List<Thread> threadList = new ArrayList<>(threads);
        for (int w = 0; w < threads; w++) {
            int workerIndex = w;
            int[] indexes = new int[(spec.connections() - w + threads - 1) / threads];
            for (int i = 0; i < indexes.length; i++) {
                indexes[i] = share.firstConnection() + w + i * threads;
            }
            Thread thread = new Thread(() -> {
                Worker worker;
                try {
                    // built on its own thread: see Worker on false sharing
                    worker = new Worker(address, indexes, share, requests, workerIndex, connected, go);
                } catch (Throwable e) {
                    buildFailures[workerIndex] = e;
                    connected.countDown();
                    return;
                }
                built[workerIndex] = worker;
                worker.run();
            }, "fairbench-load-" + w);
            thread.setDaemon(true);
            threadList.add(thread);
        }
        List<Worker> workers = new ArrayList<>(threads);
        LatencyCollector latency = null;
        LatencyCollector uncorrected = null;
        boolean finished = false;
        try {
            threadList.forEach(Thread::start);
            connected.await();
            for (int w = 0; w < threads; w++) {
                if (buildFailures[w] != null) {
                    throw new LoadException(LoadException.INTERNAL, "load worker failed: " + buildFailures[w],
                            buildFailures[w]);
                }
                workers.add(built[w]);
            }
            latency = new LatencyCollector(workers.stream().map(Worker::latencyRecorder).toList());
            uncorrected = spec.fixedRate()
                    ? new LatencyCollector(workers.stream().map(Worker::uncorrectedRecorder).toList()) : null;
            int open = workers.stream().mapToInt(Worker::openConnections).sum();
            if (open == 0) {
                throw new LoadException(LoadException.UNREACHABLE,
                        "no connection to " + describe(address) + " could be opened");
            }
            long startNanos;
            long measureStartNanos;
            long wallStartMillis;
            if (barrier == null) {
                startNanos = System.nanoTime() + START_MARGIN_NANOS;
                measureStartNanos = startNanos + spec.warmup().toNanos();
                wallStartMillis = System.currentTimeMillis() + (measureStartNanos - System.nanoTime()) / 1_000_000;
            } else {
                long measureStartEpochNanos = barrier.awaitMeasureStart();
                Instant now = Instant.now();
                long nowNanos = System.nanoTime();
                long nowEpochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
                measureStartNanos = nowNanos + (measureStartEpochNanos - nowEpochNanos);
                startNanos = measureStartNanos - spec.warmup().toNanos();
                if (startNanos - nowNanos < 0) {
                    throw new LoadException(LoadException.INTERNAL, String.format(Locale.ROOT,
                            "the start instant was %.1f ms ago when it arrived: give the barrier more lead time",
                            (nowNanos - startNanos) / 1e6));
                }
                wallStartMillis = Math.floorDiv(measureStartEpochNanos, 1_000_000L);
            }
            Timeline timeline = new Timeline(startNanos, measureStartNanos, measureStartNanos
                    + spec.duration().toNanos());
            workers.forEach(worker -> worker.start(timeline));
            go.countDown();
            for (HistogramLogWriter log : new HistogramLogWriter[] {hlog, uncorrectedHlog}) {
                if (log != null) {
                    log.outputStartTime(wallStartMillis);
                    log.setBaseTime(wallStartMillis);
                    log.outputLegend();
                }
            }
            sleepUntil(measureStartNanos, workers);
            long intervalStartNanos = measureStartNanos;
            while (true) {
                long intervalEndNanos = Math.min(intervalStartNanos + INTERVAL_NANOS, timeline.endNanos());
                boolean last = intervalEndNanos == timeline.endNanos();
                sleepUntil(intervalEndNanos, workers);
                if (last) {
                    joinAll(threadList);
                }
                Histogram interval = latency.collectInterval();
                Histogram uncorrectedInterval = uncorrected == null ? null : uncorrected.collectInterval();
                double intervalStartSeconds = (wallStartMillis + (intervalStartNanos - measureStartNanos) / 1e6)
                        / 1000.0;
                double intervalEndSeconds = (wallStartMillis + (intervalEndNanos - measureStartNanos) / 1e6)
                        / 1000.0;
                if (hlog != null) {
                    hlog.outputIntervalHistogram(intervalStartSeconds, intervalEndSeconds, interval, 1000.0);
                }
                if (uncorrectedHlog != null) {
                    uncorrectedHlog.outputIntervalHistogram(intervalStartSeconds, intervalEndSeconds,
                            uncorrectedInterval, 1000.0);
                }
                if (listener != null) {
                    long completed = sum(workers, Worker.COMPLETED);
                    // counters are read now, which may be a little after the interval's end
                    long elapsedNanos = Math.min(System.nanoTime(), timeline.endNanos()) - measureStartNanos;
                    long errors = sum(workers, Worker.CONNECT_ERRORS) + sum(workers, Worker.READ_ERRORS)
                            + sum(workers, Worker.WRITE_ERRORS) + sum(workers, Worker.TIMEOUTS);
                    listener.progress(new Progress(elapsedNanos, completed, completed * 1e9 / elapsedNanos,
                            latency.total().getValueAtPercentile(99), errors));
                }
                if (last) {
                    break;
                }
                intervalStartNanos = intervalEndNanos;
            }
            finished = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException(LoadException.INTERNAL, "interrupted", e);
        } finally {
            if (!finished) {
                for (Worker worker : built) {
                    if (worker != null) {
                        worker.abort();
                    }
                }
                go.countDown();
                joinQuietly(threadList);
            }
            if (hlog != null) {
                hlog.close();
            }
            if (uncorrectedHlog != null) {
                uncorrectedHlog.close();
            }
        }
        for (Worker worker : workers) {
            if (worker.failure() != null) {
                throw new LoadException(LoadException.INTERNAL, "load worker failed: " + worker.failure(),
                        worker.failure());
            }
        }
        if (hlogStream != null && hlogStream.checkError()) {
            throw new LoadException(LoadException.OUTPUT, "could not write " + spec.hlogFile());
        }
        if (uncorrectedStream != null && uncorrectedStream.checkError()) {
            throw new LoadException(LoadException.OUTPUT, "could not write " + spec.uncorrectedHlogFile());
        }
        double seconds = spec.duration().toNanos() / 1e9;
        long completed = sum(workers, Worker.COMPLETED);
        return new LoadResult(spec, sum(workers, Worker.SENT), completed, seconds, completed / seconds,
                sum(workers, Worker.BYTES_READ), sum(workers, Worker.BYTES_WRITTEN),
                sum(workers, Worker.STATUS_2XX), sum(workers, Worker.STATUS_3XX),
                sum(workers, Worker.STATUS_4XX), sum(workers, Worker.STATUS_5XX),
                sum(workers, Worker.CONNECT_ERRORS), sum(workers, Worker.READ_ERRORS),
                sum(workers, Worker.WRITE_ERRORS), sum(workers, Worker.TIMEOUTS),
                latency.total(), uncorrected == null ? null : uncorrected.total());
    }

    /** True when {@code address} is a loopback address (127.0.0.0/8, ::1). */
    public static boolean isLoopback(InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        return ip != null && ip.isLoopbackAddress();
    }

    /**
     * Resolves the spec's target host and port.
     *
     * @throws LoadException with {@link LoadException#USAGE} if the host does not resolve
     */
    public static InetSocketAddress resolve(LoadSpec spec) throws LoadException {
        String host = spec.target().getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), spec.port());
        } catch (UnknownHostException e) {
            throw new LoadException(LoadException.USAGE, "unknown host '" + host + "' in " + spec.target());
        }
    }

    private static void preflight(InetSocketAddress address, LoadSpec spec) throws LoadException {
        int timeoutMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, spec.timeout().toMillis()));
        try (Socket socket = new Socket()) {
            socket.connect(address, timeoutMillis);
        } catch (IOException e) {
            throw new LoadException(LoadException.UNREACHABLE,
                    "cannot connect to " + describe(address) + ": " + e.getMessage(), e);
        }
    }

    /** Opens a log; the {@link PrintStream} is returned so its error flag can be checked at the end. */
    private static PrintStream openLog(Path file) throws LoadException {
        if (file == null) {
            return null;
        }
        try {
            return new PrintStream(new BufferedOutputStream(new FileOutputStream(file.toFile())), true,
                    StandardCharsets.US_ASCII);
        } catch (FileNotFoundException e) {
            throw new LoadException(LoadException.OUTPUT, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** A log writer on {@code stream} with its header written, or null when there is no stream. */
    private static HistogramLogWriter logWriter(PrintStream stream, LoadSpec spec, String latencyKind) {
        if (stream == null) {
            return null;
        }
        HistogramLogWriter log = new HistogramLogWriter(stream);
        log.outputLogFormatVersion();
        log.outputComment("fairbench load " + spec.target() + (spec.fixedRate() ? " fixed rate "
                + spec.ratePerSecond() + "/s, " : " ") + latencyKind + ", values in microseconds");
        return log;
    }

    private static long sum(List<Worker> workers, int counter) {
        long total = 0;
        for (Worker worker : workers) {
            total += worker.counter(counter);
        }
        return total;
    }

    private static void sleepUntil(long deadlineNanos, List<Worker> workers) throws LoadException {
        long remaining;
        while ((remaining = deadlineNanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(remaining, TimeUnit.MILLISECONDS.toNanos(100)));
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new LoadException(LoadException.INTERNAL, "interrupted");
            }
            for (Worker worker : workers) {
                if (worker.failure() != null) {
                    throw new LoadException(LoadException.INTERNAL, "load worker failed: " + worker.failure(),
                            worker.failure());
                }
            }
        }
    }

    private static void joinAll(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
    }

    private static void joinQuietly(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static String describe(InetSocketAddress address) {
        return address.getHostString() + ":" + address.getPort();
    }
}
