package dev.fairbench.cli;

import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.canary.HostSpeedRule;
import dev.fairbench.runner.proc.InterferenceGuard;
import picocli.CommandLine.Option;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --max-foreign}, {@code --max-steal}, {@code --max-host-slowdown}, {@code --max-host-wait} and
 * {@code --retries}, {@code --no-late-retry}: the interference guard and the host-speed canary of every measured
 * window.
 */
public final class GuardMixin {
    private static final Pattern PERCENT = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*%?\\s*");

    @Option(names = "--max-foreign", paramLabel = "CORES", defaultValue = "" + InterferenceGuard.DEFAULT_MAX_FOREIGN_CORES,
            description = "CPU that processes outside the benchmark may use during a measured window, in cores, "
                    + "before the window counts as disturbed and is measured again (default: ${DEFAULT-VALUE}).")
    double maxForeignCores;

    @Option(names = "--max-steal", paramLabel = "CORES", defaultValue = "" + InterferenceGuard.DEFAULT_MAX_STEAL_CORES,
            description = "CPU time the hypervisor may give to other guests during a measured window (steal, summed "
                    + "over this machine's CPUs), in cores, before the window counts as disturbed and is measured "
                    + "again (default: ${DEFAULT-VALUE}).")
    double maxStealCores;

    @Option(names = "--max-host-slowdown", paramLabel = "PERCENT",
            defaultValue = "" + (int) (HostSpeedRule.DEFAULT_MAX_HOST_SLOWDOWN * 100) + "%",
            description = "How much slower than the run's median a fixed canary timed on the app's CPUs just before "
                    + "and after a measured window may run, e.g. 10%%, before the window counts as slowed by the host "
                    + "and is measured again (default: ${DEFAULT-VALUE}).")
    String maxHostSlowdown;

    @Option(names = "--max-host-wait", paramLabel = "TIME", defaultValue = "120s",
            converter = LoadCommand.DurationConverter.class,
            description = "Before a window slowed by the host (and by no foreign process) is measured again, how long "
                    + "to wait at most for the canary to be back to the host's usual speed; 0s measures again at once "
                    + "(default: ${DEFAULT-VALUE}).")
    java.time.Duration maxHostWait;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "" + TrialOptions.DEFAULT_RETRIES,
            description = "How many times a disturbed or slowed window is measured again before it is kept, marked "
                    + "disturbed (default: ${DEFAULT-VALUE}).")
    int retries;

    @Option(names = "--no-late-retry",
            description = "Keep a window that stays disturbed after its retries as it is, instead of measuring it once "
                    + "more after the last round, in a fresh start of its app (a slow stretch of the host has then had "
                    + "a whole round's time to pass).")
    boolean noLateRetry;

    /** @throws IllegalArgumentException with one line for a value out of range */
    public TrialOptions.Guard guard() {
        return new TrialOptions.Guard(maxForeignCores, retries, percent(maxHostSlowdown), maxHostWait, maxStealCores,
                !noLateRetry);
    }

    /**
     * {@code 10%} or {@code 10} as the fraction 0.10.
     *
     * @throws IllegalArgumentException with one line saying what is accepted
     */
    static double percent(String text) {
        Matcher m = PERCENT.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("invalid --max-host-slowdown '" + text + "': expected a percentage such "
                    + "as 10% or 12.5");
        }
        return Double.parseDouble(m.group(1)) / 100;
    }
}
