package dev.fairbench.apps.helidon;

import io.helidon.http.DirectHandler;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;

/**
 * Helidon's answers that bypass routing (a body over {@code maxPayloadSize}, a request it cannot parse, an
 * exception no error handler took), with the contract's bodies instead of Helidon's default text: the message of
 * the failure is never echoed, so no internal detail reaches a client. Stateless, thread-safe.
 */
final class TransportErrors implements DirectHandler {

    @Override
    public TransportResponse handle(TransportRequest request, EventType eventType, Status defaultStatus,
                                    ServerResponseHeaders responseHeaders, String message) {
        TransportResponse.Builder response = TransportResponse.builder().headers(responseHeaders);
        return switch (defaultStatus.code()) {
            case 413 -> response.status(Status.REQUEST_ENTITY_TOO_LARGE_413).header(Answers.JSON)
                    .entity(Answers.PAYLOAD_TOO_LARGE).build();
            case 404 -> response.status(Status.NOT_FOUND_404).header(Answers.TEXT).entity(Answers.NOT_FOUND).build();
            case 503 -> response.status(Status.SERVICE_UNAVAILABLE_503).header(Answers.TEXT)
                    .entity(Answers.SERVICE_UNAVAILABLE).build();
            default -> response.status(defaultStatus).header(Answers.TEXT)
                    .entity(Answers.utf8(defaultStatus.reasonPhrase())).build();
        };
    }
}
