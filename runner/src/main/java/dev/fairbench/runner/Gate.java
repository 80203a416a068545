package dev.fairbench.runner;

import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;
import dev.fairbench.workload.conformance.ConformanceCase;
import dev.fairbench.workload.conformance.ConformanceCases;
import dev.fairbench.workload.conformance.ConformanceChecker;
import dev.fairbench.workload.conformance.ConformanceReport;
import dev.fairbench.workload.conformance.HostileCases;
import dev.fairbench.workload.conformance.HostileChecker;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.net.URI;
import java.util.List;

/**
 * The conformance gate of one app: every case of {@link ConformanceCases#all} whose path belongs to a route the
 * app serves (paths of no route, such as {@code /nothing-here}, are always checked), compared byte for byte, with
 * the Redis page cache checked through {@link Redis#get}, read in the app's {@link AppEntry#pageCache() format}.
 * Redis is flushed first so that cached pages are seen both as a miss and as a hit. Not thread-safe (one gate at a
 * time per Redis).
 */
final class Gate {
    /** Per-request timeout of the gate's client. */
    public static final int TIMEOUT_MILLIS = 10_000;

    private final ReferenceRenderer reference;
    private final Redis redis;

    Gate(ReferenceRenderer reference, Redis redis) {
        this.reference = reference;
        this.redis = redis;
    }

    /** The cases for an app that serves {@code routes}. */
    List<ConformanceCase> cases(List<Route> routes) {
        return ConformanceCases.all(reference).stream().filter(c -> {
            Route r = Route.ofPath(c.path());
            return r == null || routes.contains(r);
        }).toList();
    }

    /** Flushes Redis and checks the app listening on 127.0.0.1:port. */
    ConformanceReport check(AppEntry entry, int port) {
        return check(entry, "127.0.0.1", port);
    }

    /** Flushes Redis and checks the app listening on {@code address:port} (another host's, or this one's). */
    ConformanceReport check(AppEntry entry, String address, int port) {
        return check(entry, entry.routes(), address, port);
    }

    /** {@link #check(AppEntry, String, int)} on the cases of {@code routes} (and those of no route) only. */
    ConformanceReport check(AppEntry entry, List<Route> routes, String address, int port) {
        redis.clearPageCache();
        return new ConformanceChecker(TIMEOUT_MILLIS, redis::get, entry.pageCache())
                .check(URI.create("http://" + address + ":" + port), cases(routes));
    }

    /**
     * The hostile suite (docs/workload.md §5.1) against the app on 127.0.0.1:port, about three seconds: every case
     * whose routes the app serves ({@link HostileCases#forRoutes}), so an app that serves only {@code /hello} is
     * tried with the cases of the request head, odd methods and targets, and paths that must stay 404.
     */
    List<HostileChecker.Result> hostile(AppEntry entry, int port) {
        return hostile(entry, "127.0.0.1", port);
    }

    /** {@link #hostile(AppEntry, int)} against the app on {@code address:port}. */
    List<HostileChecker.Result> hostile(AppEntry entry, String address, int port) {
        URI base = URI.create("http://" + address + ":" + port);
        return HostileChecker.check(base, HostileCases.forRoutes(reference, base, entry.routes()));
    }
}
