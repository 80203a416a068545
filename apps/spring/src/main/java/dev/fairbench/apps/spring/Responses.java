package dev.fairbench.apps.spring;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import java.nio.charset.StandardCharsets;

/** The contract's response bodies and types (sections 4 and 5), shared by the controller and the error handlers. */
final class Responses {
    static final MediaType HTML = MediaType.parseMediaType("text/html; charset=utf-8");
    static final MediaType TEXT = MediaType.parseMediaType("text/plain; charset=utf-8");

    private static final byte[] NOT_FOUND = utf8("Not Found");
    private static final byte[] METHOD_NOT_ALLOWED = utf8("Method Not Allowed");
    private static final byte[] SERVICE_UNAVAILABLE = utf8("Service Unavailable");
    private static final byte[] BAD_REQUEST = utf8("Bad Request");
    private static final byte[] BAD_IMAGE_SIZE = utf8("{\"error\":\"body must be exactly 4096 bytes\"}");
    private static final byte[] PAYLOAD_TOO_LARGE = utf8("{\"error\":\"body larger than 65536 bytes\"}");

    private Responses() {}

    static ResponseEntity<byte[]> html(byte[] page) {
        return ResponseEntity.ok().contentType(HTML).body(page);
    }

    static ResponseEntity<byte[]> text(String body) {
        return ResponseEntity.ok().contentType(TEXT).body(utf8(body));
    }

    static ResponseEntity<byte[]> notFound() {
        return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(TEXT).body(NOT_FOUND);
    }

    /** @param allow the methods the path accepts, for the {@code Allow} header; may be empty */
    static ResponseEntity<byte[]> methodNotAllowed(String allow) {
        ResponseEntity.BodyBuilder response = ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).contentType(TEXT);
        if (!allow.isEmpty()) response.header(HttpHeaders.ALLOW, allow);
        return response.body(METHOD_NOT_ALLOWED);
    }

    static ResponseEntity<byte[]> serviceUnavailable() {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).contentType(TEXT).body(SERVICE_UNAVAILABLE);
    }

    static ResponseEntity<byte[]> badImageSize() {
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).contentType(MediaType.APPLICATION_JSON).body(BAD_IMAGE_SIZE);
    }

    static ResponseEntity<byte[]> payloadTooLarge() {
        return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).contentType(MediaType.APPLICATION_JSON)
                .body(PAYLOAD_TOO_LARGE);
    }

    /** Errors the container raises itself: the contract's body where it has one, else the reason phrase. */
    static ResponseEntity<byte[]> status(int status) {
        return switch (status) {
            case 404 -> notFound();
            case 405 -> methodNotAllowed("");
            case 413 -> payloadTooLarge();
            case 503 -> serviceUnavailable();
            case 400 -> ResponseEntity.status(400).contentType(TEXT).body(BAD_REQUEST);
            default -> {
                HttpStatus known = HttpStatus.resolve(status);
                yield ResponseEntity.status(status).contentType(TEXT)
                        .body(utf8(known == null ? "Error" : known.getReasonPhrase()));
            }
        };
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
