package dev.fairbench.loadgen;

import org.HdrHistogram.Histogram;

/**
 * Outcome of one measured load run. Counts cover only the measured part (warm-up excluded): a request counts as
 * sent when it was written inside the measurement, a response as completed when it finished inside it.
 *
 * @param requestsSent             requests written
 * @param requestsCompleted        complete responses of any status
 * @param durationSeconds          length of the measurement
 * @param requestsPerSecond        {@code requestsCompleted / durationSeconds}
 * @param bytesRead                bytes received, headers included
 * @param bytesWritten             bytes sent
 * @param connectErrors            failed connection attempts
 * @param readErrors               requests lost to failed reads, malformed responses and connections closed under
 *                                 in-flight requests: one per request in flight on the dropped connection (a
 *                                 pipelined batch counts every request), at least one per failure
 * @param writeErrors              requests lost to failed writes, counted like {@code readErrors}
 * @param timeouts                 requests unanswered after the spec's timeout (their connection was reopened)
 * @param latencyMicros            response latency in microseconds: from the intended send time in fixed-rate
 *                                 mode (corrected for coordinated omission), from the actual send time (service
 *                                 time) in closed-loop mode; 1 µs to 1 h, 3 significant digits
 * @param uncorrectedLatencyMicros fixed-rate mode: latency from the actual send time; {@code null} in closed loop
 */
public record LoadResult(LoadSpec spec, long requestsSent, long requestsCompleted, double durationSeconds,
                         double requestsPerSecond, long bytesRead, long bytesWritten,
                         long status2xx, long status3xx, long status4xx, long status5xx,
                         long connectErrors, long readErrors, long writeErrors, long timeouts,
                         Histogram latencyMicros, Histogram uncorrectedLatencyMicros) {

    /** Socket errors (connect, read, write) plus timeouts. */
    public long errors() {
        return connectErrors + readErrors + writeErrors + timeouts;
    }

    /** Responses whose status was not 2xx. */
    public long non2xx() {
        return status3xx + status4xx + status5xx;
    }

    /** True when the run was at a fixed rate and {@link #latencyMicros()} is corrected. */
    public boolean fixedRate() {
        return spec.fixedRate();
    }
}
