package dev.fairbench.workload.conformance;

import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * One raw TCP connection of the hostile suite: writes whatever bytes a case wants (malformed, partial, slow) and
 * reads responses with bounds on everything (through {@link BoundedConnection}): a deadline for the whole
 * connection, writes included, at most {@link #MAX_HEAD} bytes of response head and {@link #MAX_BODY} bytes of
 * body. A connection closed or reset by the app is reported as {@code false} or {@code null}, never as an error,
 * because closing is an allowed answer to many hostile requests. Not thread-safe.
 */
final class RawConnection implements AutoCloseable {
    static final int MAX_HEAD = 64 * 1024;
    static final int MAX_BODY = 1024 * 1024;
    private static final int BUFFER_BYTES = 16_384;

    /**
     * A response; header names lower-cased; {@code body} empty for HEAD and 1xx. {@code bodyReset}: the app reset
     * the connection before the end of the body (its status and headers did arrive), and {@code body} is empty;
     * an app that answers and then closes a connection whose client is still sending can only close it so.
     */
    record Response(int status, Map<String, String> headers, byte[] body, boolean bodyReset) {
        Response(int status, Map<String, String> headers, byte[] body) {
            this(status, headers, body, false);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final BoundedConnection connection;
    private final long deadlineNanos;

    /**
     * Connects to host:port; every read and write fails with {@link SocketTimeoutException} after
     * {@code deadlineMillis} milliseconds from now.
     */
    RawConnection(String host, int port, long deadlineMillis) throws IOException {
        this.deadlineNanos = System.nanoTime() + deadlineMillis * 1_000_000L;
        connection = new BoundedConnection(host, port, (int) deadlineMillis, BUFFER_BYTES, MAX_HEAD, MAX_BODY);
    }

    /**
     * Sends bytes; false when the app has already closed or reset the connection.
     *
     * @throws SocketTimeoutException when the app does not take them before the connection's deadline (it is then
     *                                closed by us, which must not pass for a close by the app)
     */
    boolean send(byte[] bytes) throws SocketTimeoutException {
        try {
            connection.write(bytes, deadlineNanos);
            return true;
        } catch (SocketTimeoutException e) {
            throw e;
        } catch (IOException e) {
            return false;
        }
    }

    boolean send(String ascii) throws SocketTimeoutException {
        return send(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Sends {@code bytes} one at a time, one every {@code everyMillis}, and between two of them waits for the app to
     * answer or to close the connection: the slow client of the trickle cases, which never stalls long enough for a
     * per-read timeout. Once all bytes are sent it waits for the answer as {@link #read} does.
     *
     * @return the app's final response, or {@code null} when it closed or reset the connection without one
     * @throws SocketTimeoutException when the connection's deadline passes first
     * @throws IOException            on a malformed or oversized response
     */
    Response trickle(byte[] bytes, long everyMillis) throws IOException {
        for (byte b : bytes) {
            if (!send(new byte[] {b})) return read(false);
            long next = System.nanoTime() + everyMillis * 1_000_000L;
            boolean answered;
            try {
                answered = connection.awaitInput(next - deadlineNanos < 0 ? next : deadlineNanos);
            } catch (SocketException reset) {
                return null;
            }
            if (answered) return read(false);
            if (System.nanoTime() - deadlineNanos >= 0) throw new SocketTimeoutException("deadline passed");
        }
        return read(false);
    }

    /**
     * Reads the next final response, skipping 1xx interim responses.
     *
     * @param head true for the answer to a HEAD request (no body follows)
     * @return the response (with {@link Response#bodyReset()} when a reset cut its body), or {@code null} when the
     *         app closed or reset the connection before a status line
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
        BoundedConnection.Head h;
        try {
            h = connection.readHead(until);
        } catch (SocketException e) {
            return null;
        }
        if (h == null) return null;
        int status = h.status();
        if (head || status < 200 || status == 204 || status == 304) return new Response(status, h.headers(), new byte[0]);
        try {
            return new Response(status, h.headers(), connection.readBody(h, until).bytes());
        } catch (SocketException reset) {
            return new Response(status, h.headers(), new byte[0], true);
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}
