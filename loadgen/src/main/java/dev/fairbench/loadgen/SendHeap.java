package dev.fairbench.loadgen;

import java.util.Arrays;

/**
 * Binary min-heap of connections keyed by the time their next request is due, so a fixed-rate worker finds the
 * next send in O(log n) instead of scanning every connection. Keys are fixed while a connection is in the heap.
 * Allocation-free once grown; not thread-safe (one per worker).
 */
final class SendHeap {
    private Connection[] connections;
    private long[] dueNanos;
    private int size;

    SendHeap(int capacity) {
        connections = new Connection[Math.max(1, capacity)];
        dueNanos = new long[connections.length];
    }

    int size() {
        return size;
    }

    /** Due time of the earliest connection; only when {@code size() > 0}. */
    long peekDueNanos() {
        return dueNanos[0];
    }

    void add(Connection connection, long due) {
        if (size == connections.length) {
            connections = Arrays.copyOf(connections, size * 2);
            dueNanos = Arrays.copyOf(dueNanos, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (dueNanos[parent] <= due) {
                break;
            }
            connections[i] = connections[parent];
            dueNanos[i] = dueNanos[parent];
            i = parent;
        }
        connections[i] = connection;
        dueNanos[i] = due;
    }

    /** Removes and returns the earliest connection; only when {@code size() > 0}. */
    Connection poll() {
        Connection top = connections[0];
        int last = --size;
        Connection moved = connections[last];
        long movedDue = dueNanos[last];
        connections[last] = null;
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && dueNanos[child + 1] < dueNanos[child]) {
                child++;
            }
            if (dueNanos[child] >= movedDue) {
                break;
            }
            connections[i] = connections[child];
            dueNanos[i] = dueNanos[child];
            i = child;
        }
        if (size > 0) {
            connections[i] = moved;
            dueNanos[i] = movedDue;
        }
        return top;
    }
}
