package dev.fairbench.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * The smallest app for the run, verify and serve command tests: {@code /hello} and {@code /compute} of the
 * contract on the JDK's HTTP server, 404 and 405 as the contract says. {@code HELLO_BODY} replaces the hello body
 * (to fail the gate). {@code SERVICE_MS} makes it a server of known capacity: one thread, each {@code /hello} taking
 * that many milliseconds, so at most {@code 1000 / SERVICE_MS} requests per second.
 */
public final class HelloApp {
    private HelloApp() {}

    public static void main(String[] args) throws IOException {
        String hello = System.getenv().getOrDefault("HELLO_BODY", "Hello, World!");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(System.getenv("PORT"))), 512);
        long serviceMillis = Long.parseLong(System.getenv().getOrDefault("SERVICE_MS", "0"));
        server.setExecutor(serviceMillis > 0 ? Executors.newSingleThreadExecutor() : Executors.newFixedThreadPool(4));
        server.createContext("/", ex -> {
            try (ex) {
                ex.getRequestBody().readAllBytes();
                String path = ex.getRequestURI().getRawPath();
                boolean get = ex.getRequestMethod().equals("GET");
                switch (path) {
                    case "/hello" -> {
                        if (serviceMillis > 0) sleep(serviceMillis);
                        send(ex, get ? 200 : 405, get ? hello : "Method Not Allowed");
                    }
                    case "/compute" -> send(ex, get ? 200 : 405, get ? Long.toString(primes()) : "Method Not Allowed");
                    default -> send(ex, 404, "Not Found");
                }
            }
        });
        server.start();
    }

    /** Busy for {@code millis}: a sleep, since the capacity is what counts here, not the CPU. */
    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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

    private static long primes() {
        long sum = 0;
        for (long n = 2; n < 20_000; n++) {
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
