package dev.fairbench.loadgen;

/**
 * Intended send times of one connection in fixed-rate mode (the wrk2 model). All connections together send at
 * {@code ratePerSecond}; connection {@code c} of {@code n} sends requests {@code c, c + n, c + 2n, ...} of the global
 * sequence whose request {@code j} is due at {@code startNanos + j / rate}, so the connections interleave evenly.
 * A request is never skipped because it is late: lateness becomes latency. Immutable and thread-safe.
 */
final class RateSchedule {
    private final long startNanos;
    private final double intervalNanos;
    private final double phaseNanos;

    RateSchedule(long startNanos, double ratePerSecond, int connectionIndex, int connections) {
        if (!(ratePerSecond > 0) || connections < 1 || connectionIndex < 0 || connectionIndex >= connections) {
            throw new IllegalArgumentException("bad schedule: rate " + ratePerSecond + ", connection "
                    + connectionIndex + " of " + connections);
        }
        this.startNanos = startNanos;
        this.intervalNanos = connections * 1e9 / ratePerSecond;
        this.phaseNanos = connectionIndex * 1e9 / ratePerSecond;
    }

    /** {@code System.nanoTime()} at which this connection's request number {@code sequence} (from 0) is due. */
    long intendedStartNanos(long sequence) {
        return startNanos + (long) (phaseNanos + sequence * intervalNanos);
    }
}
