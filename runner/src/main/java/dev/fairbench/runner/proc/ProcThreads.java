package dev.fairbench.runner.proc;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The memory and context-switch lines of every thread of a host, as one reading of {@link HostProcFs#table(boolean)}
 * takes them with {@code grep -H} over {@code /proc/<pid>/task/<tid>/status}: lines
 * {@code /proc/<pid>/task/<tid>/status:<key>:<blanks><number>[ kB]}, the keys {@code VmRSS}
 * (the process's resident memory in KiB, the same in each of its threads' files; kernel threads have none),
 * {@code voluntary_ctxt_switches} and {@code nonvoluntary_ctxt_switches}. The same definitions as
 * {@link ProcFs#treeRssBytes} and {@link ProcFs#treeThreadContextSwitches}. Immutable.
 */
public final class ProcThreads {
    static final ProcThreads NONE = new ProcThreads(Map.of(), Map.of());

    private final Map<Long, Long> rssKibByPid;
    /** tid to its pid, and tid to its switches (voluntary + nonvoluntary). */
    private final Map<Long, long[]> byTid;

    private ProcThreads(Map<Long, Long> rssKibByPid, Map<Long, long[]> byTid) {
        this.rssKibByPid = rssKibByPid;
        this.byTid = byTid;
    }

    /** Whether this reading holds thread lines at all (a reading without them answers nothing here). */
    boolean isRead() {
        return this != NONE;
    }

    /** Parses the {@code grep -H} lines (see the class); lines that do not parse are left out. */
    static ProcThreads parse(List<String> lines) {
        Map<Long, Long> rss = new HashMap<>();
        Map<Long, long[]> tids = new HashMap<>();
        for (String line : lines) {
            // /proc/<pid>/task/<tid>/status:<key>:<value>
            String[] parts = line.split(":", 3);
            if (parts.length < 3) continue;
            String[] path = parts[0].split("/");
            if (path.length != 6 || !path[1].equals("proc") || !path[3].equals("task")) continue;
            String v = parts[2].strip();
            int space = v.indexOf(' ');
            try {
                long pid = Long.parseLong(path[2]);
                long tid = Long.parseLong(path[4]);
                long value = Long.parseLong(space < 0 ? v : v.substring(0, space));
                switch (parts[1]) {
                    case "VmRSS" -> rss.put(pid, value);
                    case "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches" ->
                            tids.computeIfAbsent(tid, k -> new long[] {pid, 0})[1] += value;
                    default -> { }
                }
            } catch (NumberFormatException e) {
                // not a status line
            }
        }
        return new ProcThreads(Map.copyOf(rss), Map.copyOf(tids));
    }

    /** Resident memory of {@code pids} ({@code VmRSS} of each, summed), in bytes. */
    long rssBytes(Collection<Long> pids) {
        long kib = 0;
        for (long p : pids) kib += rssKibByPid.getOrDefault(p, 0L);
        return kib * 1024;
    }

    /** Context switches (voluntary + nonvoluntary) of every thread of {@code pids}, by thread id. */
    Map<Long, Long> switchesByThread(Collection<Long> pids) {
        java.util.Set<Long> in = new java.util.HashSet<>(pids);
        Map<Long, Long> out = new HashMap<>();
        byTid.forEach((tid, pidAndCount) -> {
            if (in.contains(pidAndCount[0])) out.put(tid, pidAndCount[1]);
        });
        return out;
    }
}
