package dev.fairbench.apps.nettyhello;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.ReadOnlyHttpHeaders;
import io.netty.util.AsciiString;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Date;

/**
 * Every response the server sends, built once: status, headers and body are fixed except for the {@code Date}
 * header, which {@link #date} replaces (the server's clock calls it once a second). Each write is a new
 * {@link FullHttpResponse} that shares the body bytes and one read-only header set, so a request costs an object
 * and the encoding of the head, nothing else. The head of {@code /hello} is {@code content-length},
 * {@code content-type}, {@code date}: with the status line and the body, 130 bytes, the size of the Rust hello
 * apps' response (seed 002). Thread-safe: event loops read the current header sets while the clock publishes new
 * ones; a published set is never changed.
 */
final class CannedResponses {
    static final AsciiString TEXT = AsciiString.cached("text/plain; charset=utf-8");

    /** {@code 200 Hello, World!} (docs/workload.md section 4.5). */
    final Canned hello = new Canned(HttpResponseStatus.OK, "Hello, World!");
    /** Any path but {@code /hello} (section 5). */
    final Canned notFound = new Canned(HttpResponseStatus.NOT_FOUND, "Not Found");
    /** {@code /hello} with a method other than GET or HEAD (section 5). */
    final Canned methodNotAllowed = new Canned(HttpResponseStatus.METHOD_NOT_ALLOWED, "Method Not Allowed",
            HttpHeaderNames.ALLOW, AsciiString.cached("GET, HEAD"));
    /** A request Netty's decoder could not read. */
    final Canned badRequest = new Canned(HttpResponseStatus.BAD_REQUEST, "Bad Request");
    /** A request line over the decoder's limit (4 096 bytes). */
    final Canned uriTooLong = new Canned(HttpResponseStatus.REQUEST_URI_TOO_LONG, "URI Too Long");
    /** A header section over the decoder's limit (8 192 bytes). */
    final Canned headersTooLarge = new Canned(HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
            "Request Header Fields Too Large");

    private final Canned[] all = {hello, notFound, methodNotAllowed, badRequest, uriTooLong, headersTooLarge};

    /** Responses dated now. */
    CannedResponses() {
        date(System.currentTimeMillis());
    }

    /** Dates every response from now on with {@code epochMillis} (IMF-fixdate, RFC 9110 section 5.6.7). */
    void date(long epochMillis) {
        AsciiString date = new AsciiString(DateFormatter.format(new Date(epochMillis)));
        for (Canned c : all) c.date(date);
    }

    /** One response: a fixed status, body and header names, and the current date. */
    static final class Canned {
        private final HttpResponseStatus status;
        private final ByteBuf body;
        /** Name, value, name, value, ...: the fixed headers, followed by {@code date} and its value. */
        private final CharSequence[] headerPairs;
        private volatile HttpHeaders headers;

        private Canned(HttpResponseStatus status, String body, CharSequence... extraHeaders) {
            this.status = status;
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            // Shared by every write: release() of a duplicate must not free it.
            this.body = Unpooled.unreleasableBuffer(Unpooled.directBuffer(bytes.length).writeBytes(bytes));
            CharSequence[] fixed = {HttpHeaderNames.CONTENT_LENGTH, AsciiString.of(Integer.toString(bytes.length)),
                    HttpHeaderNames.CONTENT_TYPE, TEXT};
            headerPairs = Arrays.copyOf(fixed, fixed.length + extraHeaders.length + 2);
            System.arraycopy(extraHeaders, 0, headerPairs, fixed.length, extraHeaders.length);
            headerPairs[headerPairs.length - 2] = HttpHeaderNames.DATE;
        }

        private void date(AsciiString date) {
            CharSequence[] pairs = headerPairs.clone();
            pairs[pairs.length - 1] = date;
            headers = new ReadOnlyHttpHeaders(false, pairs);
        }

        HttpResponseStatus status() {
            return status;
        }

        /** The response on a persistent HTTP/1.1 connection: no {@code Connection} header. */
        FullHttpResponse persistent() {
            return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body.duplicate(), headers,
                    EmptyHttpHeaders.INSTANCE);
        }

        /** The response with {@code Connection: connection} ({@code close}, or {@code keep-alive} for HTTP/1.0). */
        FullHttpResponse withConnection(AsciiString connection) {
            HttpHeaders copy = new DefaultHttpHeaders().add(headers).set(HttpHeaderNames.CONNECTION, connection);
            return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body.duplicate(), copy,
                    EmptyHttpHeaders.INSTANCE);
        }
    }
}
