package dev.fairbench.runner.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How busy the whole machine is, from /proc: the load average ({@code /proc/loadavg}) and the share of CPU time
 * all CPUs spent idle (idle + iowait over all jiffies of the {@code cpu} line of {@code /proc/stat}) over a short
 * window. Said before a benchmark starts, so that nobody takes numbers from a busy machine for the apps' own.
 * Stateless; thread-safe.
 */
public final class MachineLoad {
    /** Below this idle share the machine is not idle. */
    public static final double IDLE_THRESHOLD = 0.90;
    /** Above this many runnable tasks per CPU (1-minute load average) the machine is not idle. */
    public static final double LOAD_PER_CPU_THRESHOLD = 0.5;
    /** The window of {@link #sample()}. */
    public static final Duration WINDOW = Duration.ofSeconds(1);

    private MachineLoad() {}

    /**
     * One look at the machine.
     *
     * @param load      load averages over 1, 5 and 15 minutes, or null when /proc/loadavg is unreadable
     * @param idleShare share of all CPUs' time spent idle during the window, 0..1, or NaN when unknown
     * @param cpus      CPUs the OS has online
     */
    public record Sample(double[] load, double idleShare, int cpus) {
        /** The load averages as {@code "0.12 0.30 0.25"}, or {@code "unknown"}. */
        public String loadAverage() {
            return format(load);
        }

        /** The idle share as a fraction with three decimals, e.g. {@code "0.985"}, or {@code "unknown"}. */
        public String idle() {
            return Double.isNaN(idleShare) ? "unknown" : String.format(Locale.ROOT, "%.3f", idleShare);
        }

        /** E.g. {@code machine: load average 0.12 0.30 0.25 (2 CPUs), 98% idle over 1 s}. */
        public String describe() {
            String idle = Double.isNaN(idleShare) ? "idle share unknown"
                    : String.format(Locale.ROOT, "%.0f%% idle over %d s", idleShare * 100, WINDOW.toSeconds());
            return "machine: load average " + loadAverage() + " (" + cpus + " CPUs), " + idle;
        }

        /** One warning line when the machine is not idle (see the thresholds above), else empty. */
        public Optional<String> warning() {
            StringBuilder why = new StringBuilder();
            if (!Double.isNaN(idleShare) && idleShare < IDLE_THRESHOLD) {
                why.append(String.format(Locale.ROOT, "only %.0f%% idle (< %.0f%%)", idleShare * 100,
                        IDLE_THRESHOLD * 100));
            }
            double limit = LOAD_PER_CPU_THRESHOLD * cpus;
            if (load != null && load[0] > limit) {
                if (!why.isEmpty()) why.append(", ");
                why.append(String.format(Locale.ROOT, "load average %.2f > %.1f (%.1f × %d CPUs)", load[0], limit,
                        LOAD_PER_CPU_THRESHOLD, cpus));
            }
            return why.isEmpty() ? Optional.empty() : Optional.of("warning: the machine is not idle: " + why
                    + "; other work will disturb the measurement");
        }
    }

    /** Load averages now and the idle share over {@link #WINDOW}; blocks for the window. */
    public static Sample sample() throws InterruptedException {
        long[] before = cpuJiffies();
        Thread.sleep(WINDOW);
        long[] after = cpuJiffies();
        return new Sample(loadAverage().orElse(null), idleShare(before, after), CpuPlacement.onlineCpus());
    }

    /** The 1, 5 and 15 minute load averages, as {@code "0.12 0.30 0.25"}, or {@code "unknown"}. */
    public static String loadAverageNow() {
        return format(loadAverage().orElse(null));
    }

    static Optional<double[]> loadAverage() {
        try {
            return parseLoadAverage(Files.readString(Path.of("/proc/loadavg")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<double[]> parseLoadAverage(String loadavg) {
        String[] f = loadavg.strip().split("\\s+");
        if (f.length < 3) return Optional.empty();
        try {
            return Optional.of(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]),
                Double.parseDouble(f[2])});
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** {idle + iowait, total} jiffies of all CPUs, or null when /proc/stat is unreadable. */
    static long[] cpuJiffies() {
        try {
            return parseCpuLine(Files.readAllLines(Path.of("/proc/stat")).getFirst());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * {idle + iowait, total} of a {@code cpu  user nice system idle iowait irq softirq steal guest guest_nice} line;
     * guest time is already counted in user and nice, so it is left out of the total.
     */
    static long[] parseCpuLine(String line) {
        String[] f = line.strip().split("\\s+");
        if (!f[0].equals("cpu") || f.length < 5) throw new IllegalArgumentException("not the cpu line: " + line);
        long total = 0;
        for (int i = 1; i < f.length && i <= 8; i++) total += Long.parseLong(f[i]);
        long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
        return new long[] {idle, total};
    }

    static double idleShare(long[] before, long[] after) {
        if (before == null || after == null || after[1] <= before[1]) return Double.NaN;
        return Math.clamp((double) (after[0] - before[0]) / (after[1] - before[1]), 0.0, 1.0);
    }

    private static String format(double[] load) {
        return load == null ? "unknown" : String.format(Locale.ROOT, "%.2f %.2f %.2f", load[0], load[1], load[2]);
    }
}
