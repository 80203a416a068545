package dev.fairbench.loadgen;

import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * State of one client connection, owned by one {@link Worker} thread (not thread-safe). Keeps the requests in
 * flight as a FIFO ring of their intended and actual send times, so that each response, in order, is matched to
 * its request without allocation.
 */
final class Connection {
    static final int CLOSED = 0;
    static final int CONNECTING = 1;
    static final int OPEN = 2;

    final int index;
    final ResponseParser parser;
    /** Bytes of the last write that the socket did not take yet; empty when nothing is pending. */
    final ByteBuffer pendingWrite;
    /** Fixed-rate mode: this connection's schedule, set when the run starts; null in closed loop. */
    RateSchedule schedule;

    SocketChannel channel;
    SelectionKey key;
    int state = CLOSED;
    /** When a closed connection may try to connect again. */
    long reconnectAtNanos;
    long connectStartNanos;
    /** Fixed-rate mode: sequence number of the next request to send. */
    long nextSequence;
    /** Fixed-rate mode: true while this connection sits in the worker's send-time heap. */
    boolean scheduled;

    private final long[] intendedNanos;
    private final long[] sentNanos;
    private int head;
    private int inFlight;

    Connection(int index, int pipeline, int writeBufferBytes, boolean headRequests) {
        this.index = index;
        this.parser = new ResponseParser(headRequests);
        this.pendingWrite = ByteBuffer.allocateDirect(writeBufferBytes).limit(0);
        this.intendedNanos = new long[pipeline];
        this.sentNanos = new long[pipeline];
    }

    int inFlight() {
        return inFlight;
    }

    int capacity() {
        return intendedNanos.length;
    }

    /** Records a request written now; the caller checked {@code inFlight() < capacity()}. */
    void push(long intendedStartNanos, long sentAtNanos) {
        int slot = head + inFlight;
        if (slot >= intendedNanos.length) {
            slot -= intendedNanos.length;
        }
        intendedNanos[slot] = intendedStartNanos;
        sentNanos[slot] = sentAtNanos;
        inFlight++;
    }

    long oldestIntendedNanos() {
        return intendedNanos[head];
    }

    long oldestSentNanos() {
        return sentNanos[head];
    }

    /** Forgets the oldest request in flight (answered). */
    void pop() {
        head = head + 1 == intendedNanos.length ? 0 : head + 1;
        inFlight--;
    }

    /** Forgets every request in flight (connection lost); returns how many there were. */
    int clearInFlight() {
        int lost = inFlight;
        inFlight = 0;
        head = 0;
        return lost;
    }

    /** Fixed-rate mode: when the next request of this connection is due. */
    long nextIntendedNanos() {
        return schedule.intendedStartNanos(nextSequence);
    }
}
