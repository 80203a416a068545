package dev.fairbench.workload.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * A deliberately small blocking HTTP/1.1 client for the conformance gate: one keep-alive connection, one request at
 * a time, and the raw framing headers kept, which {@code java.net.http} hides. Not thread-safe.
 *
 * <p>Bounded against a hostile server (the reading and writing are {@link BoundedConnection}'s): the request must be
 * written within {@code timeoutMillis} (a server that never reads cannot block it), the status line plus headers
 * (and, apart, the trailers) may hold at most {@link #MAX_HEAD_BYTES} bytes, a body at most {@link #MAX_BODY_BYTES}
 * bytes (after de-chunking), and reading a whole response must end within the exchange's deadline,
 * {@code timeoutMillis} after the request was written. Breaking a bound throws {@link ResponseLimitException} and
 * closes the connection. Every response is read with the body its headers announce (the gate sends no HEAD).
 */
final class HttpExchange implements AutoCloseable {
    /** Most bytes of a status line plus headers, and of a chunked body's trailers. */
    static final int MAX_HEAD_BYTES = 64 * 1024;
    /** Most bytes of a body. */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    private static final int BUFFER_BYTES = 64 * 1024;

    /** A parsed response; header names are lower-cased, {@code framing} is "content-length" or "chunked". */
    record Response(int status, Map<String, String> headers, String framing, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final String host;
    private final int port;
    private final int timeoutMillis;
    private BoundedConnection connection;

    HttpExchange(String host, int port, int timeoutMillis) {
        this.host = host;
        this.port = port;
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * Sends one request and reads its response.
     *
     * @throws ResponseLimitException when the request is not written in time or the response breaks a bound (see
     *                                the class); the connection is closed
     * @throws IOException            on a socket error or a malformed response
     */
    Response send(String method, String path, byte[] body) throws IOException {
        if (connection == null || connection.isClosed()) {
            connection = new BoundedConnection(host, port, timeoutMillis, BUFFER_BYTES, MAX_HEAD_BYTES, MAX_BODY_BYTES);
        }
        try {
            connection.write(request(method, path, body), System.nanoTime() + timeoutMillis * 1_000_000L);
        } catch (SocketTimeoutException e) {
            close();
            throw new ResponseLimitException("request not written within " + timeoutMillis + " ms");
        } catch (IOException e) {
            // A server may answer 413 and close before reading a large body: read what it said.
        }
        Response response;
        try {
            response = read(System.nanoTime() + timeoutMillis * 1_000_000L);
        } catch (SocketTimeoutException e) {
            close();
            throw new ResponseLimitException("response not complete within " + timeoutMillis + " ms");
        } catch (ResponseLimitException e) {
            close();
            throw e;
        }
        String connectionHeader = response.header("connection");
        if (connectionHeader != null && connectionHeader.equalsIgnoreCase("close")) close();
        return response;
    }

    private byte[] request(String method, String path, byte[] body) {
        StringBuilder head = new StringBuilder(128);
        head.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port)
                .append("\r\nAccept-Encoding: gzip, deflate, br\r\n");
        if (body != null) {
            head.append("Content-Type: application/octet-stream\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream request = new ByteArrayOutputStream(head.length() + (body == null ? 0 : body.length));
        request.writeBytes(head.toString().getBytes(StandardCharsets.US_ASCII));
        if (body != null) request.writeBytes(body);
        return request.toByteArray();
    }

    private Response read(long deadlineNanos) throws IOException {
        BoundedConnection.Head head = connection.readHead(deadlineNanos);
        if (head == null) throw new IOException("connection closed before a response");
        BoundedConnection.Body body = connection.readBody(head, deadlineNanos);
        if (body.framing().equals("none")) close();
        return new Response(head.status(), head.headers(), body.framing(), body.bytes());
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }
}
