package dev.fairbench.workload.conformance;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link RawConnection}, the hostile suite's connection, against servers made by the test: bounded as the gate's
 * client is, a close by the server is {@code null}, and a write the server never takes is a timeout, not a close.
 */
@Timeout(10)
class RawConnectionTest {

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aWriteTheServerNeverTakesTimesOutAtTheDeadlineInsteadOfPassingForAClose() throws Exception {
        try (HostileServer server = new HostileServer(4096, out -> Thread.sleep(60_000));
             RawConnection c = new RawConnection("127.0.0.1", server.port(), 500)) {
            long start = System.nanoTime();
            c.send("POST /phash HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n");
            assertThatThrownBy(() -> c.send(new byte[HttpExchangeLimitsTest.NEVER_BUFFERED_BYTES]))
                    .isInstanceOf(SocketTimeoutException.class);
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(400L, 3_000L);
        }
    }

    @Test
    void endlessHeadersHitTheHeadLimit() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\n"));
            byte[] header = ascii("X-Filler: " + "a".repeat(100) + "\r\n");
            while (true) out.write(header);
        }); RawConnection c = new RawConnection("127.0.0.1", server.port(), 8_000)) {
            c.send("GET / HTTP/1.1\r\n\r\n");
            assertThatThrownBy(() -> c.read(false)).isInstanceOf(ResponseLimitException.class)
                    .hasMessageContaining(String.valueOf(RawConnection.MAX_HEAD));
        }
    }

    @Test
    void anUnframedBodyThatNeverEndsHitsTheBodyLimit() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\n\r\n"));
            byte[] data = new byte[8192];
            while (true) out.write(data);
        }); RawConnection c = new RawConnection("127.0.0.1", server.port(), 8_000)) {
            c.send("GET / HTTP/1.1\r\n\r\n");
            assertThatThrownBy(() -> c.read(false)).isInstanceOf(ResponseLimitException.class)
                    .hasMessageContaining("body larger than " + RawConnection.MAX_BODY);
        }
    }

    @Test
    void aCloseBeforeTheStatusLineIsNull() throws Exception {
        try (HostileServer server = new HostileServer(out -> out.close());
             RawConnection c = new RawConnection("127.0.0.1", server.port(), 2_000)) {
            c.send("GET / HTTP/1.1\r\n\r\n");
            assertThat(c.read(false)).isNull();
        }
    }

    @Test
    void aTrickleGoesOnUntilTheServerClosesAndSendsOneBytePerInterval() throws Exception {
        AtomicInteger received = new AtomicInteger();
        try (HostileServer server = HostileServer.talking((in, out) -> {
            long start = System.nanoTime();
            while (System.nanoTime() - start < 1_200_000_000L && in.read() >= 0) received.incrementAndGet();
        }); RawConnection c = new RawConnection("127.0.0.1", server.port(), 5_000)) {
            long start = System.nanoTime();
            assertThat(c.trickle(ascii("GET /hello HTTP/1.1\r\nX-Trickle: aaaaaaaaaaaaaaaaaaaa"), 500)).isNull();
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(900L, 3_000L);
            // bytes at 0, 0.5 and 1 s before the close at 1.2 s; a server thread or a client that starts late
            // (a stolen core) shifts the two clocks by a byte or two, while a bulk send would deliver the whole line
            assertThat(received.get()).isBetween(2, 6);
        }
    }

    @Test
    void aTrickleReturnsTheAnswerTheServerGivesMidway() throws Exception {
        try (HostileServer server = HostileServer.talking((in, out) -> {
            for (int i = 0; i < 3; i++) in.read();
            out.write(ascii("HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"));
            out.flush();
            Thread.sleep(60_000);
        }); RawConnection c = new RawConnection("127.0.0.1", server.port(), 5_000)) {
            assertThat(c.trickle(ascii("GET /hello HTTP/1.1\r\n"), 200).status()).isEqualTo(408);
        }
    }

    @Test
    void aTrickleTheServerWaitsOutTimesOutAtTheDeadline() throws Exception {
        try (HostileServer server = HostileServer.talking((in, out) -> {
            while (in.read() >= 0) {
                // takes every byte and never answers
            }
        }); RawConnection c = new RawConnection("127.0.0.1", server.port(), 1_500)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> c.trickle(ascii("GET /hello HTTP/1.1\r\nX-Trickle: aaaaaaaaaa"), 200))
                    .isInstanceOf(SocketTimeoutException.class);
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(1_400L, 2_500L);
        }
    }

    @Test
    void interimResponsesAreSkippedAndHeadHasNoBody() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n0\r\n\r\n"));
            out.flush();
            Thread.sleep(60_000);
        }); RawConnection c = new RawConnection("127.0.0.1", server.port(), 2_000)) {
            c.send("HEAD / HTTP/1.1\r\n\r\n");
            RawConnection.Response head = c.read(true);
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("Content-Length")).isEqualTo("13");
            assertThat(head.body()).isEmpty();
            RawConnection.Response get = c.read(false);
            assertThat(new String(get.body(), StandardCharsets.US_ASCII)).isEqualTo("Hello");
        }
    }

    @Test
    void aBodyCutByAResetKeepsItsStatusPassesAStatusCheckAndFailsAnExactOne() throws Exception {
        // As Go's net/http answers a head it gave up on: 400, a body delimited by the close, and the close is a
        // reset because the client's bytes were never read.
        try (HostileServer server = HostileServer.talkingThenResetting((in, out) -> {
            in.read();
            out.write(ascii("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n400 Bad"));
            out.flush();
            Thread.sleep(200);
        }); RawConnection c = new RawConnection("127.0.0.1", server.port(), 3_000)) {
            c.send("GET /hello HTTP/1.1\r\nX-Unread: aaaaaaaaaaaaaaaa\r\n\r\n");
            RawConnection.Response r = c.read(false);
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.bodyReset()).isTrue();
            assertThat(HostileCases.statusOrClose(r, Set.of(400, 408))).isNull();
            assertThat(HostileCases.statusOrClose(r, Set.of(408))).contains("status 400");
            assertThat(HostileCases.exact(r, 400, "text/plain", ascii("400 Bad")))
                    .isEqualTo("connection reset inside the body");
        }
    }
}
