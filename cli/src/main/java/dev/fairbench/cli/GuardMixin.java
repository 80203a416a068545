package dev.fairbench.cli;

import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.proc.InterferenceGuard;
import picocli.CommandLine.Option;

/** {@code --max-foreign} and {@code --retries}: the interference guard of every measured window. */
public final class GuardMixin {
    @Option(names = "--max-foreign", paramLabel = "CORES", defaultValue = "" + InterferenceGuard.DEFAULT_MAX_FOREIGN_CORES,
            description = "CPU that processes outside the benchmark may use during a measured window, in cores, "
                    + "before the window counts as disturbed and is measured again (default: ${DEFAULT-VALUE}).")
    double maxForeignCores;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "" + TrialOptions.DEFAULT_RETRIES,
            description = "How many times a disturbed window is measured again before it is kept, marked disturbed "
                    + "(default: ${DEFAULT-VALUE}).")
    int retries;

    /** @throws IllegalArgumentException with one line for a value out of range */
    public TrialOptions.Guard guard() {
        return new TrialOptions.Guard(maxForeignCores, retries);
    }
}
