package dev.fairbench.runner;

import dev.fairbench.services.EmbeddedPostgres;
import dev.fairbench.services.EmbeddedRedis;
import dev.fairbench.services.ServiceOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where the runner's tests run PostgreSQL and Redis: embedded servers on ports picked per test JVM, so that two
 * checkouts running these tests at once (a developer and the CI) do not meet. The ports lie below Linux's
 * ephemeral range, so no client socket takes them meanwhile. {@link #deleteCluster()} removes the database
 * folder of the port afterwards. Thread-safe.
 */
final class TestServices {
    private static final int LOWEST_PORT = 20_000;
    private static final int HIGHEST_PORT = 32_000;
    private static ServiceOptions options;

    private TestServices() {}

    static synchronized ServiceOptions options() {
        if (options == null) options = ServiceOptions.defaults().withPorts(freePort(), freePort());
        return options;
    }

    /** Deletes the PostgreSQL cluster, the Redis run folder and the passwords of this JVM's ports once stopped. */
    static void deleteCluster() throws IOException {
        new EmbeddedPostgres(options().dataDir(), options().postgresPort()).deleteFiles();
        new EmbeddedRedis(options().dataDir(), options().redisPort()).deleteFiles();
    }

    static int freePort() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST_PORT, HIGHEST_PORT);
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress("127.0.0.1", port));
                return port;
            } catch (IOException inUse) {
                // try another
            }
        }
        throw new UncheckedIOException(new IOException("no free port in " + LOWEST_PORT + "-" + HIGHEST_PORT));
    }
}
