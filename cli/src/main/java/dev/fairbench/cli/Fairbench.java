package dev.fairbench.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Builds the {@code fairbench} command line and maps outcomes to exit codes.
 *
 * <p>Exit codes: {@value #OK} success; {@value #FAILURE} the command failed (a service did not start, a database
 * could not be reached, a check did not pass); {@value #USAGE} usage error (unknown command or option, a malformed
 * value such as a {@code --pg-url} that is not a PostgreSQL URL, a results.json that does not match its schema).
 * Errors are one line on stderr (a results.json that does not match its schema: one line per problem); set
 * {@code FAIRBENCH_DEBUG=1} to get the stack trace of a failure as well.
 */
public final class Fairbench {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;

    private Fairbench() {}

    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** A fresh command line with fairbench's error handling; tests set its out and err writers. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new FairbenchCommand());
        cl.setParameterExceptionHandler(Fairbench::usageError);
        cl.setExecutionExceptionHandler(Fairbench::failure);
        cl.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? USAGE : FAILURE);
        // help as wide as the terminal (80 columns elsewhere), so long option descriptions break between words
        cl.setUsageHelpAutoWidth(true);
        return cl;
    }

    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        String name = cl.getCommandSpec().qualifiedName();
        // picocli's "'x' is not a double" speaks Java; a user typed a number
        String message = e.getMessage() == null ? "" : e.getMessage()
                .replaceAll("is not a (double|float)\\b", "is not a number")
                .replaceAll("is not an? (int|long|short)\\b", "is not a whole number");
        // a results.json that does not match the schema: one line per problem, each naming the file and JSON path
        if (e.getCause() instanceof dev.fairbench.results.ResultsException r && !r.problems().isEmpty()) {
            for (String problem : r.problems()) {
                err.println(name + ": " + oneLine(problem));
            }
            err.flush();
            return USAGE;
        }
        String hint = "see '" + name + " --help'";
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            hint = "did you mean " + String.join(" or ", unmatched.getSuggestions()) + "? " + hint;
        }
        err.println(name + ": " + oneLine(message) + " (" + hint + ")");
        err.flush();
        return USAGE;
    }

    private static int failure(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        for (Throwable t = e; t != null; t = t.getCause()) {
            // an app name the registry does not have is a usage error, like an unknown route
            if (t instanceof dev.fairbench.runner.registry.RegistryException r && r.getMessage() != null
                    && r.getMessage().startsWith("unknown app ")) {
                String name = cl.getCommandSpec().qualifiedName();
                err.println(name + ": " + oneLine(r.getMessage()) + " (see '" + name + " --help')");
                err.flush();
                return USAGE;
            }
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : oneLine(e.getMessage());
        if (!(e instanceof dev.fairbench.services.ServiceException) && !(e instanceof CommandFailure)) {
            message = e.getClass().getSimpleName() + ": " + message;
        }
        err.println(cl.getCommandSpec().qualifiedName() + ": error: " + message);
        if (System.getenv("FAIRBENCH_DEBUG") != null) e.printStackTrace(err);
        err.flush();
        return FAILURE;
    }

    /** One line, with passwords ({@code --pg-url}, {@code --redis-url}, generated ones) redacted. */
    private static String oneLine(String s) {
        return dev.fairbench.services.Redaction.redact(s).strip().replaceAll("\\s*\\R\\s*", " | ");
    }

    /** A failure whose message is all a person needs: printed as is, without the exception's class name. */
    public static final class CommandFailure extends RuntimeException {
        public CommandFailure(String message) {
            super(message);
        }

        public CommandFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
