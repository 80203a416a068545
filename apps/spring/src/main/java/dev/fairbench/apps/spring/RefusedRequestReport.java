package dev.fairbench.apps.spring;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.ResponseEntity;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Tomcat's host-level error report, replaced: the contract's plain bodies instead of Tomcat's HTML page. It only
 * sees errors that never reached Spring, chiefly URIs Tomcat refuses before routing ({@code %00}, {@code ..} above
 * the root, bad escapes); those name no route, so they answer 404 like any other unknown path, except a request
 * head over Tomcat's size limit, which is a 431. Public with a public
 * constructor because Tomcat instantiates it by class name. Thread-safe (stateless).
 */
public final class RefusedRequestReport extends ErrorReportValve {

    /**
     * Whether Tomcat refused the request because its line or headers overflowed {@code maxHttpHeaderSize}: an
     * {@link IllegalArgumentException} from its input buffer. That answer is 431 (contract §5.1), not the 404 of an
     * unroutable URI.
     */
    static boolean headTooLarge(Throwable throwable) {
        for (Throwable t = throwable; t != null; t = t.getCause()) {
            if (t instanceof IllegalArgumentException && t.getMessage() != null
                    && t.getMessage().toLowerCase(java.util.Locale.ROOT).contains("too large")) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) return;
        if (status == 400 && request.getContext() == null) status = headTooLarge(throwable) ? 431 : 404;
        ResponseEntity<byte[]> answer = Responses.status(status);
        response.setStatus(status);
        response.setContentType(String.valueOf(answer.getHeaders().getContentType()));
        try {
            PrintWriter writer = response.getReporter();
            if (writer != null) {
                writer.write(new String(answer.getBody(), StandardCharsets.UTF_8));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone: nothing left to answer
        }
    }
}
