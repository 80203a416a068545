package dev.fairbench.loadgen;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseParserTest {
    /** Several responses back to back, as a pipelined connection receives them, and what each must parse to. */
    private static final String STREAM = ""
            + "HTTP/1.1 200 OK\r\nContent-Length: 13\r\nContent-Type: text/plain\r\n\r\nHello, World!"
            + "HTTP/1.1 100 Continue\r\n\r\n"
            + "HTTP/1.1 404 Not Found\r\ncontent-length: 3\r\n\r\nno!"
            + "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n"
            + "5;name=value\r\nHello\r\n8\r\n, World!\r\n0\r\nTrailer: x\r\n\r\n"
            + "HTTP/1.1 204 No Content\r\nContent-Length: 99\r\n\r\n"
            + "HTTP/1.1 304 Not Modified\r\n\r\n"
            + "HTTP/1.1 302 Found\r\nLocation: /\r\nContent-Length: 0\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n"
            + "HTTP/1.1 503 Busy\nContent-Length: 2\n\nno"
            + "HTTP/1.1 200 OK\r\nConnection: Close\r\nContent-Length: 2\r\n\r\nok";
    private static final List<String> EXPECTED = List.of("200 keep", "404 keep", "200 keep", "204 keep",
            "304 keep", "302 keep", "200 keep", "503 keep", "200 close");

    private static List<String> parseInChunks(byte[] bytes, int[] cuts, boolean head) {
        ResponseParser parser = new ResponseParser(head);
        List<String> seen = new ArrayList<>();
        int start = 0;
        for (int k = 0; k <= cuts.length; k++) {
            int end = k < cuts.length ? cuts[k] : bytes.length;
            byte[] buffer = new byte[end - start + 7];
            System.arraycopy(bytes, start, buffer, 7, end - start);
            int position = 7;
            int limit = buffer.length;
            while (position < limit) {
                position = parser.parse(buffer, position, limit);
                assertThat(position).as(parser.error()).isNotEqualTo(ResponseParser.ERROR);
                if (parser.complete()) {
                    seen.add(parser.status() + (parser.closeAfter() ? " close" : " keep"));
                }
            }
            start = end;
        }
        if (parser.endOfStream()) {
            seen.add(parser.status() + " eof");
        }
        return seen;
    }

    @Test
    void everySplitPointGivesTheSameResponses() {
        byte[] bytes = STREAM.getBytes(StandardCharsets.US_ASCII);
        assertThat(parseInChunks(bytes, new int[0], false)).isEqualTo(EXPECTED);
        for (int cut = 1; cut < bytes.length; cut++) {
            assertThat(parseInChunks(bytes, new int[]{cut}, false)).as("split at %d", cut).isEqualTo(EXPECTED);
        }
    }

    @Property(tries = 300, seed = "42")
    void anyChunkingGivesTheSameResponses(@ForAll @Size(max = 40) List<@IntRange(min = 1, max = 64) Integer> sizes) {
        byte[] bytes = STREAM.getBytes(StandardCharsets.US_ASCII);
        List<Integer> cuts = new ArrayList<>();
        int at = 0;
        for (int size : sizes) {
            at += size;
            if (at >= bytes.length) {
                break;
            }
            cuts.add(at);
        }
        assertThat(parseInChunks(bytes, cuts.stream().mapToInt(Integer::intValue).toArray(), false))
                .isEqualTo(EXPECTED);
    }

    @Test
    void bodyUntilCloseEndsAtEndOfStreamAndHttp10ClosesUnlessKeepAlive() {
        byte[] untilClose = "HTTP/1.1 200 OK\r\n\r\nsome body".getBytes(StandardCharsets.US_ASCII);
        assertThat(parseInChunks(untilClose, new int[]{5, 21}, false)).containsExactly("200 eof");
        byte[] http10 = ("HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx"
                + "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 1\r\n\r\nx")
                .getBytes(StandardCharsets.US_ASCII);
        assertThat(parseInChunks(http10, new int[0], false)).containsExactly("200 close", "200 keep");
    }

    @Test
    void responsesToHeadHaveNoBody() {
        byte[] bytes = "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII);
        assertThat(parseInChunks(bytes, new int[]{3}, true)).containsExactly("200 keep", "200 keep");
    }

    @Test
    void malformedResponsesAreErrors() {
        for (String bad : List.of("SSH-2.0-OpenSSH\r\n", "HTTP/1.1 2x0 OK\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n",
                "HTTP/1.1 200 OK\r\nNoColonHere\r\n\r\n", "HTTP/1.1 999 What\r\n\r\n")) {
            ResponseParser parser = new ResponseParser(false);
            byte[] bytes = bad.getBytes(StandardCharsets.US_ASCII);
            int position = 0;
            while (position >= 0 && position < bytes.length) {
                position = parser.parse(bytes, position, bytes.length);
            }
            assertThat(position).as(bad).isEqualTo(ResponseParser.ERROR);
            assertThat(parser.error()).isNotBlank();
        }
    }
}
