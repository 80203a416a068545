package dev.fairbench.loadgen;

import org.HdrHistogram.SingleWriterRecorder;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One event-loop thread: a selector and the connections it owns. Closed loop: each connection writes
 * {@code pipeline} requests in one write and writes the next batch when the whole batch is answered. Fixed rate:
 * each connection sends every request at its {@link RateSchedule} time, or as soon as it can when late (never
 * skipped), with at most {@code pipeline} in flight.
 *
 * <p>Construct a worker on the thread that runs it: its connections, buffers, counters and recorders then sit in
 * that thread's allocation buffer, never on a cache line that another worker writes for every request (false
 * sharing). Only the worker thread touches connections and recorders' writer side. Counters are single-writer longs
 * published with opaque stores; other threads may read them at any time (progress) and exactly after
 * {@link Thread#join}. Responses count when they complete inside {@code [measureStartNanos, endNanos)}.
 */
final class Worker implements Runnable {
    static final int SENT = 0;
    static final int COMPLETED = 1;
    static final int STATUS_2XX = 2;
    static final int STATUS_3XX = 3;
    static final int STATUS_4XX = 4;
    static final int STATUS_5XX = 5;
    static final int CONNECT_ERRORS = 6;
    static final int READ_ERRORS = 7;
    static final int WRITE_ERRORS = 8;
    static final int TIMEOUTS = 9;
    static final int BYTES_READ = 10;
    static final int BYTES_WRITTEN = 11;
    private static final int COUNTERS = 12;
    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);

    private static final long HOUSEKEEPING_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long RECONNECT_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);
    private static final int MAX_BATCH = 1 << 20;

    private final InetSocketAddress address;
    private final Connection[] connections;
    private final byte[][] requests;
    private final int pipeline;
    private final double ratePerSecond;
    private final int totalConnections;
    private final long timeoutNanos;
    private final SingleWriterRecorder latencyMicros;
    private final SingleWriterRecorder uncorrectedLatencyMicros;
    private final CountDownLatch connected;
    private final CountDownLatch go;
    private final long[] counters = new long[COUNTERS];
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(256 * 1024);
    /** Heap copy of each read: the parser indexes a plain array, faster than a direct buffer's checked gets. */
    private final byte[] readBytes = new byte[readBuffer.capacity()];
    private final SendHeap sendHeap;
    private final Consumer<SelectionKey> onReady = this::onReady;

    private Selector selector;
    private int nextPath;
    private long batchedLatency;
    private int batchedCount;
    private long batchedUncorrected;
    private int batchedUncorrectedCount;
    private boolean running;
    private long measureStartNanos;
    private long endNanos;
    private volatile boolean abort;
    private volatile Throwable failure;
    private volatile LoadGenerator.Timeline timeline;

    /**
     * @param connectionIndexes indexes in the whole load (0 .. share.totalConnections()-1) of the connections this
     *                          worker owns; they set the phase of each connection's rate schedule
     * @param share             the part of the load this generator runs; its spec is what this worker runs
     * @param requests          pre-encoded requests, one per path, sent in rotation
     */
    Worker(InetSocketAddress address, int[] connectionIndexes, LoadShare share, byte[][] requests,
           int firstPath, CountDownLatch connected, CountDownLatch go) {
        LoadSpec spec = share.spec();
        this.address = address;
        this.requests = requests;
        this.nextPath = firstPath % requests.length;
        this.pipeline = spec.pipeline();
        // the whole load's rate and connections: with them this part's connections keep their places in its schedule
        this.ratePerSecond = share.totalRatePerSecond();
        this.totalConnections = share.totalConnections();
        this.timeoutNanos = spec.timeout().toNanos();
        this.latencyMicros = LatencyCollector.newRecorder();
        this.uncorrectedLatencyMicros = spec.fixedRate() ? LatencyCollector.newRecorder() : null;
        this.connected = connected;
        this.go = go;
        int longestRequest = 0;
        for (byte[] request : requests) {
            longestRequest = Math.max(longestRequest, request.length);
        }
        boolean head = "HEAD".equals(spec.method());
        this.connections = new Connection[connectionIndexes.length];
        for (int i = 0; i < connections.length; i++) {
            connections[i] = new Connection(connectionIndexes[i], pipeline, longestRequest * pipeline, head);
        }
        this.sendHeap = new SendHeap(connections.length);
    }

    /** Latency recorder this worker writes: corrected in fixed-rate mode, service time in closed loop. */
    SingleWriterRecorder latencyRecorder() {
        return latencyMicros;
    }

    /** Fixed-rate mode: recorder of latency from the actual send time; null in closed loop. */
    SingleWriterRecorder uncorrectedRecorder() {
        return uncorrectedLatencyMicros;
    }

    /** Sets the run's times; called once before {@code go} opens. */
    void start(LoadGenerator.Timeline runTimeline) {
        this.timeline = runTimeline;
    }

    /** Asks the loop to stop at its next iteration. */
    void abort() {
        abort = true;
    }

    /** The unexpected exception that ended this worker, or null. */
    Throwable failure() {
        return failure;
    }

    /** Connections open when the connect phase ended; read after {@code connected} opened. */
    int openConnections() {
        int open = 0;
        for (Connection c : connections) {
            open += c.state == Connection.OPEN ? 1 : 0;
        }
        return open;
    }

    /** A counter (one of the constants of this class); safe from any thread. */
    long counter(int which) {
        return (long) COUNTER.getOpaque(counters, which);
    }

    private void add(int which, long delta) {
        COUNTER.setOpaque(counters, which, (long) COUNTER.getOpaque(counters, which) + delta);
    }

    private boolean measured(long nanos) {
        return nanos - measureStartNanos >= 0 && nanos - endNanos < 0;
    }

    @Override
    public void run() {
        boolean connectPhaseDone = false;
        try {
            selector = Selector.open();
            long now = System.nanoTime();
            for (Connection c : connections) {
                connect(c, now);
            }
            long deadline = now + timeoutNanos;
            while (!abort && anyConnecting() && System.nanoTime() - deadline < 0) {
                selector.select(onReady, 10);
            }
            connectPhaseDone = true;
            connected.countDown();
            go.await();
            if (abort) {
                return;
            }
            LoadGenerator.Timeline t = timeline;
            measureStartNanos = t.measureStartNanos();
            endNanos = t.endNanos();
            long waitNanos;
            while ((waitNanos = t.startNanos() - System.nanoTime()) > 0) {
                LockSupport.parkNanos(waitNanos);
            }
            running = true;
            now = System.nanoTime();
            for (Connection c : connections) {
                if (ratePerSecond > 0) {
                    c.schedule = new RateSchedule(t.startNanos(), ratePerSecond, c.index, totalConnections);
                }
                if (c.state == Connection.OPEN) {
                    startSending(c, now);
                }
            }
            loop();
        } catch (Throwable e) {
            failure = e;
        } finally {
            if (!connectPhaseDone) {
                connected.countDown();
            }
            for (Connection c : connections) {
                closeQuietly(c);
            }
            if (selector != null) {
                try {
                    selector.close();
                } catch (IOException ignored) {
                    // nothing left to release
                }
            }
        }
    }

    private void loop() throws IOException {
        long nextHousekeepingNanos = System.nanoTime() + HOUSEKEEPING_NANOS;
        while (!abort) {
            long now = System.nanoTime();
            if (now - endNanos >= 0) {
                return;
            }
            long wakeNanos = endNanos;
            if (ratePerSecond > 0) {
                sendDueConnections(now);
                if (sendHeap.size() > 0 && sendHeap.peekDueNanos() - wakeNanos < 0) {
                    wakeNanos = sendHeap.peekDueNanos();
                }
            }
            if (now - nextHousekeepingNanos >= 0) {
                housekeeping(now);
                nextHousekeepingNanos = now + HOUSEKEEPING_NANOS;
            }
            if (nextHousekeepingNanos - wakeNanos < 0) {
                wakeNanos = nextHousekeepingNanos;
            }
            long waitNanos = wakeNanos - System.nanoTime();
            if (waitNanos >= 1_000_000) {
                // epoll waits in whole milliseconds: wake up to 1 ms early rather than late
                selector.select(onReady, waitNanos / 1_000_000);
            } else if (selector.selectNow(onReady) == 0 && waitNanos > 0) {
                LockSupport.parkNanos(Math.min(waitNanos, MAX_PARK_NANOS));
            }
        }
    }

    private boolean anyConnecting() {
        for (Connection c : connections) {
            if (c.state == Connection.CONNECTING) {
                return true;
            }
        }
        return false;
    }

    private void onReady(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        if (!key.isValid() || c.key != key) {
            return;
        }
        int ready = key.readyOps();
        if (c.state == Connection.CONNECTING) {
            finishConnect(c);
            return;
        }
        if ((ready & SelectionKey.OP_WRITE) != 0 && !flush(c, System.nanoTime())) {
            return;
        }
        if ((ready & SelectionKey.OP_READ) != 0) {
            read(c);
        }
    }

    private void connect(Connection c, long now) {
        c.connectStartNanos = now;
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            c.channel = channel;
            c.state = Connection.CONNECTING;
            // a connect that completes at once is finished from the selector too (OP_WRITE fires), so that a
            // failing connection is retried from the loop, never by recursion
            boolean connectedNow = channel.connect(address);
            c.key = channel.register(selector, connectedNow ? SelectionKey.OP_WRITE : SelectionKey.OP_CONNECT, c);
        } catch (IOException e) {
            connectFailed(c, now);
        }
    }

    private void finishConnect(Connection c) {
        long now = System.nanoTime();
        try {
            if (c.channel.finishConnect()) {
                c.key.interestOps(SelectionKey.OP_READ);
                opened(c, now);
            }
        } catch (IOException e) {
            connectFailed(c, now);
        }
    }

    private void opened(Connection c, long now) {
        c.state = Connection.OPEN;
        if (running) {
            startSending(c, now);
        }
    }

    private void connectFailed(Connection c, long now) {
        if (running && measured(now)) {
            add(CONNECT_ERRORS, 1);
        }
        closeQuietly(c);
        c.reconnectAtNanos = now + RECONNECT_BACKOFF_NANOS;
    }

    private void startSending(Connection c, long now) {
        if (ratePerSecond > 0) {
            sendDue(c, now);
        } else {
            sendBatch(c, now);
        }
    }

    /** Closed loop: writes {@code pipeline} requests at once. */
    private void sendBatch(Connection c, long now) {
        ByteBuffer out = c.pendingWrite;
        out.clear();
        for (int i = 0; i < pipeline; i++) {
            out.put(nextRequest());
            c.push(now, now);
        }
        out.flip();
        write(c, now, pipeline);
    }

    /** Fixed rate: writes every request of {@code c} that is due, up to {@code pipeline} in flight. */
    private void sendDue(Connection c, long now) {
        if (c.state != Connection.OPEN || c.pendingWrite.hasRemaining()) {
            return;
        }
        ByteBuffer out = c.pendingWrite;
        out.clear();
        int count = 0;
        long due;
        while (c.inFlight() < c.capacity() && (due = c.nextIntendedNanos()) - now <= 0) {
            out.put(nextRequest());
            c.push(due, now);
            c.nextSequence++;
            count++;
        }
        out.flip();
        if (count > 0 && !write(c, now, count)) {
            return;
        }
        if (c.inFlight() < c.capacity() && !c.scheduled && !c.pendingWrite.hasRemaining()) {
            c.scheduled = true;
            sendHeap.add(c, c.nextIntendedNanos());
        }
    }

    private void sendDueConnections(long now) {
        while (sendHeap.size() > 0 && sendHeap.peekDueNanos() - now <= 0) {
            Connection c = sendHeap.poll();
            c.scheduled = false;
            sendDue(c, now);
        }
    }

    private byte[] nextRequest() {
        byte[] request = requests[nextPath];
        nextPath = nextPath + 1 == requests.length ? 0 : nextPath + 1;
        return request;
    }

    /** Writes what {@code c.pendingWrite} holds; returns false if the connection failed and was reopened. */
    private boolean write(Connection c, long now, int requestCount) {
        boolean measured = measured(now);
        if (measured) {
            add(SENT, requestCount);
        }
        return flush(c, now);
    }

    private boolean flush(Connection c, long now) {
        ByteBuffer out = c.pendingWrite;
        try {
            int written = c.channel.write(out);
            if (measured(now)) {
                add(BYTES_WRITTEN, written);
            }
        } catch (IOException e) {
            if (measured(now)) {
                add(WRITE_ERRORS, lost(c));
            }
            reconnect(c, now);
            return false;
        }
        boolean waitingForWritable = (c.key.interestOps() & SelectionKey.OP_WRITE) != 0;
        if (out.hasRemaining() != waitingForWritable) {
            c.key.interestOps(out.hasRemaining()
                    ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
            if (!out.hasRemaining() && ratePerSecond > 0) {
                sendDue(c, now);
            }
        }
        return true;
    }

    private void read(Connection c) {
        readResponses(c);
        flushLatency();
    }

    private void readResponses(Connection c) {
        ByteBuffer in = readBuffer;
        in.clear();
        int n;
        try {
            n = c.channel.read(in);
        } catch (IOException e) {
            long now = System.nanoTime();
            if (measured(now)) {
                add(READ_ERRORS, lost(c));
            }
            reconnect(c, now);
            return;
        }
        long now = System.nanoTime();
        boolean measured = measured(now);
        if (n < 0) {
            if (c.parser.endOfStream() && c.inFlight() > 0) {
                responseComplete(c, now, measured);
            }
            if (measured && (c.inFlight() > 0 || c.parser.inResponse())) {
                add(READ_ERRORS, lost(c));
            }
            reconnect(c, now);
            return;
        }
        if (measured) {
            add(BYTES_READ, n);
        }
        int limit = in.position();
        byte[] bytes = readBytes;
        in.get(0, bytes, 0, limit);
        int position = 0;
        ResponseParser parser = c.parser;
        while (position < limit) {
            position = parser.parse(bytes, position, limit);
            if (position == ResponseParser.ERROR || (parser.complete() && c.inFlight() == 0)) {
                if (measured) {
                    add(READ_ERRORS, lost(c));
                }
                reconnect(c, now);
                return;
            }
            if (parser.complete()) {
                responseComplete(c, now, measured);
                if (parser.closeAfter()) {
                    if (measured && c.inFlight() > 0) {
                        add(READ_ERRORS, c.inFlight());
                    }
                    reconnect(c, now);
                    return;
                }
            }
        }
        if (ratePerSecond > 0) {
            sendDue(c, now);
        } else if (c.inFlight() == 0) {
            sendBatch(c, now);
        }
    }

    private void responseComplete(Connection c, long now, boolean measured) {
        if (measured) {
            add(COMPLETED, 1);
            int status = c.parser.status();
            add(status < 300 ? STATUS_2XX : status < 400 ? STATUS_3XX : status < 500 ? STATUS_4XX : STATUS_5XX, 1);
            long latency = toMicros(now - c.oldestIntendedNanos());
            if (latency != batchedLatency || batchedCount == MAX_BATCH) {
                flushLatency();
                batchedLatency = latency;
            }
            batchedCount++;
            if (uncorrectedLatencyMicros != null) {
                long uncorrected = toMicros(now - c.oldestSentNanos());
                if (uncorrected != batchedUncorrected || batchedUncorrectedCount == MAX_BATCH) {
                    flushUncorrected();
                    batchedUncorrected = uncorrected;
                }
                batchedUncorrectedCount++;
            }
        }
        c.pop();
    }

    /** Records the run of equal latencies (one per response of a pipelined batch read at once) in one call. */
    private void flushLatency() {
        if (batchedCount > 0) {
            latencyMicros.recordValueWithCount(batchedLatency, batchedCount);
            batchedCount = 0;
        }
        flushUncorrected();
    }

    private void flushUncorrected() {
        if (batchedUncorrectedCount > 0) {
            uncorrectedLatencyMicros.recordValueWithCount(batchedUncorrected, batchedUncorrectedCount);
            batchedUncorrectedCount = 0;
        }
    }

    private static long toMicros(long nanos) {
        return Math.min(HIGHEST_MICROS, Math.max(0, (nanos + 500) / 1000));
    }

    /** Times out stale requests and connects, reopens closed connections after their back-off. */
    private void housekeeping(long now) {
        for (Connection c : connections) {
            if (c.state == Connection.OPEN && c.inFlight() > 0 && now - c.oldestSentNanos() > timeoutNanos) {
                if (measured(now)) {
                    add(TIMEOUTS, c.inFlight());
                }
                reconnect(c, now);
            } else if (c.state == Connection.CONNECTING && now - c.connectStartNanos > timeoutNanos) {
                connectFailed(c, now);
            } else if (c.state == Connection.CLOSED && now - c.reconnectAtNanos >= 0) {
                connect(c, now);
            }
        }
    }

    /**
     * Requests lost when {@code c} is dropped now: every request in flight on it (a pipelined batch loses them
     * all), and at least one, so that a failure with nothing in flight (a stray response) still counts.
     */
    private static int lost(Connection c) {
        return Math.max(1, c.inFlight());
    }

    private void reconnect(Connection c, long now) {
        closeQuietly(c);
        connect(c, now);
    }

    private static void closeQuietly(Connection c) {
        c.state = Connection.CLOSED;
        c.clearInFlight();
        c.parser.reset();
        c.pendingWrite.clear().limit(0);
        if (c.key != null) {
            c.key.cancel();
            c.key = null;
        }
        if (c.channel != null) {
            try {
                c.channel.close();
            } catch (IOException ignored) {
                // the connection is being dropped anyway
            }
            c.channel = null;
        }
    }
}
