package dev.fairbench.loadgen;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one load among several load generators (hosts). Connections and threads are divided as evenly as integers
 * allow, the first hosts taking one more when the division leaves a remainder, so the parts add up exactly to the
 * whole; every host gets at least one connection and one thread. At a fixed rate each host's share is the rate of
 * its connections ({@code rate × its connections / all connections}, so every connection sends at the same pace as
 * in a single-host run), and its connections keep their places in the whole load's schedule: together the hosts
 * send at exactly the instants one host would, evenly spaced. Stateless.
 */
public final class LoadSplit {
    private LoadSplit() {
    }

    /**
     * The parts of {@code whole} for {@code hosts} generators, in host order. Each part's spec is {@code whole}
     * with its own connections, threads and rate, and no interval logs (each host writes its own).
     *
     * @throws IllegalArgumentException (one line) when there are fewer connections or threads than hosts
     */
    public static List<LoadShare> split(LoadSpec whole, int hosts) {
        if (hosts < 1) {
            throw new IllegalArgumentException("a load needs at least one load host, got " + hosts);
        }
        if (whole.connections() < hosts) {
            throw new IllegalArgumentException("connections (" + whole.connections() + ") must be at least the "
                    + "number of load hosts (" + hosts + "): each host needs one");
        }
        if (whole.threads() < hosts) {
            throw new IllegalArgumentException("threads (" + whole.threads() + ") must be at least the number of "
                    + "load hosts (" + hosts + "): each host needs one");
        }
        List<LoadShare> shares = new ArrayList<>(hosts);
        int first = 0;
        for (int host = 0; host < hosts; host++) {
            int connections = evenPart(whole.connections(), hosts, host);
            // threads <= connections holds for every part: both are split the same way and threads <= connections
            int threads = evenPart(whole.threads(), hosts, host);
            double rate = whole.ratePerSecond() * connections / whole.connections();
            LoadSpec part = whole.withHlog(null).withUncorrectedHlog(null).withConnections(connections, threads)
                    .withRate(rate);
            shares.add(new LoadShare(part, first, whole.connections(), whole.ratePerSecond()));
            first += connections;
        }
        return List.copyOf(shares);
    }

    /** Part {@code index} of {@code total} split in {@code parts}: the first {@code total % parts} get one more. */
    static int evenPart(int total, int parts, int index) {
        return total / parts + (index < total % parts ? 1 : 0);
    }
}
