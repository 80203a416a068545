package dev.fairbench.apps.vertx;

import io.vertx.core.Vertx;
import io.vertx.core.Future;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;

/**
 * The PostgreSQL connections of one verticle: its slice of {@code POOL_MAX}, opened on the verticle's event loop so
 * that no other thread ever touches their sockets. Every connection pipelines: a page sends its independent
 * queries together on the connection it was given. A connection that closes (PostgreSQL stopped or restarted) is
 * dropped at once and reopened in the background every {@link #RECONNECT_DELAY_MILLIS}; while none is open,
 * {@link #next()} returns {@code null} and the page answers 503.
 *
 * <p>Confined to the verticle's event loop: not thread-safe, and needs none.
 */
final class PgConnections {
    static final long RECONNECT_DELAY_MILLIS = 250;

    private final Vertx vertx;
    private final PgConnectOptions options;
    private final PgConnection[] open;
    private int nextIndex;
    private boolean closed;

    PgConnections(Vertx vertx, PgConnectOptions options, int count) {
        this.vertx = vertx;
        this.options = options;
        this.open = new PgConnection[count];
    }

    /** Opens every connection; completes (successfully) once each has been tried once, up or not. */
    Future<Void> start() {
        Future<?>[] attempts = new Future<?>[open.length];
        for (int i = 0; i < open.length; i++) attempts[i] = connect(i).otherwiseEmpty();
        return Future.join(java.util.List.of(attempts)).mapEmpty();
    }

    /** An open connection, round robin, or {@code null} when none is open. */
    PgConnection next() {
        for (int tried = 0; tried < open.length; tried++) {
            PgConnection c = open[nextIndex];
            nextIndex = (nextIndex + 1) % open.length;
            if (c != null) return c;
        }
        return null;
    }

    /** Number of connections open now. */
    int openCount() {
        int n = 0;
        for (PgConnection c : open) if (c != null) n++;
        return n;
    }

    void close() {
        closed = true;
        for (int i = 0; i < open.length; i++) {
            if (open[i] != null) open[i].close();
            open[i] = null;
        }
    }

    private Future<PgConnection> connect(int slot) {
        return PgConnection.connect(vertx, options)
                .onSuccess(c -> {
                    if (closed) {
                        c.close();
                        return;
                    }
                    open[slot] = c;
                    c.closeHandler(v -> lost(slot, c));
                    c.exceptionHandler(e -> lost(slot, c));
                })
                .onFailure(e -> retryLater(slot));
    }

    private void lost(int slot, PgConnection c) {
        if (open[slot] != c) return;
        open[slot] = null;
        c.close();
        retryLater(slot);
    }

    private void retryLater(int slot) {
        if (!closed) vertx.setTimer(RECONNECT_DELAY_MILLIS, id -> connect(slot));
    }
}
