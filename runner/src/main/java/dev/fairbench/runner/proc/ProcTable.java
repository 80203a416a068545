package dev.fairbench.runner.proc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One reading of a host's whole process table, as {@link HostProcFs#table()} takes it with one command: the pid of
 * the reading shell, the host's uptime, then the {@code stat} line of every process (the order of {@link #parse}).
 * It answers the tree CPU of the window's parties ({@link #treeCpuMicros}, as {@link HostProcFs#treeCpuMicros}
 * does) and, compared with another reading, the foreign CPU of the host ({@link RemoteGuard}). Immutable.
 */
public final class ProcTable {
    /** {@code PF_KTHREAD}, in the flags (field 9) of {@code stat}: a kernel thread. */
    static final long PF_KTHREAD = 0x00200000L;

    /**
     * One process as its {@code stat} line gives it.
     *
     * @param pid         process id on the host
     * @param name        the command name ({@code comm}, at most 15 characters), without its parentheses
     * @param state       the state letter ({@code R}, {@code S}, {@code Z}...)
     * @param parent      the parent's pid
     * @param flags       the kernel's flags (field 9)
     * @param selfTicks   {@code utime + stime}, in clock ticks
     * @param reapedTicks {@code cutime + cstime}: of the children it waited for
     * @param startTicks  when it started, in clock ticks since boot (field 22)
     */
    public record Entry(long pid, String name, char state, long parent, long flags, long selfTicks, long reapedTicks,
                        long startTicks) {
        /** Its own CPU and its reaped children's, in clock ticks. */
        public long ticksWithReaped() {
            return selfTicks + reapedTicks;
        }

        public boolean isKernelThread() {
            return (flags & PF_KTHREAD) != 0;
        }

        public boolean isZombie() {
            return state == 'Z' || state == 'X';
        }
    }

    private final long readerPid;
    private final long uptimeTicks;
    private final long ticksPerSecond;
    private final Map<Long, Entry> processes;
    private final Map<Long, List<Long>> children = new HashMap<>();
    private final ProcThreads threads;

    ProcTable(long readerPid, long uptimeTicks, long ticksPerSecond, Collection<Entry> processes) {
        this(readerPid, uptimeTicks, ticksPerSecond, processes, ProcThreads.NONE);
    }

    ProcTable(long readerPid, long uptimeTicks, long ticksPerSecond, Collection<Entry> processes,
              ProcThreads threads) {
        this.threads = threads;
        this.readerPid = readerPid;
        this.uptimeTicks = uptimeTicks;
        this.ticksPerSecond = ticksPerSecond;
        Map<Long, Entry> byPid = new LinkedHashMap<>();
        for (Entry e : processes) {
            byPid.put(e.pid(), e);
            children.computeIfAbsent(e.parent(), k -> new ArrayList<>()).add(e.pid());
        }
        this.processes = java.util.Collections.unmodifiableMap(byPid);
    }

    /**
     * Parses a reading: its first line the pid of the shell that read ({@code echo $$}; -1 when it is not a number),
     * its second {@code /proc/uptime} (seconds since boot, then idle seconds), then one {@code stat} line per
     * process, then, when the reading took them ({@link HostProcFs#table(boolean)}), the {@code grep -H} lines of
     * every thread's status (starting {@code /proc/}, see {@link ProcThreads}). Lines that do not parse (a process
     * read half-way as it ended) are left out.
     *
     * @param ticksPerSecond the host's {@code USER_HZ}, the unit of the stat CPU and start times
     */
    public static ProcTable parse(String reading, long ticksPerSecond) {
        List<String> lines = reading.lines().toList();
        long reader = lines.isEmpty() ? -1 : parseLong(lines.get(0).strip());
        long uptime = -1;
        if (lines.size() > 1) {
            String[] up = lines.get(1).strip().split("\\s+");
            try {
                uptime = Math.round(Double.parseDouble(up[0]) * ticksPerSecond);
            } catch (NumberFormatException e) {
                uptime = -1;
            }
        }
        List<String> stats = new ArrayList<>();
        List<String> statuses = new ArrayList<>();
        for (String line : lines.subList(Math.min(2, lines.size()), lines.size())) {
            (line.startsWith("/proc/") ? statuses : stats).add(line);
        }
        return new ProcTable(reader, uptime, ticksPerSecond, parseStats(stats),
                statuses.isEmpty() ? ProcThreads.NONE : ProcThreads.parse(statuses));
    }

    /** The processes of {@code stat} lines (see {@link #parse}); malformed lines are left out. */
    static List<Entry> parseStats(List<String> stats) {
        List<Entry> out = new ArrayList<>();
        for (String line : stats) {
            int open = line.indexOf(" (");
            int close = line.lastIndexOf(')');
            if (open < 0 || close < open || close + 2 > line.length()) continue;
            String[] f = line.substring(close + 2).split(" ");
            // The name may hold spaces and ')': the fields start after the last ')', index 0 the state (field 3).
            if (f.length < 20 || f[0].isEmpty()) continue;
            try {
                out.add(new Entry(Long.parseLong(line.substring(0, open).strip()), line.substring(open + 2, close),
                        f[0].charAt(0), Long.parseLong(f[1]), Long.parseLong(f[6]),
                        Long.parseLong(f[11]) + Long.parseLong(f[12]), Long.parseLong(f[13]) + Long.parseLong(f[14]),
                        Long.parseLong(f[19])));
            } catch (NumberFormatException e) {
                // not a stat line
            }
        }
        return out;
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The processes of the reading by pid, in the reading's order. */
    public Map<Long, Entry> processes() {
        return processes;
    }

    /** The host's uptime when it was read, in clock ticks; -1 when the reading lacked it. */
    public long uptimeTicks() {
        return uptimeTicks;
    }

    /** The host's {@code USER_HZ}. */
    public long ticksPerSecond() {
        return ticksPerSecond;
    }

    /** The pid of the shell that took the reading, -1 when unknown. */
    public long readerPid() {
        return readerPid;
    }

    /**
     * CPU time of {@code pid} and its live descendants, each with its reaped children, in microseconds, as
     * {@link ProcFs#treeCpuMicros} defines it (zombies are left out: their parent will count them once it reaps
     * them); 0 when {@code pid} is not in the reading.
     */
    public long treeCpuMicros(long pid) {
        Entry root = processes.get(pid);
        if (root == null || root.isZombie()) return 0;
        long sum = 0;
        for (long p : tree(Set.of(pid))) {
            Entry e = processes.get(p);
            if (!e.isZombie()) sum += e.ticksWithReaped();
        }
        return sum * 1_000_000 / ticksPerSecond;
    }

    /**
     * Resident memory of {@code pid}'s tree at this reading ({@code VmRSS} of each live process of it, summed), in
     * bytes, as {@link ProcFs#treeRssBytes} defines it; empty when the reading took no thread lines.
     */
    public OptionalLong treeRssBytes(long pid) {
        if (!threads.isRead()) return OptionalLong.empty();
        return OptionalLong.of(threads.rssBytes(tree(Set.of(pid))));
    }

    /**
     * Context switches (voluntary plus nonvoluntary) of every thread of {@code pid}'s tree between two readings:
     * the threads of the tree in {@code after}, each its count in {@code after} less its count in {@code before}
     * (0 for a thread born in between), as {@link ContextSwitchCounter} counts with two samples. A thread that
     * ended between the readings is not counted. Empty when either reading took no thread lines.
     */
    public static OptionalLong contextSwitchesBetween(ProcTable before, ProcTable after, long pid) {
        if (!before.threads.isRead() || !after.threads.isRead()) return OptionalLong.empty();
        Map<Long, Long> then = before.threads.switchesByThread(before.tree(Set.of(pid)));
        long total = 0;
        for (Map.Entry<Long, Long> e : after.threads.switchesByThread(after.tree(Set.of(pid))).entrySet()) {
            total += Math.max(0, e.getValue() - then.getOrDefault(e.getKey(), 0L));
        }
        return OptionalLong.of(total);
    }

    /** The pids of the reading in the trees of {@code roots} (each root and its descendants), zombies included. */
    public Set<Long> tree(Collection<Long> roots) {
        Set<Long> out = new HashSet<>();
        Deque<Long> todo = new ArrayDeque<>();
        for (long r : roots) if (processes.containsKey(r)) todo.add(r);
        while (!todo.isEmpty()) {
            long p = todo.pop();
            if (out.add(p)) todo.addAll(children.getOrDefault(p, List.of()));
        }
        return out;
    }

    /**
     * The root of the tree of processes that the reader's session started, which are fairbench's own. Over SSH
     * ({@code overSsh}): the reader's nearest ancestor named {@code sshd...} or {@code dropbear}, looked for among
     * its first {@value #SESSION_DEPTH} ancestors (its tie wrapper, a login shell that did not exec): the
     * per-connection server process ({@code sshd: user@notty}, {@code sshd-session} since OpenSSH 9.8) that runs
     * every session of fairbench's control connection, so its tree holds whatever fairbench started on the host
     * (the app, the services' serve command, their tie wrappers, the readers) and nothing else. On a local host, or
     * when no such ancestor is found: the reader's parent when it is a shell (its tie wrapper, whose tree is the
     * reader, its {@code cat} and the wrapper's own {@code cat}), else the reader. Empty when the reader is not in
     * the reading.
     */
    public OptionalLong sessionRoot(boolean overSsh) {
        Entry reader = processes.get(readerPid);
        if (reader == null) return OptionalLong.empty();
        if (overSsh) {
            Entry e = reader;
            for (int depth = 0; depth < SESSION_DEPTH; depth++) {
                e = processes.get(e.parent());
                if (e == null) break;
                if (e.name().startsWith("sshd") || e.name().equals("dropbear")) return OptionalLong.of(e.pid());
            }
        }
        Entry parent = processes.get(reader.parent());
        return OptionalLong.of(parent != null && parent.name().endsWith("sh") ? parent.pid() : reader.pid());
    }

    /** How far up from the reader {@link #sessionRoot} looks for the session's {@code sshd}. */
    static final int SESSION_DEPTH = 4;
}
