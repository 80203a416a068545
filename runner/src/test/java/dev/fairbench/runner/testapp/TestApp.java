package dev.fairbench.runner.testapp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small real app for the runner's end-to-end tests, on the JDK's HTTP server: serves {@code /hello} and
 * {@code /compute} as the contract says, 404 for any other path, 405 for another method. {@code TESTAPP_MODE}
 * makes it misbehave: {@code exit} (exits at start), {@code die:N} (halts at the N-th request),
 * {@code hang:N} (stops answering from the N-th request), {@code wrong-hello} (a body the gate rejects),
 * {@code compute-503-once} (the first {@code /compute} answers 503, as an app whose database timed out),
 * {@code wait:MS} (every answer waits MS milliseconds first, as an app waiting on a slow backend).
 */
public final class TestApp {
    private static final AtomicLong REQUESTS = new AtomicLong();
    private static final AtomicLong COMPUTES = new AtomicLong();

    private TestApp() {}

    public static void main(String[] args) throws IOException {
        String mode = System.getenv().getOrDefault("TESTAPP_MODE", "ok");
        if (mode.equals("exit")) {
            System.out.println("testapp: configured to fail at start (boom)");
            System.exit(3);
        }
        int port = Integer.parseInt(System.getenv("PORT"));
        int workers = Integer.parseInt(System.getenv().getOrDefault("WORKERS", "1"));
        long limit = mode.contains(":") ? Long.parseLong(mode.substring(mode.indexOf(':') + 1)) : Long.MAX_VALUE;
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 1024);
        server.setExecutor(Executors.newFixedThreadPool(Math.max(2, workers * 4)));
        server.createContext("/", ex -> handle(ex, mode, limit));
        server.start();
        System.out.println("testapp: listening on " + port + ", mode " + mode);
    }

    private static void handle(HttpExchange ex, String mode, long limit) throws IOException {
        long n = REQUESTS.incrementAndGet();
        if (n >= limit && mode.startsWith("die:")) {
            System.out.println("testapp: dying at request " + n);
            Runtime.getRuntime().halt(7);
        }
        if (n >= limit && mode.startsWith("hang:")) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (mode.startsWith("wait:")) {
            try {
                Thread.sleep(Long.parseLong(mode.substring("wait:".length())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String path = ex.getRequestURI().getRawPath();
        try (ex) {
            ex.getRequestBody().readAllBytes();
            switch (path) {
                case "/hello" -> {
                    if (!ex.getRequestMethod().equals("GET")) send(ex, 405, "Method Not Allowed");
                    else send(ex, 200, mode.equals("wrong-hello") ? "Hello, world!" : "Hello, World!");
                }
                case "/compute" -> {
                    if (!ex.getRequestMethod().equals("GET")) send(ex, 405, "Method Not Allowed");
                    else if (mode.equals("compute-503-once") && COMPUTES.incrementAndGet() == 1) {
                        send(ex, 503, "Service Unavailable");
                    } else send(ex, 200, Long.toString(sumOfPrimesBelow(20_000)));
                }
                default -> send(ex, 404, "Not Found");
            }
        }
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The contract's trial division, section 4.4. */
    static long sumOfPrimesBelow(int limit) {
        long sum = 0;
        for (long n = 2; n < limit; n++) {
            boolean prime = true;
            for (long d = 2; d * d <= n; d++) {
                if (n % d == 0) {
                    prime = false;
                    break;
                }
            }
            if (prime) sum += n;
        }
        return sum;
    }
}
