package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Latency percentiles of one run in milliseconds, from the load generator's histogram (1 µs resolution, 3
 * significant digits).
 *
 * @param p95Ms the 95th percentile; {@code null} in results written before it was recorded
 */
public record Latency(@JsonProperty("p50_ms") double p50Ms, @JsonProperty("p90_ms") double p90Ms,
                      @JsonProperty("p95_ms") Double p95Ms, @JsonProperty("p99_ms") double p99Ms,
                      @JsonProperty("p99_9_ms") double p999Ms, @JsonProperty("max_ms") double maxMs) {

    /** Percentiles without p95 (as in results written before it was recorded). */
    public Latency(double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs) {
        this(p50Ms, p90Ms, null, p99Ms, p999Ms, maxMs);
    }
}
