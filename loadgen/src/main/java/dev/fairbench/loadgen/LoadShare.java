package dev.fairbench.loadgen;

/**
 * The part of one load that a single load generator runs when several share it (see {@link LoadSplit}): its own
 * connections and threads ({@code spec}), and where those connections sit in the whole load, so that the fixed-rate
 * schedules of all parts together are exactly the schedule one generator would follow alone. Connection {@code k}
 * of this part is connection {@code firstConnection + k} of {@code totalConnections} in the whole load, which sends
 * at {@code totalRatePerSecond}; the part's own rate, {@code spec.ratePerSecond()}, is its share of that.
 * Immutable; construction validates and throws {@link IllegalArgumentException} with one line.
 *
 * @param spec               what this generator runs: its connections, threads and rate share
 * @param firstConnection    index in the whole load of this part's first connection, from 0
 * @param totalConnections   connections of the whole load, over all parts
 * @param totalRatePerSecond requests per second of the whole load; 0 in closed loop
 */
public record LoadShare(LoadSpec spec, int firstConnection, int totalConnections, double totalRatePerSecond) {

    public LoadShare {
        if (spec == null) {
            throw new IllegalArgumentException("a load share needs a spec");
        }
        if (firstConnection < 0 || totalConnections < 1
                || (long) firstConnection + spec.connections() > totalConnections) {
            throw new IllegalArgumentException("connections " + firstConnection + ".." + (firstConnection
                    + spec.connections() - 1) + " do not fit in a load of " + totalConnections + " connections");
        }
        if (spec.fixedRate() != totalRatePerSecond > 0) {
            throw new IllegalArgumentException("a share is at a fixed rate exactly when the whole load is: share "
                    + spec.ratePerSecond() + "/s, whole " + totalRatePerSecond + "/s");
        }
    }

    /** The whole load run by one generator: connections {@code 0 .. spec.connections() - 1}. */
    public static LoadShare whole(LoadSpec spec) {
        return new LoadShare(spec, 0, spec.connections(), spec.ratePerSecond());
    }

    /** True when this is all of the load, not a part of it. */
    public boolean isWhole() {
        return firstConnection == 0 && totalConnections == spec.connections();
    }
}
