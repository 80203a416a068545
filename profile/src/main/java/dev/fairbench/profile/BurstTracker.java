package dev.fairbench.profile;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts client bursts of one connection: a burst starts when the client sends after the server has sent (or at
 * the first send). Bytes the client sends while it has not heard back belong to the same burst, which is how
 * pipelining shows. Safe for one client thread and one server thread.
 */
final class BurstTracker {
    private final LongAdder bursts;
    private final AtomicBoolean serverSpokeLast = new AtomicBoolean(true);

    BurstTracker(LongAdder bursts) {
        this.bursts = bursts;
    }

    void clientSent() {
        if (serverSpokeLast.compareAndSet(true, false)) bursts.increment();
    }

    void serverSent() {
        serverSpokeLast.set(true);
    }
}
