package dev.fairbench.apps.testsupport;

import dev.fairbench.services.EmbeddedPostgres;
import dev.fairbench.services.EmbeddedRedis;
import dev.fairbench.services.RunningServices;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The embedded PostgreSQL and Redis of one test JVM, seeded with the contract's dataset. They run on free loopback
 * ports of their own, never the developer's (15432/16379) nor another test JVM's, because the fault tests stop and
 * restart them. Started on first use, stopped when the JVM exits (the PostgreSQL cluster is then deleted).
 * Thread-safe.
 */
public final class TestServices {
    private static final int LOWEST_PORT = 22_000;
    private static final int HIGHEST_PORT = 32_000;
    private static TestServices shared;

    private final RunningServices running;

    private TestServices(RunningServices running) {
        this.running = running;
    }

    /** The services of this JVM, started and seeded on the first call (about 5 s). */
    public static synchronized TestServices shared() {
        if (shared == null) {
            ServiceOptions options = ServiceOptions.defaults().withPorts(freePort(), freePort());
            RunningServices running = Services.ensureRunning(options);
            TestServices services = new TestServices(running);
            Runtime.getRuntime().addShutdownHook(new Thread(services::stopAndDelete, "test-services-stop"));
            Services.ensureSeeded(running.seedPostgresUrl());
            shared = services;
        }
        return shared;
    }

    /** {@code DATABASE_URL}: libpq URL of the seeded database, as the apps' read-only role (with its password). */
    public String postgresUrl() {
        return running.postgresUrl();
    }

    /** libpq URL of the database's owner, for tests that change the data (with its password). */
    public String seedPostgresUrl() {
        return running.seedPostgresUrl();
    }

    /** {@code REDIS_URL}, with the password. */
    public String redisUrl() {
        return running.redisUrl();
    }

    /** The PostgreSQL server, to stop and start it in fault tests. */
    public EmbeddedPostgres postgres() {
        return running.embeddedPostgres().orElseThrow();
    }

    /** The Redis server, to stop and start it in fault tests. */
    public EmbeddedRedis redis() {
        return running.embeddedRedis().orElseThrow();
    }

    /**
     * Runs as a shutdown hook, concurrently with the one {@link RunningServices} registers: whichever closes first
     * stops the servers, so wait for PostgreSQL to be gone before deleting its cluster.
     */
    private void stopAndDelete() {
        Path cluster = postgres().clusterDir();
        running.close();
        if (!running.startedPostgres()) return;
        long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (postgres().isRunning() && System.nanoTime() < deadlineNanos) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
        if (!postgres().isRunning()) {
            deleteTree(cluster);
            postgres().deleteFiles();
        }
        if (running.startedRedis()) running.embeddedRedis().ifPresent(EmbeddedRedis::deleteFiles);
    }

    /**
     * A port that is free now, below Linux's ephemeral range (32768-60999): a port from that range could be taken
     * by some client socket while a fault test has the server stopped, and the restart would fail.
     */
    private static int freePort() {
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

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) return;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // a leftover cluster of a test JVM costs disk space, not correctness
        }
    }
}
