package dev.fairbench.loadgen;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;

/**
 * Thread-per-connection HTTP/1.1 server for tests: parses requests (headers and Content-Length bodies) and answers
 * each with a canned body framed as {@link Framing} says, after an optional delay computed from the arrival time.
 */
final class BlockingTestServer implements AutoCloseable {
    enum Framing { CONTENT_LENGTH, CHUNKED, CONNECTION_CLOSE, BODY_UNTIL_CLOSE, HTTP10, SILENT }

    static final String BODY = "Hello, World!";

    private final ServerSocket server;
    private final Framing framing;
    private final LongUnaryOperator delayNanosAt;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong bodyBytes = new AtomicLong();
    private final Thread acceptor;
    private volatile boolean closed;

    /**
     * @param delayNanosAt given the {@code System.nanoTime()} at which a request was read, how long to wait before
     *                     answering it
     */
    BlockingTestServer(Framing framing, LongUnaryOperator delayNanosAt) throws IOException {
        this.framing = framing;
        this.delayNanosAt = delayNanosAt;
        this.server = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "test-server-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    BlockingTestServer(Framing framing) throws IOException {
        this(framing, t -> 0);
    }

    int port() {
        return server.getLocalPort();
    }

    long requests() {
        return requests.get();
    }

    long connections() {
        return connections.get();
    }

    long bodyBytes() {
        return bodyBytes.get();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                sockets.add(socket);
                connections.incrementAndGet();
                Thread t = new Thread(() -> serve(socket), "test-server-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (!closed) {
                long contentLength = readHead(in);
                if (contentLength < 0) {
                    return;
                }
                for (long i = 0; i < contentLength; i++) {
                    if (in.read() < 0) {
                        return;
                    }
                }
                bodyBytes.addAndGet(contentLength);
                long readNanos = System.nanoTime();
                requests.incrementAndGet();
                if (framing == Framing.SILENT) {
                    continue;
                }
                long delayNanos = delayNanosAt.applyAsLong(readNanos);
                if (delayNanos > 0) {
                    Thread.sleep(delayNanos / 1_000_000, (int) (delayNanos % 1_000_000));
                }
                out.write(response());
                out.flush();
                if (framing == Framing.CONNECTION_CLOSE || framing == Framing.BODY_UNTIL_CLOSE
                        || framing == Framing.HTTP10) {
                    return;
                }
            }
        } catch (IOException | InterruptedException e) {
            // client went away or server closing
        }
    }

    private byte[] response() {
        String head = switch (framing) {
            case CONTENT_LENGTH -> "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n" + BODY;
            case CHUNKED -> "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5;ext=1\r\nHello\r\n8\r\n, World!\r\n0\r\nX-Trailer: yes\r\n\r\n";
            case CONNECTION_CLOSE -> "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 13\r\n\r\n" + BODY;
            case BODY_UNTIL_CLOSE -> "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + BODY;
            case HTTP10 -> "HTTP/1.0 200 OK\r\nContent-Length: 13\r\n\r\n" + BODY;
            case SILENT -> "";
        };
        return head.getBytes(StandardCharsets.US_ASCII);
    }

    /** Reads a request head; returns its Content-Length (0 if none) or -1 at end of stream. */
    private static long readHead(InputStream in) throws IOException {
        long contentLength = 0;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean first = true;
        while (true) {
            int b = in.read();
            if (b < 0) {
                return -1;
            }
            if (b != '\n') {
                line.write(b);
                continue;
            }
            String text = line.toString(StandardCharsets.US_ASCII).strip();
            line.reset();
            if (text.isEmpty()) {
                if (first) {
                    continue;
                }
                return contentLength;
            }
            first = false;
            if (text.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                contentLength = Long.parseLong(text.substring("content-length:".length()).strip());
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        try {
            acceptor.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
