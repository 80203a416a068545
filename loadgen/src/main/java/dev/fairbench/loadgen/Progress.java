package dev.fairbench.loadgen;

/**
 * A snapshot of a running measurement, delivered about once per second to a {@link ProgressListener}.
 *
 * @param elapsedNanos         time since the measured part of the run began (warm-up excluded)
 * @param completed            responses completed in the measured part so far
 * @param requestsPerSecond    {@code completed / elapsed}
 * @param p99LatencyMicros     99th percentile of the latency recorded so far (corrected in fixed-rate mode)
 * @param errors               socket errors and timeouts counted so far
 */
public record Progress(long elapsedNanos, long completed, double requestsPerSecond, long p99LatencyMicros,
                       long errors) {
}
