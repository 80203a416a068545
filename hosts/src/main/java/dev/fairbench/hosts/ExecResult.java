package dev.fairbench.hosts;

/**
 * What a command run to completion on a {@link Host} left: its exit code (128 + N when killed by signal N) and its
 * standard output and error as UTF-8 text.
 */
public record ExecResult(int exitCode, String stdout, String stderr) {
    public boolean succeeded() {
        return exitCode == 0;
    }

    /** The last non-blank line of standard error, or "" when it said nothing: the line worth quoting in a message. */
    public String lastErrorLine() {
        return Text.lastNonBlankLine(stderr);
    }
}
