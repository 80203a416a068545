package dev.fairbench.apps.vertx;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;

/**
 * The one Redis connection of a verticle, opened on its event loop. Requests from all of the verticle's HTTP
 * connections share it: Vert.x pipelines the commands on it. When it ends (Redis stopped), it is dropped and
 * reopened in the background; meanwhile {@link #connection()} is {@code null} and cached pages answer 503.
 *
 * <p>Confined to the verticle's event loop: not thread-safe, and needs none.
 */
final class RedisLink {
    private final Vertx vertx;
    private final Redis client;
    private RedisConnection connection;
    private boolean closed;

    RedisLink(Vertx vertx, String redisUrl) {
        this.vertx = vertx;
        // One connection is all this verticle ever holds; the client's own pool only hands it out.
        this.client = Redis.createClient(vertx, new RedisOptions().setConnectionString(redisUrl).setMaxPoolSize(1)
                .setMaxPoolWaiting(-1));
    }

    /** Opens the connection; completes (successfully) once it has been tried once, up or not. */
    Future<Void> start() {
        return connect().otherwiseEmpty().mapEmpty();
    }

    /** The open connection, or {@code null} while Redis is unreachable. */
    RedisConnection connection() {
        return connection;
    }

    void close() {
        closed = true;
        if (connection != null) connection.close();
        connection = null;
        client.close();
    }

    private Future<RedisConnection> connect() {
        return client.connect()
                .onSuccess(c -> {
                    if (closed) {
                        c.close();
                        return;
                    }
                    connection = c;
                    c.endHandler(v -> lost(c));
                    c.exceptionHandler(e -> lost(c));
                })
                .onFailure(e -> retryLater());
    }

    private void lost(RedisConnection c) {
        if (connection != c) return;
        connection = null;
        c.close();
        retryLater();
    }

    private void retryLater() {
        if (!closed) vertx.setTimer(PgConnections.RECONNECT_DELAY_MILLIS, id -> connect());
    }
}
