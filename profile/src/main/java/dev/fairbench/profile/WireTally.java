package dev.fairbench.profile;

import java.util.concurrent.atomic.LongAdder;

/** The running totals behind {@link WireCounts}; thread-safe (adders), shared by all connections of a proxy. */
final class WireTally {
    final LongAdder connections = new LongAdder();
    final LongAdder queries = new LongAdder();
    final LongAdder parses = new LongAdder();
    final LongAdder readyForQuery = new LongAdder();
    final LongAdder clientBursts = new LongAdder();
    final LongAdder clientBytes = new LongAdder();
    final LongAdder serverBytes = new LongAdder();

    WireCounts snapshot() {
        return new WireCounts(connections.sum(), queries.sum(), parses.sum(), readyForQuery.sum(),
                clientBursts.sum(), clientBytes.sum(), serverBytes.sum());
    }
}
