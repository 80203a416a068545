package dev.fairbench.workload.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A deliberately small blocking HTTP/1.1 client for the conformance gate: one keep-alive connection, one request at
 * a time, and the raw framing headers kept, which {@code java.net.http} hides. Not thread-safe.
 *
 * <p>Bounded against a hostile server: the status line plus headers (and, apart, the trailers) may hold at most
 * {@link #MAX_HEAD_BYTES} bytes, a body at most {@link #MAX_BODY_BYTES} bytes (after de-chunking), and reading
 * a whole response must end within the exchange's deadline, {@code timeoutMillis} after the request was written.
 * Breaking a bound throws {@link ResponseLimitException} and closes the connection.
 */
final class HttpExchange implements AutoCloseable {
    /** Most bytes of a status line plus headers, and of a chunked body's trailers. */
    static final int MAX_HEAD_BYTES = 64 * 1024;
    /** Most bytes of a body. */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    /** A parsed response; header names are lower-cased, {@code framing} is "content-length" or "chunked". */
    record Response(int status, Map<String, String> headers, String framing, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final String host;
    private final int port;
    private final int timeoutMillis;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    /** {@code System.nanoTime()} by which the response being read must be complete. */
    private long deadlineNanos;
    /** Bytes the head (or trailers) being read may still take. */
    private int headBudget;

    HttpExchange(String host, int port, int timeoutMillis) {
        this.host = host;
        this.port = port;
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * Sends one request and reads its response.
     *
     * @throws ResponseLimitException when the response breaks a bound (see the class); the connection is closed
     * @throws IOException            on a socket error or a malformed response
     */
    Response send(String method, String path, byte[] body) throws IOException {
        if (socket == null || socket.isClosed()) open();
        StringBuilder head = new StringBuilder(128);
        head.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port)
                .append("\r\nAccept-Encoding: gzip, deflate, br\r\n");
        if (body != null) {
            head.append("Content-Type: application/octet-stream\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        try {
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            if (body != null) out.write(body);
            out.flush();
        } catch (IOException e) {
            // A server may answer 413 and close before reading a large body: read what it said.
        }
        deadlineNanos = System.nanoTime() + timeoutMillis * 1_000_000L;
        Response response;
        try {
            response = read();
        } catch (ResponseLimitException e) {
            close();
            throw e;
        }
        String connection = response.header("connection");
        if (connection != null && connection.equalsIgnoreCase("close")) close();
        return response;
    }

    private void open() throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), timeoutMillis);
        socket.setSoTimeout(timeoutMillis);
        in = new java.io.BufferedInputStream(new DeadlineInput(socket.getInputStream()), 65_536);
        out = new java.io.BufferedOutputStream(socket.getOutputStream(), 65_536);
    }

    private Response read() throws IOException {
        headBudget = MAX_HEAD_BYTES;
        String statusLine = line();
        if (statusLine == null) throw new IOException("connection closed before a response");
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) throw new IOException("bad status line: " + statusLine);
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(); h != null && !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon > 0) headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        String te = headers.get("transfer-encoding");
        String cl = headers.get("content-length");
        byte[] body;
        String framing;
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            framing = "chunked";
            body = chunked();
        } else if (cl != null) {
            framing = "content-length";
            long length = Long.parseLong(cl);
            if (length < 0) throw new IOException("bad content-length: " + cl);
            requireBodyFits(length);
            body = in.readNBytes((int) length);
            if (body.length < length) {
                throw new IOException("connection closed after " + body.length + " of " + length + " body bytes");
            }
        } else {
            framing = "none";
            body = in.readNBytes(MAX_BODY_BYTES + 1);
            requireBodyFits(body.length);
            close();
        }
        return new Response(status, headers, framing, body);
    }

    private byte[] chunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            headBudget = MAX_HEAD_BYTES;
            String sizeLine = line();
            if (sizeLine == null) throw new IOException("connection closed inside a chunked body");
            int semicolon = sizeLine.indexOf(';');
            String hex = (semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim();
            if (hex.isEmpty() || hex.length() > 8) throw new IOException("bad chunk size: " + sizeLine);
            long size = Long.parseLong(hex, 16);
            if (size < 0) throw new IOException("bad chunk size: " + sizeLine);
            if (size == 0) {
                headBudget = MAX_HEAD_BYTES;
                while (true) {
                    String trailer = line();
                    if (trailer == null || trailer.isEmpty()) return body.toByteArray();
                }
            }
            requireBodyFits(body.size() + size);
            byte[] chunk = in.readNBytes((int) size);
            if (chunk.length < size) throw new IOException("connection closed inside a chunk");
            body.write(chunk);
            headBudget = MAX_HEAD_BYTES;
            line();
        }
    }

    private static void requireBodyFits(long bytes) throws ResponseLimitException {
        if (bytes > MAX_BODY_BYTES) {
            throw new ResponseLimitException("response body larger than " + MAX_BODY_BYTES + " bytes");
        }
    }

    /**
     * One line without its CRLF, or null at end of stream; its bytes count against {@link #headBudget}, which the
     * caller sets: once for the whole head, once for the trailers, per line for chunk-size lines.
     */
    private String line() throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(64);
        int b;
        while ((b = in.read()) != -1) {
            if (--headBudget < 0) {
                throw new ResponseLimitException("response head (or a line of it) larger than " + MAX_HEAD_BYTES
                        + " bytes");
            }
            if (b == '\n') {
                byte[] bytes = buf.toByteArray();
                int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, len, StandardCharsets.ISO_8859_1);
            }
            buf.write(b);
        }
        return buf.size() == 0 ? null : buf.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * The socket's stream with the exchange's deadline: each read waits at most until {@link #deadlineNanos} (as
     * the socket's timeout), and a read at or past it throws {@link ResponseLimitException}.
     */
    private final class DeadlineInput extends java.io.FilterInputStream {
        DeadlineInput(InputStream socketIn) {
            super(socketIn);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            long leftMillis = (deadlineNanos - System.nanoTime()) / 1_000_000L;
            if (leftMillis <= 0) throw timedOut();
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, leftMillis));
            try {
                return super.read(b, off, len);
            } catch (SocketTimeoutException e) {
                throw timedOut();
            }
        }

        private ResponseLimitException timedOut() {
            return new ResponseLimitException("response not complete within " + timeoutMillis + " ms");
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a socket we no longer use
            }
            socket = null;
        }
    }
}
