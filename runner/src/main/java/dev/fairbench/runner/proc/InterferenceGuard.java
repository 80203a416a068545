package dev.fairbench.runner.proc;

import dev.fairbench.results.Interference;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Watches the whole machine during one measured window and accounts for the CPU that the benchmark did not use:
 * once a second (and at start and close) it reads every process of {@code /proc} and sorts it as <em>own</em>
 * (in the tree of one of the given roots: the runner, the app, PostgreSQL, Redis), a kernel thread, or
 * <em>foreign</em>. A foreign process's CPU is what it used between the first and the last sample that saw it
 * (from zero when it started inside the window), with the CPU of the children it reaped, so that a build that
 * runs many short compilers still counts. {@code /proc/stat} gives the machine's busy time, of which what no
 * process accounts for is recorded as unattributed. It watches this machine; the app's and the services' other
 * hosts are {@link RemoteGuard}'s, whose figures {@link RemoteGuard#merge} adds to this one's.
 *
 * <p>Start it just before the load and stop it just after; {@link #stop} returns the {@link Interference}.
 * One window per instance. Thread-safe: sampling runs on a thread of its own.
 */
public final class InterferenceGuard {
    /** Default threshold: foreign CPU above 5% of one core disturbs a window. */
    public static final double DEFAULT_MAX_FOREIGN_CORES = 0.05;
    /**
     * Default threshold of the hypervisor's steal, summed over the CPUs: 5% of one core, as for foreign CPU. On the
     * Xeon VM of docs/results/2026-12-02-repeat-2 no window's steal reached 0.002 cores; on the EPYC VM of
     * docs/results/2026-12-02-repeat-3 it ranged from 0.015 to 0.6 cores per window, and the app's CPU per request
     * rose with it (Vert.x pHash 139 µs at 0.03 cores, 190 µs at 0.6).
     */
    public static final double DEFAULT_MAX_STEAL_CORES = 0.05;
    static final int TOP = 3;
    private static final long SAMPLE_PERIOD_MILLIS = 1000;

    private final Supplier<Set<Long>> ownRoots;
    private final Set<String> ownNetworkNamespaces;
    private final double maxForeignCores;
    private final long windowStartTicks;
    private final long startNanos;
    private final ProcStat cpuBefore;
    private final ScheduledExecutorService timer;
    /** Per process (pid and start time): the ticks when first seen, and when last seen. */
    private final Map<String, long[]> foreign = new HashMap<>();
    private final Map<String, String> commands = new HashMap<>();
    /** The processes (pid and start time) once seen as the benchmark's own. */
    private final Set<String> ownKeys = new HashSet<>();
    private final Map<String, long[]> kernel = new HashMap<>();
    private final Map<String, long[]> everyProcess = new HashMap<>();
    private Interference result;

    /**
     * @param ownRoots        the roots of the benchmark's own process trees, asked again at every sample (the
     *                        runner's pid is always added)
     * @param maxForeignCores foreign CPU per second of window above which the window is disturbed
     */
    public InterferenceGuard(Supplier<Set<Long>> ownRoots, double maxForeignCores) {
        this(ownRoots, Set.of(), maxForeignCores);
    }

    /**
     * A guard for which, besides the trees of {@code ownRoots}, every process in one of the network namespaces
     * {@code ownNetworkNamespaces} (as {@code readlink /proc/PID/ns/net} names them, {@code net:[4026532281]}) is
     * the benchmark's own: the namespaces that stand for the session's other hosts when they are this machine's
     * kernel (the network namespaces of {@code examples/hosts-netns.sh}), whose every process is the run's.
     */
    public InterferenceGuard(Supplier<Set<Long>> ownRoots, Set<String> ownNetworkNamespaces, double maxForeignCores) {
        this.ownRoots = ownRoots;
        this.ownNetworkNamespaces = Set.copyOf(ownNetworkNamespaces);
        this.maxForeignCores = maxForeignCores;
        this.windowStartTicks = uptimeTicks();
        this.cpuBefore = ProcStat.read();
        this.startNanos = System.nanoTime();
        sample();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fairbench-interference-guard");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::sample, SAMPLE_PERIOD_MILLIS, SAMPLE_PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Stops watching, takes the last sample and returns what the window saw; later calls return the same. */
    public synchronized Interference stop() {
        if (result != null) return result;
        timer.shutdownNow();
        sample();
        double window = (System.nanoTime() - startNanos) / 1e9;
        ProcStat cpuAfter = ProcStat.read();
        double tick = 1.0 / ProcFs.clockTicksPerSecond();
        long foreignTicks = sum(foreign);
        long accounted = sum(everyProcess);
        long busy = cpuAfter.busyTicksSince(cpuBefore);
        List<Interference.ForeignProcess> top = foreign.entrySet().stream()
                .filter(e -> used(e.getValue()) > 0)
                .sorted(Comparator.comparingLong((Map.Entry<String, long[]> e) -> used(e.getValue())).reversed())
                .limit(TOP)
                .map(e -> new Interference.ForeignProcess(Long.parseLong(e.getKey().substring(0, e.getKey().indexOf(':'))),
                        commands.getOrDefault(e.getKey(), "?"), used(e.getValue()) * tick))
                .toList();
        double foreignSeconds = foreignTicks * tick;
        result = new Interference(window, foreignSeconds, Math.max(0, busy - accounted) * tick, sum(kernel) * tick,
                cpuAfter.stealTicksSince(cpuBefore) * tick, maxForeignCores,
                window > 0 && foreignSeconds / window > maxForeignCores, top);
        return result;
    }

    /**
     * The CPU seconds counted as foreign for {@code pid} (every process that had that pid in the window), whether or
     * not it made the top three; for tests and diagnostics, after {@link #stop}.
     */
    synchronized double foreignCpuSeconds(long pid) {
        long ticks = 0;
        for (Map.Entry<String, long[]> e : foreign.entrySet()) {
            if (e.getKey().startsWith(pid + ":")) ticks += used(e.getValue());
        }
        return (double) ticks / ProcFs.clockTicksPerSecond();
    }

    private synchronized void sample() {
        if (result != null) return;
        Set<Long> own = new HashSet<>();
        own.add(ProcessHandle.current().pid());
        Set<Long> roots = new HashSet<>(ownRoots.get());
        roots.add(ProcessHandle.current().pid());
        for (long root : roots) own.addAll(ProcFs.tree(root));
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(Path.of("/proc"), p -> isPid(p.getFileName().toString()))) {
            for (Path p : dir) {
                long pid = Long.parseLong(p.getFileName().toString());
                String[] f = ProcFs.statFields(pid);
                if (f == null || f.length < 20) continue;
                String key = pid + ":" + f[19];
                long startTicks = Long.parseLong(f[19]);
                long self = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                long withChildren = self + Long.parseLong(f[13]) + Long.parseLong(f[14]);
                boolean bornInside = startTicks >= windowStartTicks;
                track(everyProcess, key, self, bornInside);
                if ((Long.parseLong(f[6]) & ProcTable.PF_KTHREAD) != 0) {
                    track(kernel, key, self, bornInside);
                } else if (ownKeys.contains(key) || own.contains(pid) || inOwnNamespace(pid, Long.parseLong(f[1]))) {
                    // Once own, own to the end: an own process on its way out (a zombie) has no namespace to read
                    // and may have left the tree, and must not turn foreign with all its CPU in the last sample.
                    ownKeys.add(key);
                } else {
                    track(foreign, key, withChildren, bornInside);
                    // Read again while it lives (just after fork it may not have exec'd its command yet); the
                    // longest line wins, since a zombie or a process on its way out reads as its bare name.
                    String command = f[0].equals("Z") ? name(pid) : command(pid);
                    String seen = commands.get(key);
                    if (seen == null || command.length() > seen.length()) commands.put(key, command);
                }
            }
        } catch (IOException | RuntimeException e) {
            // /proc changed under us: the next sample sees the processes again
        }
    }

    /**
     * Whether {@code pid} is in one of the own network namespaces; for a process whose namespace cannot be read (a
     * zombie has none), whether its parent, the one to reap it, is.
     */
    private boolean inOwnNamespace(long pid, long parentPid) {
        if (ownNetworkNamespaces.isEmpty()) return false;
        String namespace = networkNamespace(pid);
        if (namespace == null) namespace = networkNamespace(parentPid);
        return namespace != null && ownNetworkNamespaces.contains(namespace);
    }

    private static String networkNamespace(long pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "ns", "net")).toString();
        } catch (IOException | RuntimeException e) {
            return null; // gone, a zombie, or not ours to read
        }
    }

    private static void track(Map<String, long[]> map, String key, long ticks, boolean bornInside) {
        long[] seen = map.get(key);
        if (seen == null) map.put(key, new long[]{bornInside ? 0 : ticks, ticks});
        else seen[1] = ticks;
    }

    private static long used(long[] seen) {
        return Math.max(0, seen[1] - seen[0]);
    }

    private static long sum(Map<String, long[]> map) {
        long s = 0;
        for (long[] v : map.values()) s += used(v);
        return s;
    }

    private static boolean isPid(String name) {
        if (name.isEmpty()) return false;
        for (int i = 0; i < name.length(); i++) if (!Character.isDigit(name.charAt(i))) return false;
        return true;
    }

    /**
     * The command line of {@code pid}, shortened to 100 characters, with the password of any URL in it replaced by
     * {@code ***}, or its name when the line is unreadable.
     */
    static String command(long pid) {
        try {
            String line = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"))).replace('\0', ' ').strip();
            if (line.isEmpty()) line = Files.readString(Path.of("/proc", Long.toString(pid), "comm")).strip();
            line = redact(line);
            return line.length() > 100 ? line.substring(0, 97) + "..." : line;
        } catch (IOException e) {
            return "?";
        }
    }

    /** The name of {@code pid} as {@code /proc/PID/comm} gives it (a zombie keeps it), in brackets, or "?". */
    static String name(long pid) {
        try {
            return "[" + Files.readString(Path.of("/proc", Long.toString(pid), "comm")).strip() + "]";
        } catch (IOException e) {
            return "?";
        }
    }

    /** {@code line} with the password of every URL in it replaced by {@code ***}. */
    static String redact(String line) {
        return line.replaceAll("(://[^:/@\\s]*:)[^@\\s]*@", "$1***@");
    }

    /** Clock ticks since boot, from {@code /proc/uptime} (the unit of a process's start time). */
    private static long uptimeTicks() {
        try {
            String up = Files.readString(Path.of("/proc/uptime")).trim().split("\\s+")[0];
            return (long) (Double.parseDouble(up) * ProcFs.clockTicksPerSecond());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
