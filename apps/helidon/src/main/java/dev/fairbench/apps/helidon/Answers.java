package dev.fairbench.apps.helidon;

import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;

/** The contract's response types and bodies (sections 4 and 5), written to a Helidon response. Stateless. */
final class Answers {
    static final Header HTML = HeaderValues.createCached(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8");
    static final Header TEXT = HeaderValues.createCached(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
    static final Header JSON = HeaderValues.createCached(HeaderNames.CONTENT_TYPE, "application/json");

    static final byte[] NOT_FOUND = utf8("Not Found");
    static final byte[] METHOD_NOT_ALLOWED = utf8("Method Not Allowed");
    static final byte[] SERVICE_UNAVAILABLE = utf8("Service Unavailable");
    static final byte[] INTERNAL_ERROR = utf8("Internal Server Error");
    static final byte[] BAD_IMAGE_SIZE = utf8("{\"error\":\"body must be exactly 4096 bytes\"}");
    static final byte[] PAYLOAD_TOO_LARGE = utf8("{\"error\":\"body larger than 65536 bytes\"}");

    private Answers() {}

    static void html(ServerRequest req, ServerResponse res, byte[] page) {
        send(req, res.header(HTML), page);
    }

    static void text(ServerRequest req, ServerResponse res, String body) {
        send(req, res.header(TEXT), utf8(body));
    }

    static void notFound(ServerRequest req, ServerResponse res) {
        send(req, res.status(Status.NOT_FOUND_404).header(TEXT), NOT_FOUND);
    }

    /**
     * Sends {@code body}, or for a {@code HEAD} request only its {@code Content-Length} (contract §5.1): Helidon
     * 4.5 would write the body of a {@code HEAD} answer. {@link Method#HEAD} is the one instance Helidon parses.
     */
    static void send(ServerRequest req, ServerResponse res, byte[] body) {
        if (req.prologue().method() == Method.HEAD) {
            res.header(HeaderNames.CONTENT_LENGTH, Integer.toString(body.length)).send();
        } else {
            res.send(body);
        }
    }

    static void json(ServerResponse res, Status status, byte[] body) {
        res.status(status).header(JSON).send(body);
    }

    static void serviceUnavailable(ServerRequest req, ServerResponse res) {
        send(req, res.status(Status.SERVICE_UNAVAILABLE_503).header(TEXT), SERVICE_UNAVAILABLE);
    }

    static void internalError(ServerRequest req, ServerResponse res) {
        send(req, res.status(Status.INTERNAL_SERVER_ERROR_500).header(TEXT), INTERNAL_ERROR);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
