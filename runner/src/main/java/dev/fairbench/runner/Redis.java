package dev.fairbench.runner;

import dev.fairbench.services.Redaction;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The runner's own Redis connection (Lettuce, raw byte values): empties the page cache between apps and routes,
 * reads keys for the gate's cache probe, and asks the server version. Thread-safe (Lettuce connections are).
 *
 * <p>The server may be someone else's ({@code --redis-url}): the runner only ever deletes the keys of the contract's
 * page cache, those starting with {@value #KEY_PREFIX}, never the whole database.
 */
public final class Redis implements AutoCloseable {
    /** The prefix of every key the apps write (contract section 4.3: {@code page:GET:<path>}). */
    public static final String KEY_PREFIX = "page:";
    private static final int SCAN_BATCH = 1000;

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
            throw new IllegalStateException("cannot connect to Redis at " + Redaction.redact(url) + ": "
                    + Redaction.redact(e.getMessage()), e);
        }
    }

    /**
     * Deletes every key starting with {@value #KEY_PREFIX} ({@code SCAN} with {@code MATCH}, then {@code UNLINK} per
     * batch) and nothing else, so that other users' keys on a shared server survive.
     *
     * @return how many keys were deleted
     */
    public long clearPageCache() {
        RedisCommands<byte[], byte[]> sync = connection.sync();
        ScanArgs match = ScanArgs.Builder.matches(KEY_PREFIX + "*").limit(SCAN_BATCH);
        long deleted = 0;
        KeyScanCursor<byte[]> cursor = sync.scan(match);
        while (true) {
            List<byte[]> keys = cursor.getKeys();
            if (!keys.isEmpty()) deleted += sync.unlink(keys.toArray(new byte[0][]));
            if (cursor.isFinished()) return deleted;
            cursor = sync.scan(cursor, match);
        }
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
