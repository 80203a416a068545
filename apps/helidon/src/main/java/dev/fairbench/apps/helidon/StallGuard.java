package dev.fairbench.apps.helidon;

import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http1.Http1ConnectionListener;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Contract §5.1: a request head or a {@code /phash} body not complete within {@link HelidonApp#STALL_BOUND} of its
 * start, whether it stalls or trickles in, ends its connection. Helidon 4.5 bounds neither: its idle-connection timeout
 * interrupts a connection only while it reads the request line, and a socket read timeout
 * ({@code SocketOptions.readTimeout}) is not applied to the server's sockets. Helidon reads a connection, and runs its
 * handlers, on one virtual thread over a blocking {@code SocketChannel}, and interrupting a thread blocked on such a
 * channel closes it; so this guard marks a connection's thread when it starts to wait for a head or a body, and one
 * platform thread interrupts a mark older than the bound. A mark is never moved on by bytes that arrive: that would let
 * a client that sends a byte a second hold a connection for as long as it likes.
 *
 * <p>As an HTTP/1 receive listener it marks the head from the request line until the header section is read (the
 * request line itself is bounded by Helidon's idle timeout, which bytes trickling in do not reset either: the hostile
 * suite checks both). {@link BlogRoutes} marks the {@code /phash} body as it starts. A request costs a thread-local
 * lookup and two volatile writes; a connection one small {@link Watch}, dropped once its thread ends. A head that
 * completes just as its mark goes stale may still see its connection closed: the client took the whole bound anyway.
 * Thread-safe.
 */
final class StallGuard implements Http1ConnectionListener, AutoCloseable {
    /** Milliseconds between two ticks of the clock a mark is taken from. */
    static final long TICK_MS = 250;
    /**
     * Ticks after which a mark is stale: a mark taken during tick {@code t} is at least {@code (n - 1) * TICK_MS} old
     * at the start of tick {@code t + n}, so one more tick than the bound, which a stall then exceeds by under a tick.
     */
    static final long STALL_TICKS = HelidonApp.STALL_BOUND.toMillis() / TICK_MS + 1;

    /** The mark of one connection's thread: {@code since} is the tick its wait began, 0 when not waiting. */
    static final class Watch {
        final Thread thread;
        volatile long since;

        Watch(Thread thread) {
            this.thread = thread;
        }
    }

    private final ThreadLocal<Watch> current = new ThreadLocal<>();
    private final Set<Watch> watches = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "fairbench-stall-guard");
        thread.setDaemon(true);
        return thread;
    });
    /** The clock; starts at 1 so that 0 means "no mark". */
    private volatile long tick = 1;

    StallGuard() {
        clock.scheduleAtFixedRate(this::sweep, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    /** The watch of the calling connection thread, created on its first request. */
    Watch watch() {
        Watch watch = current.get();
        if (watch == null) {
            watch = new Watch(Thread.currentThread());
            current.set(watch);
            watches.add(watch);
        }
        return watch;
    }

    /** Marks the watch as waiting from now on. */
    void mark(Watch watch) {
        watch.since = tick;
    }

    /** Clears the mark: the connection no longer waits for the client. */
    static void clear(Watch watch) {
        watch.since = 0;
    }

    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        mark(watch());
    }

    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        clear(watch());
    }

    private void sweep() {
        long now = ++tick;
        for (Watch watch : watches) {
            if (!watch.thread.isAlive()) {
                watches.remove(watch);
                continue;
            }
            long since = watch.since;
            if (since != 0 && now - since >= STALL_TICKS) {
                watch.since = 0;
                // closes the blocking SocketChannel the thread reads from (InterruptibleChannel)
                watch.thread.interrupt();
            }
        }
    }

    @Override
    public void close() {
        clock.shutdownNow();
        watches.clear();
    }
}
