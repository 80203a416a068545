package dev.fairbench.workload.conformance;

import java.io.IOException;

/**
 * One case of the hostile suite (docs/workload.md §5.1): a raw exchange on its own connection and the bounded
 * outcome the contract demands.
 *
 * @param name        short label, e.g. {@code slow request head}
 * @param boundMillis the whole exchange, answer or close included, must end within this time
 * @param probe       runs the exchange; returns {@code null} when the outcome is allowed, else what was wrong
 */
public record HostileCase(String name, int boundMillis, Probe probe) {

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
