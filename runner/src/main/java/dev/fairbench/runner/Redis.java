package dev.fairbench.runner;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * The runner's own Redis connection (Lettuce, raw byte values): flushes the page cache between apps and routes,
 * reads keys for the gate's cache probe, and asks the server version. Thread-safe (Lettuce connections are).
 */
public final class Redis implements AutoCloseable {
    private final RedisClient client;
    private final StatefulRedisConnection<byte[], byte[]> connection;

    public Redis(String url) {
        RedisURI uri = RedisURI.create(url);
        uri.setTimeout(Duration.ofSeconds(10));
        this.client = RedisClient.create(uri);
        try {
            this.connection = client.connect(ByteArrayCodec.INSTANCE);
        } catch (RuntimeException e) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            throw new IllegalStateException("cannot connect to Redis at " + url + ": " + e.getMessage(), e);
        }
    }

    /** {@code FLUSHDB}: empties database 0. */
    public void flushdb() {
        connection.sync().flushdb();
    }

    /** The raw bytes stored under {@code key}, if any. */
    public Optional<byte[]> get(String key) {
        return Optional.ofNullable(connection.sync().get(key.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code redis_version} from {@code INFO server}, or "unknown". */
    public String version() {
        String info = connection.sync().info("server");
        return info.lines().filter(l -> l.startsWith("redis_version:")).map(l -> l.substring(14).strip())
                .findFirst().orElse("unknown");
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
}
