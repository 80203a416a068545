package dev.fairbench.apps.lettucecache;

import dev.fairbench.apps.common.AppEnvironment;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SetArgs;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The Redis page cache of the contract (section 4.3): the raw bytes of a page under the key
 * {@code page:GET:<request path>}, stored with {@code SET key value EX 60} and read with one {@code GET}.
 *
 * <p>One shared Lettuce connection with the byte-array codec, used through the synchronous API: Lettuce multiplexes
 * concurrent callers on it, and a virtual thread parks while it waits. Lettuce's I/O and computation threads are
 * sized from {@code WORKERS}. While Redis is unreachable, calls fail at once with Lettuce's {@code RedisException}
 * instead of queueing (the apps answer 503), and the connection reconnects by itself, backing off from 10 ms to
 * {@link #MAX_RECONNECT_DELAY}. A command unanswered after {@link #COMMAND_TIMEOUT} fails with a
 * {@code RedisCommandTimeoutException} (also a {@code RedisException}).
 *
 * <p>Thread-safe. {@link #close()} closes the connection and stops Lettuce's threads.
 */
public final class LettucePageCache implements AutoCloseable {
    /** Seconds a cached page lives (contract: {@code SET key value EX 60}). */
    public static final long TTL_SECONDS = 60;
    /**
     * A command unanswered this long fails (503): Redis is connected but not answering. Below the contract's 5 s
     * bound for a hung service (section 5).
     */
    public static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(4);
    /** Most time to open the TCP connection to Redis. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    /** Reconnect attempts back off up to this, so that the app serves again soon after Redis is back. */
    public static final Duration MAX_RECONNECT_DELAY = Duration.ofMillis(500);

    private final ClientResources resources;
    private final RedisClient client;
    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final RedisCommands<byte[], byte[]> redis;
    private final SetArgs expiry = SetArgs.Builder.ex(TTL_SECONDS);

    /** Connects to {@code REDIS_URL}; fails with a {@code RedisException} when Redis cannot be reached now. */
    public LettucePageCache(AppEnvironment env) {
        resources = ClientResources.builder()
                .ioThreadPoolSize(env.workers())
                .computationThreadPoolSize(env.workers())
                .reconnectDelay(Delay.exponential(Duration.ofMillis(10), MAX_RECONNECT_DELAY, 2, TimeUnit.MILLISECONDS))
                .build();
        client = RedisClient.create(resources, RedisURI.create(env.redisUrl()));
        client.setOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                .build());
        connection = client.connect(ByteArrayCodec.INSTANCE);
        redis = connection.sync();
    }

    /** The cached page at this request path (e.g. {@code /cached}), or {@code null} on a miss. */
    public byte[] get(String path) {
        return redis.get(key(path));
    }

    /** Caches a page at this request path for {@link #TTL_SECONDS}. */
    public void put(String path, byte[] page) {
        redis.set(key(path), page, expiry);
    }

    private static byte[] key(String path) {
        return ("page:GET:" + path).getBytes(StandardCharsets.UTF_8);
    }

    /** Closes the connection, then shuts Lettuce's client and threads down (at most 2 s each). */
    @Override
    public void close() {
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        resources.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
