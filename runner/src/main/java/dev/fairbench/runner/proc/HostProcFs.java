package dev.fairbench.runner.proc;

import dev.fairbench.hosts.ExecResult;
import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.HostException;
import dev.fairbench.hosts.LocalHost;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

/**
 * The {@code /proc} of a {@link Host}, read with one command per reading ({@code cat} of the uptime and every
 * process's {@code stat} file, {@link #table()}; of {@code /proc/stat}; of {@code /proc/cpuinfo}), so that a window's
 * start and end cost one SSH channel each on a remote host. The same parsing as {@link ProcFs} and {@link ProcStat}: a tree is a pid and
 * every process whose parent chain reaches it, its CPU time {@code utime + stime + cutime + cstime}. Works as well
 * over a {@code LocalHost}. The host's clock tick is asked once ({@code getconf CLK_TCK}). Thread-safe.
 */
public final class HostProcFs implements ProcView {
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    // Processes come and go between the shell's glob and cat: a vanished file is no error.
    private static final String TABLE = "echo $$; cat /proc/uptime /proc/[0-9]*/stat 2>/dev/null; exit 0";
    private static final String TABLE_WITH_THREADS = "echo $$; cat /proc/uptime /proc/[0-9]*/stat 2>/dev/null; "
            + "grep -H -e '^VmRSS:' -e 'ctxt_switches:' /proc/[0-9]*/task/*/status 2>/dev/null; exit 0";
    private static final String IDENTITY = "cat /proc/sys/kernel/random/boot_id; readlink /proc/self/ns/pid";

    private final Host host;
    private volatile Long clockTicks;
    private volatile Boolean seenHere;

    public HostProcFs(Host host) {
        this.host = host;
    }

    @Override
    public long treeCpuMicros(long pid) {
        return table().treeCpuMicros(pid);
    }

    /**
     * One reading of the host's whole process table with its uptime, in one command (see {@link ProcTable#parse}).
     *
     * @throws HostException when the host cannot be read
     */
    public ProcTable table() {
        return table(false);
    }

    /**
     * {@link #table()}, with {@code withThreads} also the memory and context-switch lines of every thread on the
     * host ({@code grep -H} of {@code VmRSS} and {@code *ctxt_switches} in each {@code /proc/<pid>/task/<tid>/status},
     * see {@link ProcThreads}), still in one command: for {@link ProcTable#treeRssBytes} and
     * {@link ProcTable#contextSwitchesBetween}. Three lines per thread on the host.
     *
     * @throws HostException when the host cannot be read
     */
    public ProcTable table(boolean withThreads) {
        long ticks = clockTicksPerSecond();
        return ProcTable.parse(run(withThreads ? TABLE_WITH_THREADS : TABLE), ticks);
    }

    /** The host this reads. */
    Host host() {
        return host;
    }

    /** Whether the host's commands run over SSH (then {@link ProcTable#sessionRoot} looks for their sshd). */
    boolean overSsh() {
        return !(host instanceof LocalHost);
    }

    /**
     * Whether this host's processes are in this machine's {@code /proc} too: the same kernel (boot id) and pid
     * namespace, as a {@code LocalHost}, this machine over SSH or a network namespace of
     * {@code examples/hosts-netns.sh} are; then this machine's {@link InterferenceGuard} already sees them. Asked
     * once (one command), false when the host does not say (asked again when it did not answer).
     */
    public boolean seenHere() {
        Boolean known = seenHere;
        if (known == null) {
            if (!overSsh()) {
                known = true;
            } else {
                try {
                    ExecResult there = host.run(List.of("sh", "-c", IDENTITY), READ_TIMEOUT);
                    known = there.succeeded() && there.stdout().strip().equals(localIdentity());
                } catch (HostException e) {
                    return false; // not answered now: asked again next time
                }
            }
            seenHere = known;
        }
        return known;
    }

    private static String localIdentity() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/random/boot_id")).strip()
                    + "\n" + java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/ns/pid"));
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    @Override
    public boolean isLocal() {
        return false;
    }

    /** The tree CPU of {@code pid} in {@code stats}, the text of every {@code /proc/<pid>/stat}, one per line. */
    static long treeCpuMicros(long pid, String stats, long ticksPerSecond) {
        return new ProcTable(-1, -1, ticksPerSecond, ProcTable.parseStats(stats.lines().toList())).treeCpuMicros(pid);
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
