package dev.fairbench.runner.proc;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts the context switches of a process tree over a measurement, including threads that exit during it.
 * Linux lists only live threads and {@code /proc/<pid>/status} counts only the main thread, so the counter keeps
 * the last value seen for every thread: call {@link #sample()} at the start, regularly during the measurement
 * (a thread that exits loses at most the switches since the previous sample) and at the end. Thread-safe.
 */
final class ContextSwitchCounter {
    private final long pid;
    private final Map<Long, Long> atStart;
    private final Map<Long, Long> last = new HashMap<>();

    /** Takes the starting sample of {@code pid}'s tree. */
    public ContextSwitchCounter(long pid) {
        this.pid = pid;
        this.atStart = ProcFs.treeThreadContextSwitches(pid);
        last.putAll(atStart);
    }

    /** Reads every live thread of the tree and remembers its count. */
    public synchronized void sample() {
        last.putAll(ProcFs.treeThreadContextSwitches(pid));
    }

    /** Switches since the starting sample, over every thread seen (threads born later start from zero). */
    public synchronized long switchesSinceStart() {
        long total = 0;
        for (Map.Entry<Long, Long> e : last.entrySet()) {
            total += Math.max(0, e.getValue() - atStart.getOrDefault(e.getKey(), 0L));
        }
        return total;
    }
}
