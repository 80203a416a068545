package dev.fairbench.runner.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One reading of {@code /proc/stat}: the time each CPU spent busy, idle and stolen, in clock ticks
 * ({@link ProcFs#clockTicksPerSecond()}) since boot. Two readings give the busy share of a set of CPUs over a
 * window. Immutable.
 *
 * <p>Busy is {@code user + nice + system + irq + softirq}; idle is {@code idle + iowait}; steal (time the
 * hypervisor gave to another guest) is kept apart: it is neither this machine's work nor idle time.
 *
 * @param busyTicks  per CPU number
 * @param idleTicks  per CPU number
 * @param stealTicks per CPU number
 */
public record ProcStat(Map<Integer, Long> busyTicks, Map<Integer, Long> idleTicks, Map<Integer, Long> stealTicks) {

    public ProcStat {
        busyTicks = Map.copyOf(busyTicks);
        idleTicks = Map.copyOf(idleTicks);
        stealTicks = Map.copyOf(stealTicks);
    }

    /** Reads {@code /proc/stat}; empty maps when it cannot be read (not Linux). */
    public static ProcStat read() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/stat")));
        } catch (IOException e) {
            return new ProcStat(Map.of(), Map.of(), Map.of());
        }
    }

    static ProcStat parse(List<String> lines) {
        Map<Integer, Long> busy = new HashMap<>();
        Map<Integer, Long> idle = new HashMap<>();
        Map<Integer, Long> steal = new HashMap<>();
        for (String line : lines) {
            if (!line.startsWith("cpu") || line.startsWith("cpu ")) continue;
            String[] f = line.trim().split("\\s+");
            int cpu = Integer.parseInt(f[0].substring(3));
            long[] v = new long[8];
            for (int i = 0; i < v.length && i + 1 < f.length; i++) v[i] = Long.parseLong(f[i + 1]);
            busy.put(cpu, v[0] + v[1] + v[2] + v[5] + v[6]);
            idle.put(cpu, v[3] + v[4]);
            steal.put(cpu, v[7]);
        }
        return new ProcStat(busy, idle, steal);
    }

    /**
     * The busy share of {@code cpus} from {@code before} to this reading: busy ticks over busy + idle ticks, 0 to 1
     * (1 = every CPU of the set busy the whole time); 0 when no tick passed or no CPU of the set is known.
     */
    public double busyShareSince(ProcStat before, List<Integer> cpus) {
        long busy = 0;
        long all = 0;
        for (int cpu : cpus) {
            Long b1 = busyTicks.get(cpu);
            Long b0 = before.busyTicks.get(cpu);
            if (b1 == null || b0 == null) continue;
            long db = b1 - b0;
            long di = idleTicks.get(cpu) - before.idleTicks.get(cpu);
            busy += db;
            all += db + di;
        }
        return all <= 0 ? 0 : Math.min(1, (double) busy / all);
    }

    /** Busy ticks of every CPU from {@code before} to this reading. */
    public long busyTicksSince(ProcStat before) {
        long sum = 0;
        for (var e : busyTicks.entrySet()) sum += e.getValue() - before.busyTicks.getOrDefault(e.getKey(), e.getValue());
        return sum;
    }

    /** Stolen ticks of every CPU from {@code before} to this reading. */
    public long stealTicksSince(ProcStat before) {
        long sum = 0;
        for (var e : stealTicks.entrySet()) sum += e.getValue() - before.stealTicks.getOrDefault(e.getKey(), e.getValue());
        return sum;
    }
}
