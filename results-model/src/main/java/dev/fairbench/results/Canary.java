package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Locale;

/**
 * The host-speed canary around one measured window: a fixed piece of work timed on the app's CPUs just before and
 * just after the window, and how much slower it ran than the run's baseline. The host can slow the guest (its
 * clock, its caches, its memory) without anything in {@code /proc} showing it; the canary does.
 *
 * @param before      the canary's times just before the window
 * @param after       the canary's times just after the window
 * @param baseline    what they were compared with: per part, the median of every canary time of the run until
 *                    then (the timings at its start included); for a window kept as slowed that the session's
 *                    final baseline clears ({@link HostSpeed#rejudged}), that final baseline
 * @param slowdown    the largest of the four ratios time / baseline, minus 1 (0.15 = 15% slower; negative when
 *                    every part ran faster than the baseline)
 * @param maxSlowdown the threshold: a window whose {@code slowdown} is above it is slowed
 * @param slowed      {@code slowdown > maxSlowdown}
 */
public record Canary(Times before, Times after, Times baseline, double slowdown, double maxSlowdown, boolean slowed) {

    /**
     * Wall times of one canary: its CPU-bound part and its memory-latency-bound part, in milliseconds.
     *
     * @param cpuMs    the CPU-bound part (dependent integer operations in registers)
     * @param memoryMs the memory-latency-bound part (a dependent walk over an array far larger than the caches)
     */
    public record Times(double cpuMs, double memoryMs) {
        /** Both parts together. */
        @JsonIgnore
        public double totalMs() {
            return cpuMs + memoryMs;
        }
    }

    /** Judges {@code before} and {@code after} against {@code baseline} with threshold {@code maxSlowdown}. */
    public static Canary judge(Times before, Times after, Times baseline, double maxSlowdown) {
        double worst = Math.max(Math.max(before.cpuMs() / baseline.cpuMs(), after.cpuMs() / baseline.cpuMs()),
                Math.max(before.memoryMs() / baseline.memoryMs(), after.memoryMs() / baseline.memoryMs())) - 1;
        return new Canary(before, after, baseline, worst, maxSlowdown, worst > maxSlowdown);
    }

    /** Why a slowed window is measured again, e.g. {@code host slowed: canary +18%}. */
    @JsonIgnore
    public String reason() {
        return String.format(Locale.ROOT, "host slowed: canary %+.0f%%", slowdown * 100);
    }
}
