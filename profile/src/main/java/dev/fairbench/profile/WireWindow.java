package dev.fairbench.profile;

import dev.fairbench.loadgen.Progress;
import dev.fairbench.loadgen.ProgressListener;

import java.util.ArrayList;
import java.util.List;

/**
 * Wire counts per request taken in the steady state of a load run. At every progress callback of the load
 * generator (about once a second) it snapshots both proxies together with the responses completed so far; the
 * result is the difference between the first and the last snapshot taken before the run's end. Requests in flight
 * at the two snapshots are about as many, so they cancel out, whereas counting from before the run to after it
 * would depend on what an app does with the requests still in flight when the load generator hangs up (Go
 * cancels them before their queries, Tomcat finishes them). A run shorter than three seconds gives fewer than
 * two such snapshots: then the whole run counts, from the snapshot taken at construction to {@link #finish}.
 * Used on the thread that runs the load; not thread-safe.
 */
final class WireWindow implements ProgressListener {
    /**
     * Counts over a span.
     *
     * @param requests responses completed in the span
     * @param postgres PostgreSQL wire counts of the span
     * @param redis    Redis wire counts of the span
     * @param steady   true when the span lies between two mid-run snapshots
     */
    record Span(long requests, WireCounts postgres, WireCounts redis, boolean steady) {
        double perRequest(long count) {
            return requests == 0 ? 0 : (double) count / requests;
        }
    }

    private record Snapshot(long elapsedNanos, long completed, WireCounts postgres, WireCounts redis) {}

    private final CountingProxy pg;
    private final CountingProxy redis;
    private final long durationNanos;
    private final Snapshot start;
    private final List<Snapshot> snapshots = new ArrayList<>();

    WireWindow(CountingProxy pg, CountingProxy redis, long durationNanos) {
        this.pg = pg;
        this.redis = redis;
        this.durationNanos = durationNanos;
        this.start = new Snapshot(0, 0, pg.counts(), redis.counts());
    }

    @Override
    public void progress(Progress p) {
        snapshots.add(new Snapshot(p.elapsedNanos(), p.completed(), pg.counts(), redis.counts()));
    }

    /**
     * The span, once the run is over and the wire is quiet.
     *
     * @param sent requests the run sent: the denominator when no steady span exists
     */
    Span finish(long sent) {
        // The last callback comes after the load stopped: its counts include the hang-up.
        List<Snapshot> mid = snapshots.stream().filter(s -> s.elapsedNanos() < durationNanos - 1_000_000).toList();
        if (mid.size() >= 2) {
            Snapshot a = mid.getFirst();
            Snapshot b = mid.getLast();
            return new Span(b.completed() - a.completed(), b.postgres().minus(a.postgres()), b.redis().minus(a.redis()),
                    true);
        }
        return new Span(sent, pg.counts().minus(start.postgres()), redis.counts().minus(start.redis()), false);
    }
}
