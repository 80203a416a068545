package dev.fairbench.runner;

/**
 * A {@link Pass} could not measure an app; the message is the reason recorded in the results (first line shown on
 * the console). What was measured before stays recorded.
 */
public final class TrialFailure extends Exception {
    public TrialFailure(String reason) {
        super(reason);
    }
}
