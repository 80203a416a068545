package dev.fairbench.runner.proc;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * The runner's readiness probe: one {@code GET} on a fresh connection to the app's address that reads only the status
 * line, bounded against a hostile or broken app: the status line may hold at most {@value #MAX_STATUS_LINE_BYTES}
 * bytes, and the whole probe (connect, write, read) must end within its timeout. The request needs no write
 * deadline of its own: it is at most {@value #MAX_PATH_BYTES} bytes of path plus a few dozen, less than a fresh
 * socket's smallest send buffer (4 KiB on Linux), so writing it returns without waiting for the app to read.
 * Stateless, thread-safe.
 */
final class HttpProbe {
    /** Most bytes of a status line, its CRLF included. */
    static final int MAX_STATUS_LINE_BYTES = 8 * 1024;
    /** Longest path probed, in bytes (US-ASCII): the request must fit a socket's send buffer (see the class). */
    static final int MAX_PATH_BYTES = 1024;

    private HttpProbe() {
    }

    /**
     * Status code of one {@code GET path}.
     *
     * @param path          at most {@value #MAX_PATH_BYTES} bytes, else {@link IllegalArgumentException}
     * @param timeoutMillis total deadline of the probe, in milliseconds
     * @throws IOException on a socket error, a reply that is not HTTP, a status line longer than
     *                     {@value #MAX_STATUS_LINE_BYTES} bytes, or no status line within {@code timeoutMillis}
     */
    static int status(int port, String path, int timeoutMillis) throws IOException {
        return status("127.0.0.1", port, path, timeoutMillis);
    }

    /** {@link #status(int, String, int)} of the app listening on {@code address} (an IP address or host name). */
    static int status(String address, int port, String path, int timeoutMillis) throws IOException {
        if (path.length() > MAX_PATH_BYTES) {
            throw new IllegalArgumentException("readiness path longer than " + MAX_PATH_BYTES + " bytes");
        }
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, port), timeoutMillis);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + address + ":" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = new BufferedInputStream(s.getInputStream(), 1024);
            StringBuilder line = new StringBuilder();
            while (true) {
                long leftMillis = (deadline - System.nanoTime()) / 1_000_000L;
                if (leftMillis <= 0) throw noStatusIn(timeoutMillis);
                s.setSoTimeout((int) Math.min(Integer.MAX_VALUE, leftMillis));
                int b;
                try {
                    b = in.read();
                } catch (SocketTimeoutException e) {
                    throw noStatusIn(timeoutMillis);
                }
                if (b == -1 || b == '\n') break;
                if (line.length() >= MAX_STATUS_LINE_BYTES) {
                    throw new IOException("status line longer than " + MAX_STATUS_LINE_BYTES + " bytes");
                }
                line.append((char) b);
            }
            String[] parts = line.toString().trim().split(" ");
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) throw new IOException("not HTTP: " + line);
            try {
                return Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                throw new IOException("not HTTP: " + line);
            }
        }
    }

    private static IOException noStatusIn(int timeoutMillis) {
        return new SocketTimeoutException("no status line within " + timeoutMillis + " ms");
    }
}
