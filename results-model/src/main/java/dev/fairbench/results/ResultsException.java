package dev.fairbench.results;

import java.io.IOException;
import java.util.List;

/**
 * results.json is missing, unreadable, malformed, of another format version or does not match the schema; the
 * message is one line. A file that does not match the schema also lists every {@link #problems() problem}, one line
 * each, naming the file and the JSON path.
 */
public final class ResultsException extends IOException {
    private final List<String> problems;

    public ResultsException(String message) {
        super(message);
        this.problems = List.of();
    }

    public ResultsException(String message, Throwable cause) {
        super(message, cause);
        this.problems = List.of();
    }

    /** A file that does not match the schema: one line per problem, the first of them also the message. */
    public ResultsException(List<String> problems) {
        super(problems.getFirst() + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        this.problems = List.copyOf(problems);
    }

    /** One line per schema violation, {@code FILE: $.json.path: what is wrong}; empty for other errors. */
    public List<String> problems() {
        return problems;
    }
}
