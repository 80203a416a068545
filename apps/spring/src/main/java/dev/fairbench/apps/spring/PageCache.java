package dev.fairbench.apps.spring;

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
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The Redis page cache of the contract (section 4.3): raw page bytes under {@code page:GET:<path>}, 60 s TTL.
 * One shared Lettuce connection (Lettuce multiplexes concurrent callers on it); plain Lettuce rather than Spring
 * Data Redis, whose 4.0 line is built for Lettuce 6.8 while the project uses 7.7. While Redis is unreachable,
 * calls fail at once with {@code RedisException} instead of queueing, and the connection reconnects by itself.
 * Thread-safe.
 */
@Component
final class PageCache implements DisposableBean {
    /** Seconds a cached page lives (contract: {@code SET key value EX 60}). */
    static final long TTL_SECONDS = 60;
    /** A command unanswered this long fails (503): Redis is connected but not answering. */
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    /** Reconnect attempts back off up to this, so that the app serves again soon after Redis is back. */
    private static final Duration MAX_RECONNECT_DELAY = Duration.ofMillis(500);

    private final ClientResources resources;
    private final RedisClient client;
    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final RedisCommands<byte[], byte[]> redis;
    private final SetArgs expiry = SetArgs.Builder.ex(TTL_SECONDS);

    PageCache(AppEnvironment env) {
        resources = ClientResources.builder()
                .ioThreadPoolSize(env.workers())
                .computationThreadPoolSize(env.workers())
                .reconnectDelay(Delay.exponential(Duration.ofMillis(10), MAX_RECONNECT_DELAY, 2,
                        java.util.concurrent.TimeUnit.MILLISECONDS))
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

    /** The cached page at this request path, or {@code null} on a miss. */
    byte[] get(String path) {
        return redis.get(key(path));
    }

    /** Caches a page for {@link #TTL_SECONDS}. */
    void put(String path, byte[] page) {
        redis.set(key(path), page, expiry);
    }

    private static byte[] key(String path) {
        return ("page:GET:" + path).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void destroy() {
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        resources.shutdown(0, 2, java.util.concurrent.TimeUnit.SECONDS);
    }
}
