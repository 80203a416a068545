package dev.fairbench.workload.conformance;

import dev.fairbench.workload.Route;

import java.io.IOException;
import java.util.Collection;
import java.util.Set;

/**
 * One case of the hostile suite (docs/workload.md §5.1): a raw exchange on its own connection and the bounded
 * outcome the contract demands.
 *
 * @param name        short label, unique in the suite and the same for every dataset and port (the registry's
 *                    {@code known_failures} name cases by it), e.g. {@code stalled request head}
 * @param routes      the routes whose answers the exchange checks: the case applies to an app that serves all of
 *                    them; empty for a case that checks only answers every app gives (404, {@code OPTIONS *})
 * @param boundMillis the whole exchange, answer or close included, must end within this time
 * @param probe       runs the exchange; returns {@code null} when the outcome is allowed, else what was wrong
 */
public record HostileCase(String name, Set<Route> routes, int boundMillis, Probe probe) {

    public HostileCase {
        routes = Set.copyOf(routes);
    }

    /** True when an app that serves {@code served} can be tried with this case: it serves every route it needs. */
    public boolean appliesTo(Collection<Route> served) {
        return served.containsAll(routes);
    }

    /** The exchange of one case. */
    @FunctionalInterface
    interface Probe {
        /**
         * @param c a fresh connection whose reads fail after the case's bound
         * @return {@code null} when the app answered as the contract allows, else a one-line description
         */
        String run(RawConnection c) throws IOException;
    }
}
