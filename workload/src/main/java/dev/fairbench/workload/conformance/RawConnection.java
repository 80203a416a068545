package dev.fairbench.workload.conformance;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One raw TCP connection of the hostile suite: writes whatever bytes a case wants (malformed, partial, slow) and
 * reads responses with bounds on everything: a deadline for the whole connection, at most {@link #MAX_HEAD} bytes
 * of response head and {@link #MAX_BODY} bytes of body. A connection closed or reset by the app is reported as
 * {@code null}, never as an error, because closing is an allowed answer to many hostile requests. Not thread-safe.
 */
final class RawConnection implements AutoCloseable {
    static final int MAX_HEAD = 64 * 1024;
    static final int MAX_BODY = 1024 * 1024;

    /** A response; header names lower-cased; {@code body} empty for HEAD and 1xx. */
    record Response(int status, Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final long deadlineNanos;

    /** Connects to host:port; every read fails with {@link SocketTimeoutException} after {@code deadlineMillis}. */
    RawConnection(String host, int port, long deadlineMillis) throws IOException {
        this.deadlineNanos = System.nanoTime() + deadlineMillis * 1_000_000L;
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), (int) deadlineMillis);
        in = new BufferedInputStream(socket.getInputStream(), 16_384);
        out = socket.getOutputStream();
    }

    /** Sends bytes; false when the app has already closed or reset the connection. */
    boolean send(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    boolean send(String ascii) {
        return send(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Reads the next final response, skipping 1xx interim responses.
     *
     * @param head true for the answer to a HEAD request (no body follows)
     * @return the response, or {@code null} when the app closed or reset the connection before a status line
     * @throws SocketTimeoutException when the deadline passes first
     * @throws IOException            on a malformed or oversized response
     */
    Response read(boolean head) throws IOException {
        while (true) {
            Response r = readOne(head, Long.MAX_VALUE);
            if (r == null || r.status() >= 200) return r;
        }
    }

    /** Reads one response, interim or final, waiting at most {@code waitMillis} (and never past the deadline). */
    Response readOne(boolean head, long waitMillis) throws IOException {
        long until = Math.min(deadlineNanos, System.nanoTime() + Math.min(waitMillis, Long.MAX_VALUE / 2_000_000L)
                * 1_000_000L);
        String statusLine;
        try {
            statusLine = line(until);
        } catch (SocketException | EOFException e) {
            return null;
        }
        if (statusLine == null) return null;
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) throw new IOException("bad status line: " + statusLine);
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        int headBytes = statusLine.length();
        for (String h = line(until); h != null && !h.isEmpty(); h = line(until)) {
            headBytes += h.length() + 2;
            if (headBytes > MAX_HEAD) throw new IOException("response head over " + MAX_HEAD + " bytes");
            int colon = h.indexOf(':');
            if (colon > 0) headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        if (head || status < 200 || status == 204 || status == 304) return new Response(status, headers, new byte[0]);
        String te = headers.get("transfer-encoding");
        String cl = headers.get("content-length");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            while (true) {
                String size = line(until);
                if (size == null) throw new EOFException("connection closed inside a chunked body");
                int n = Integer.parseInt(size.split(";", 2)[0].trim(), 16);
                if (n == 0) {
                    for (String t = line(until); t != null && !t.isEmpty(); t = line(until)) { /* trailers */ }
                    break;
                }
                readBody(body, n, until);
                line(until);
            }
        } else if (cl != null) {
            readBody(body, Long.parseLong(cl.trim()), until);
        } else {
            readBody(body, -1, until);
        }
        return new Response(status, headers, body.toByteArray());
    }

    /**
     * Waits for the app to close the connection, discarding what it sends.
     *
     * @return true when it closed (or reset) within {@code waitMillis}
     */
    boolean closedWithin(long waitMillis) {
        long until = Math.min(deadlineNanos, System.nanoTime() + waitMillis * 1_000_000L);
        try {
            while (true) {
                timeout(until);
                if (in.read() == -1) return true;
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private void readBody(ByteArrayOutputStream body, long length, long until) throws IOException {
        if (length > MAX_BODY) throw new IOException("response body of " + length + " bytes, over " + MAX_BODY);
        byte[] buf = new byte[8192];
        long left = length < 0 ? MAX_BODY + 1L : length;
        while (left > 0) {
            timeout(until);
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n == -1) {
                if (length < 0) return;
                throw new EOFException("connection closed inside a body");
            }
            body.write(buf, 0, n);
            left -= n;
            if (length < 0 && body.size() > MAX_BODY) throw new IOException("response body over " + MAX_BODY);
        }
    }

    private String line(long until) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(64);
        while (true) {
            timeout(until);
            int b = in.read();
            if (b == -1) return buf.size() == 0 ? null : buf.toString(StandardCharsets.ISO_8859_1);
            if (b == '\n') {
                byte[] bytes = buf.toByteArray();
                int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, len, StandardCharsets.ISO_8859_1);
            }
            if (buf.size() >= MAX_HEAD) throw new IOException("response line over " + MAX_HEAD + " bytes");
            buf.write(b);
        }
    }

    private void timeout(long until) throws IOException {
        long left = (until - System.nanoTime()) / 1_000_000L;
        if (left <= 0) throw new SocketTimeoutException("deadline passed");
        socket.setSoTimeout((int) Math.min(left, Integer.MAX_VALUE));
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a connection we are done with
        }
    }
}
