package dev.fairbench.services;

/**
 * A service could not be installed, started, stopped or reached. The message is one line meant for a person
 * ("PostgreSQL did not start on 127.0.0.1:15432: ... (log: .fairbench/pg/data-15432.log)"); the CLI prints it as is.
 */
public final class ServiceException extends RuntimeException {
    public ServiceException(String message) {
        super(message);
    }

    public ServiceException(String message, Throwable cause) {
        super(message, cause);
    }
}
