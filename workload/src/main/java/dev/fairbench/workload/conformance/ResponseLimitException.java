package dev.fairbench.workload.conformance;

import java.io.IOException;

/**
 * A response broke one of {@link BoundedConnection}'s size bounds (its head or body was larger than allowed), or,
 * from {@link HttpExchange}, a request or response was not complete before the exchange's deadline. The connection
 * is unusable afterwards. Immutable.
 */
public final class ResponseLimitException extends IOException {
    ResponseLimitException(String message) {
        super(message);
    }
}
