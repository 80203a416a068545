package dev.fairbench.loadgen;

/**
 * A load run that could not start or could not finish, with the process exit code the CLI reports for it.
 *
 * <p>Exit codes of {@code fairbench load}: {@value #INTERNAL} unexpected failure, {@value #USAGE} invalid option,
 * number or URL, {@value #REMOTE_REFUSED} non-loopback target without {@code --allow-remote}, {@value #UNREACHABLE}
 * target not reachable, {@value #OUTPUT} an output file (report, hlog) could not be written. A run that completes
 * exits 0 even if it counted errors or non-2xx responses: those are results, reported in the summary.
 */
public final class LoadException extends Exception {
    /** Exit code: unexpected failure inside the load generator. */
    public static final int INTERNAL = 1;
    /** Exit code: invalid option, number, duration, header or URL. */
    public static final int USAGE = 2;
    /** Exit code: the target is not a loopback address and remote targets were not allowed. */
    public static final int REMOTE_REFUSED = 3;
    /** Exit code: the target could not be connected to before the run. */
    public static final int UNREACHABLE = 4;
    /** Exit code: a report or HdrHistogram log file could not be written. */
    public static final int OUTPUT = 5;

    private final int exitCode;

    public LoadException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public LoadException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** The process exit code for this failure, one of the constants of this class. */
    public int exitCode() {
        return exitCode;
    }
}
