package dev.fairbench.apps.helidon;

import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
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

    static void html(ServerResponse res, byte[] page) {
        res.header(HTML).send(page);
    }

    static void text(ServerResponse res, String body) {
        res.header(TEXT).send(utf8(body));
    }

    static void json(ServerResponse res, Status status, byte[] body) {
        res.status(status).header(JSON).send(body);
    }

    static void notFound(ServerResponse res) {
        res.status(Status.NOT_FOUND_404).header(TEXT).send(NOT_FOUND);
    }

    static void serviceUnavailable(ServerResponse res) {
        res.status(Status.SERVICE_UNAVAILABLE_503).header(TEXT).send(SERVICE_UNAVAILABLE);
    }

    static void internalError(ServerResponse res) {
        res.status(Status.INTERNAL_SERVER_ERROR_500).header(TEXT).send(INTERNAL_ERROR);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
