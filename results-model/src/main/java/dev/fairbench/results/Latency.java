package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Latency percentiles of one run in milliseconds, from the load generator's histogram (1 µs resolution, 3
 * significant digits).
 */
public record Latency(@JsonProperty("p50_ms") double p50Ms, @JsonProperty("p90_ms") double p90Ms,
                      @JsonProperty("p99_ms") double p99Ms, @JsonProperty("p99_9_ms") double p999Ms,
                      @JsonProperty("max_ms") double maxMs) {
}
