package dev.fairbench.runner.proc;

import dev.fairbench.hosts.ExecResult;
import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.HostException;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The {@code /proc} of a {@link Host}, read with one command per reading ({@code cat} of every process's
 * {@code stat} file, of {@code /proc/stat}, of {@code /proc/cpuinfo}), so that a window's start and end cost one
 * SSH channel each on a remote host. The same parsing as {@link ProcFs} and {@link ProcStat}: a tree is a pid and
 * every process whose parent chain reaches it, its CPU time {@code utime + stime + cutime + cstime}. Works as well
 * over a {@code LocalHost}. The host's clock tick is asked once ({@code getconf CLK_TCK}). Thread-safe.
 */
public final class HostProcFs implements ProcView {
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    // Processes come and go between the shell's glob and cat: a vanished file is no error.
    private static final String ALL_STATS = "cat /proc/[0-9]*/stat 2>/dev/null; exit 0";

    private final Host host;
    private volatile Long clockTicks;

    public HostProcFs(Host host) {
        this.host = host;
    }

    @Override
    public long treeCpuMicros(long pid) {
        return treeCpuMicros(pid, run(ALL_STATS), clockTicksPerSecond());
    }

    @Override
    public boolean isLocal() {
        return false;
    }

    /** The tree CPU of {@code pid} in {@code stats}, the text of every {@code /proc/<pid>/stat}, one per line. */
    static long treeCpuMicros(long pid, String stats, long ticksPerSecond) {
        Map<Long, List<Long>> children = new HashMap<>();
        Map<Long, Long> ticks = new HashMap<>();
        for (String line : stats.lines().toList()) {
            int open = line.indexOf(" (");
            int close = line.lastIndexOf(')');
            if (open < 0 || close < open || close + 2 > line.length()) continue;
            String[] f = line.substring(close + 2).split(" ");
            if (f.length < 15 || f[0].equals("Z") || f[0].equals("X")) continue;
            long self = Long.parseLong(line.substring(0, open).strip());
            long parent = Long.parseLong(f[1]);
            children.computeIfAbsent(parent, k -> new ArrayList<>()).add(self);
            ticks.put(self, Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13])
                    + Long.parseLong(f[14]));
        }
        if (!ticks.containsKey(pid)) return 0;
        long sum = 0;
        Deque<Long> todo = new ArrayDeque<>(List.of(pid));
        while (!todo.isEmpty()) {
            long p = todo.pop();
            sum += ticks.getOrDefault(p, 0L);
            todo.addAll(children.getOrDefault(p, List.of()));
        }
        return sum * 1_000_000 / ticksPerSecond;
    }

    /** One reading of the host's {@code /proc/stat}, for the busy share of its CPUs over a window. */
    public ProcStat cpuTimes() {
        return ProcStat.parse(run("cat /proc/stat").lines().toList());
    }

    /** The host's processor model ({@code model name} of {@code /proc/cpuinfo}), or null when it names none. */
    public String cpuModel() {
        return cpuModel(host.readFile("/proc/cpuinfo"));
    }

    /** The logical CPUs the host's {@code /proc/cpuinfo} lists, or empty when it lists none. */
    public OptionalInt logicalCpus() {
        int n = (int) host.readFile("/proc/cpuinfo").lines().filter(l -> l.matches("processor\\s*:.*")).count();
        return n == 0 ? OptionalInt.empty() : OptionalInt.of(n);
    }

    static String cpuModel(String cpuinfo) {
        for (String line : cpuinfo.lines().toList()) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals("model name")) {
                String model = line.substring(colon + 1).strip();
                return model.isEmpty() ? null : model;
            }
        }
        return null;
    }

    /** {@code USER_HZ} of the host, the unit of its {@code stat} CPU times. */
    public long clockTicksPerSecond() {
        Long known = clockTicks;
        if (known == null) {
            String out = run("getconf CLK_TCK").strip();
            try {
                known = Long.parseLong(out);
            } catch (NumberFormatException e) {
                throw new HostException(host.name() + ": 'getconf CLK_TCK' answered '" + out + "'");
            }
            clockTicks = known;
        }
        return known;
    }

    private String run(String script) {
        ExecResult result = host.run(List.of("sh", "-c", script), READ_TIMEOUT);
        if (!result.succeeded()) {
            throw new HostException(host.name() + ": cannot read /proc ('" + script + "', exit " + result.exitCode()
                    + "): " + result.lastErrorLine());
        }
        return result.stdout();
    }

    @Override
    public String toString() {
        return "/proc of " + host.name();
    }
}
