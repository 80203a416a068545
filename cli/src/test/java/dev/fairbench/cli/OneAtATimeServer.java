package dev.fairbench.cli;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An HTTP server that answers one request at a time (the JDK server's single dispatcher thread) and spends 2 ms on
 * each: at a fixed rate whose requests are evenly spaced none waits, while requests arriving together queue, so
 * its latencies tell evenly interleaved load from bunched load. Port chosen by the kernel.
 */
final class OneAtATimeServer implements AutoCloseable {
    static final long SERVICE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final HttpServer server;
    private final AtomicLong served = new AtomicLong();

    OneAtATimeServer(InetAddress address) throws IOException {
        server = HttpServer.create(new InetSocketAddress(address, 0), 64);
        server.createContext("/", exchange -> {
            long until = System.nanoTime() + SERVICE_NANOS;
            while (System.nanoTime() < until) {
                LockSupport.parkNanos(until - System.nanoTime());
            }
            served.incrementAndGet();
            byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** {@code http://address:port/hello}. */
    String url() {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort()
                + "/hello";
    }

    /** Requests answered since the last call. */
    long takeServed() {
        return served.getAndSet(0);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
