package dev.fairbench.workload.conformance;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link HttpExchange} against hostile servers: every bound fails fast with a {@link ResponseLimitException}. */
@Timeout(10)
class HttpExchangeLimitsTest {
    /** A request body no pair of loopback socket buffers holds: a write of it blocks while the server reads nothing. */
    static final int NEVER_BUFFERED_BYTES = 32 * 1024 * 1024;

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static void sleepForever() throws InterruptedException {
        Thread.sleep(60_000);
    }

    @Test
    void endlessHeaderHitsTheHeadLimit() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\n"));
            byte[] header = ascii("X-Filler: " + "a".repeat(100) + "\r\n");
            while (true) out.write(header);
        }); HttpExchange http = new HttpExchange("127.0.0.1", server.port(), 8_000)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> http.send("GET", "/", null)).isInstanceOf(ResponseLimitException.class)
                    .hasMessageContaining("head").hasMessageContaining(String.valueOf(HttpExchange.MAX_HEAD_BYTES));
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(4_000);
        }
    }

    @Test
    void endlessChunkedBodyHitsTheBodyLimit() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"));
            byte[] data = new byte[8192];
            Arrays.fill(data, (byte) 'x');
            while (true) {
                out.write(ascii("2000\r\n"));
                out.write(data);
                out.write(ascii("\r\n"));
            }
        }); HttpExchange http = new HttpExchange("127.0.0.1", server.port(), 8_000)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> http.send("GET", "/", null)).isInstanceOf(ResponseLimitException.class)
                    .hasMessageContaining("body larger than " + HttpExchange.MAX_BODY_BYTES);
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(6_000);
        }
    }

    @Test
    void stalledBodyHitsTheDeadline() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789"));
            out.flush();
            sleepForever();
        }); HttpExchange http = new HttpExchange("127.0.0.1", server.port(), 500)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> http.send("GET", "/", null)).isInstanceOf(ResponseLimitException.class)
                    .hasMessageContaining("within 500 ms");
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(400L, 2_000L);
        }
    }

    @Test
    void tricklingHeadHitsTheTotalDeadlineNotJustTheReadTimeout() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nX-Slow: "));
            while (true) {
                out.write('a');
                out.flush();
                Thread.sleep(20);
            }
        }); HttpExchange http = new HttpExchange("127.0.0.1", server.port(), 500)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> http.send("GET", "/", null)).isInstanceOf(ResponseLimitException.class)
                    .hasMessageContaining("within 500 ms");
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(400L, 2_000L);
        }
    }

    @Test
    void aServerThatNeverReadsTheBodyHitsTheWriteDeadline() throws Exception {
        try (HostileServer server = new HostileServer(4096, out -> sleepForever());
             HttpExchange http = new HttpExchange("127.0.0.1", server.port(), 500)) {
            long start = System.nanoTime();
            // Far more than the socket buffers of both ends hold (4 MiB to send, 4 KiB to receive).
            assertThatThrownBy(() -> http.send("POST", "/phash", new byte[NEVER_BUFFERED_BYTES]))
                    .isInstanceOf(ResponseLimitException.class).hasMessage("request not written within 500 ms");
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(400L, 3_000L);
        }
    }

    @Test
    void wellFormedResponsesStillRead() throws Exception {
        try (HostileServer server = new HostileServer(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-T: 1\r\n\r\n"));
            out.flush();
            sleepForever();
        }); HttpExchange http = new HttpExchange("127.0.0.1", server.port(), 2_000)) {
            HttpExchange.Response r = http.send("GET", "/", null);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.framing()).isEqualTo("chunked");
            assertThat(new String(r.body(), StandardCharsets.US_ASCII)).isEqualTo("hello");
        }
    }
}
