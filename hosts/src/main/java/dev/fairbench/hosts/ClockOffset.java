package dev.fairbench.hosts;

/**
 * How far a host's realtime clock is ahead of the coordinator's: {@code offsetNanos} is host clock minus local
 * clock (negative when the host is behind), estimated at the midpoint of the shortest of {@code roundTrips} round
 * trips, whose duration {@code roundTripNanos} bounds the error: the true offset lies within
 * {@code offsetNanos ± roundTripNanos / 2}. The local host has offset 0 over 0 round trips.
 */
public record ClockOffset(long offsetNanos, long roundTripNanos, int roundTrips) {
    public static final ClockOffset LOCAL = new ClockOffset(0, 0, 0);

    /** The half round trip, the bound of the estimate's error, in nanoseconds. */
    public long uncertaintyNanos() {
        return roundTripNanos / 2;
    }
}
