package dev.fairbench.results;

import java.io.IOException;

/** results.json is missing, unreadable, malformed or of another format version; the message is one line. */
public final class ResultsException extends IOException {
    public ResultsException(String message) {
        super(message);
    }

    public ResultsException(String message, Throwable cause) {
        super(message, cause);
    }
}
