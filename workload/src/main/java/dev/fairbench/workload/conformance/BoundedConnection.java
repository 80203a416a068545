package dev.fairbench.workload.conformance;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One client TCP connection to an HTTP/1.1 server that cannot hold its client forever: the one response reader of
 * the conformance gate ({@link HttpExchange}) and the hostile suite ({@link RawConnection}), and their writer.
 *
 * <p>Every call takes a deadline, a {@link System#nanoTime()} value: a write not complete by it (a server that
 * never reads, with full socket buffers) or a read that would wait past it throws {@link SocketTimeoutException};
 * a late write has closed the connection (to free the blocked writer), after a late read the caller closes it. A response head (status line
 * and headers, CRLFs included) may hold at most {@code maxHeadBytes} bytes, as may a chunked body's trailers and
 * each chunk-size line; a body, after de-chunking, at most {@code maxBodyBytes} bytes. Breaking a size bound throws
 * {@link ResponseLimitException}. Header names are lower-cased; a repeated header keeps its last value.
 *
 * <p>Not thread-safe: one caller at a time; only the write deadline's timer closes it from another thread.
 */
final class BoundedConnection implements AutoCloseable {
    /** Closes connections whose write is past its deadline; one daemon thread for the whole JVM. */
    private static final ScheduledThreadPoolExecutor WRITE_DEADLINES = writeDeadlines();

    /** A response's status line and headers; header names lower-cased. */
    record Head(int status, Map<String, String> headers) {}

    /** A response body and how it was framed: "content-length", "chunked" or "none" (read to the close). */
    record Body(String framing, byte[] bytes) {}

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final int maxHeadBytes;
    private final int maxBodyBytes;
    /** {@code System.nanoTime()} by which the read being made must be complete. */
    private long readDeadlineNanos;
    /** Bytes the head (or trailers, or line) being read may still take. */
    private int headBudget;

    /**
     * Connects to {@code host:port} within {@code connectTimeoutMillis} milliseconds, with TCP_NODELAY.
     *
     * @param bufferBytes  size of the read and write buffers, in bytes
     * @param maxHeadBytes most bytes of a response head, of trailers and of a chunk-size line
     * @param maxBodyBytes most bytes of a response body
     */
    BoundedConnection(String host, int port, int connectTimeoutMillis, int bufferBytes, int maxHeadBytes,
                      int maxBodyBytes) throws IOException {
        this.maxHeadBytes = maxHeadBytes;
        this.maxBodyBytes = maxBodyBytes;
        socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
            in = new BufferedInputStream(new DeadlineInput(socket.getInputStream()), bufferBytes);
            out = new BufferedOutputStream(socket.getOutputStream(), bufferBytes);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Writes and flushes {@code bytes}.
     *
     * @throws SocketTimeoutException when they are not all written by {@code deadlineNanos}; the connection is closed
     * @throws IOException            when the server closed or reset the connection
     */
    void write(byte[] bytes, long deadlineNanos) throws IOException {
        long leftNanos = deadlineNanos - System.nanoTime();
        if (leftNanos <= 0) {
            close();
            throw writeTimedOut();
        }
        // Whoever settles first wins: the writer by finishing, or the timer by closing the socket under it.
        AtomicBoolean settled = new AtomicBoolean();
        ScheduledFuture<?> timer = WRITE_DEADLINES.schedule(() -> {
            if (settled.compareAndSet(false, true)) close();
        }, leftNanos, TimeUnit.NANOSECONDS);
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            if (settled.compareAndSet(false, true)) throw e;
            throw writeTimedOut();
        } finally {
            timer.cancel(false);
        }
        if (!settled.compareAndSet(false, true)) throw writeTimedOut();
    }

    private static SocketTimeoutException writeTimedOut() {
        return new SocketTimeoutException("request not written by its deadline");
    }

    /**
     * Waits until the server has sent something (a byte, or the end of the stream) without consuming it.
     *
     * @return {@code false} when nothing came by {@code untilNanos}
     * @throws IOException on a socket error, a reset included
     */
    boolean awaitInput(long untilNanos) throws IOException {
        readDeadlineNanos = untilNanos;
        in.mark(1);
        try {
            in.read();
        } catch (SocketTimeoutException quiet) {
            return false;
        }
        in.reset();
        return true;
    }

    /**
     * Reads a status line and headers.
     *
     * @return the head, or {@code null} when the connection ends before a status line
     * @throws SocketTimeoutException past {@code deadlineNanos}
     * @throws ResponseLimitException when the head is larger than {@code maxHeadBytes}
     * @throws IOException            on a socket error or a malformed status line
     */
    Head readHead(long deadlineNanos) throws IOException {
        readDeadlineNanos = deadlineNanos;
        headBudget = maxHeadBytes;
        String statusLine = line();
        if (statusLine == null) return null;
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) throw new IOException("bad status line: " + statusLine);
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(); h != null && !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon > 0) headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        return new Head(status, headers);
    }

    /**
     * Reads the body that {@code head} announces: chunked when Transfer-Encoding names chunked, else by
     * Content-Length, else up to the close of the connection. The caller decides whether a body follows at all
     * (HEAD, 1xx, 204, 304).
     *
     * @throws SocketTimeoutException past {@code deadlineNanos}
     * @throws ResponseLimitException when the body is larger than {@code maxBodyBytes}, or trailers or a chunk-size
     *                                line larger than {@code maxHeadBytes}
     * @throws IOException            on a socket error, a malformed length, or a close inside the body
     */
    Body readBody(Head head, long deadlineNanos) throws IOException {
        readDeadlineNanos = deadlineNanos;
        String te = head.headers().get("transfer-encoding");
        String cl = head.headers().get("content-length");
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) return new Body("chunked", chunked());
        if (cl != null) {
            long length = Long.parseLong(cl);
            if (length < 0) throw new IOException("bad content-length: " + cl);
            requireBodyFits(length);
            byte[] body = in.readNBytes((int) length);
            if (body.length < length) {
                throw new IOException("connection closed after " + body.length + " of " + length + " body bytes");
            }
            return new Body("content-length", body);
        }
        byte[] body = in.readNBytes(maxBodyBytes + 1);
        requireBodyFits(body.length);
        return new Body("none", body);
    }

    private byte[] chunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            headBudget = maxHeadBytes;
            String sizeLine = line();
            if (sizeLine == null) throw new IOException("connection closed inside a chunked body");
            int semicolon = sizeLine.indexOf(';');
            String hex = (semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim();
            if (hex.isEmpty() || hex.length() > 8) throw new IOException("bad chunk size: " + sizeLine);
            long size = Long.parseLong(hex, 16);
            if (size < 0) throw new IOException("bad chunk size: " + sizeLine);
            if (size == 0) {
                headBudget = maxHeadBytes;
                while (true) {
                    String trailer = line();
                    if (trailer == null || trailer.isEmpty()) return body.toByteArray();
                }
            }
            requireBodyFits(body.size() + size);
            byte[] chunk = in.readNBytes((int) size);
            if (chunk.length < size) throw new IOException("connection closed inside a chunk");
            body.write(chunk);
            headBudget = maxHeadBytes;
            line();
        }
    }

    private void requireBodyFits(long bytes) throws ResponseLimitException {
        if (bytes > maxBodyBytes) throw new ResponseLimitException("response body larger than " + maxBodyBytes + " bytes");
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
                throw new ResponseLimitException("response head (or a line of it) larger than " + maxHeadBytes
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
     * The socket's stream with the read deadline: each read waits at most until {@link #readDeadlineNanos} (as the
     * socket's timeout), and a read at or past it throws {@link SocketTimeoutException}.
     */
    private final class DeadlineInput extends FilterInputStream {
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
            long leftMillis = (readDeadlineNanos - System.nanoTime()) / 1_000_000L;
            if (leftMillis <= 0) throw new SocketTimeoutException("deadline passed");
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, leftMillis));
            return super.read(b, off, len);
        }
    }

    /** Closes the socket; idempotent, and safe from the write-deadline timer's thread. */
    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a connection we are done with
        }
    }

    boolean isClosed() {
        return socket.isClosed();
    }

    private static ScheduledThreadPoolExecutor writeDeadlines() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "fairbench-write-deadlines");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
