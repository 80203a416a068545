package dev.fairbench.apps.spring;

import io.lettuce.core.RedisException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The contract's error answers (section 5) for what routing and controllers throw, so that Spring's error JSON
 * never shows; {@link ContainerErrors} covers what Tomcat raises itself. No stack trace reaches a client.
 */
@RestControllerAdvice
final class ErrorResponses {
    private static final Logger log = LoggerFactory.getLogger(ErrorResponses.class);

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<byte[]> notFound() {
        return Responses.notFound();
    }

    @ExceptionHandler
    ResponseEntity<byte[]> methodNotAllowed(HttpRequestMethodNotSupportedException e) {
        String[] allowed = e.getSupportedMethods();
        return Responses.methodNotAllowed(allowed == null ? "" : String.join(", ", allowed));
    }

    /** PostgreSQL (JdbcTemplate translates every SQLException) or Redis unreachable or failing. */
    @ExceptionHandler({DataAccessException.class, RedisException.class})
    ResponseEntity<byte[]> serviceUnavailable(RuntimeException e) {
        log.debug("backing service failed", e);
        return Responses.serviceUnavailable();
    }

    /** The client went away mid-response (a load generator stopping): nothing to answer, nothing worth a log. */
    @ExceptionHandler(AsyncRequestNotUsableException.class)
    void clientGone() {
    }

    @ExceptionHandler
    ResponseEntity<byte[]> unexpected(Exception e) {
        log.error("request failed", e);
        return Responses.status(500);
    }
}
