package dev.fairbench.runner.suite;

/** A suite file that cannot be used: its message is one line naming the file and the key. */
public final class SuiteException extends RuntimeException {
    public SuiteException(String message) {
        super(message);
    }
}
