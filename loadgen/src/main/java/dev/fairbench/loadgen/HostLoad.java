package dev.fairbench.loadgen;

/**
 * What one load host measured when several shared a load: its result (its own connections, rate share, counts and
 * histograms) and where its measured window started. Immutable.
 *
 * @param host                  the host's name, as the coordinator knows it (e.g. an SSH destination)
 * @param result                the host's own result; its spec is its share
 * @param windowStartEpochNanos start of its measured window, nanoseconds since the epoch on the coordinator's clock
 *                              (the host's clock offset taken out); its window ends {@code result.durationSeconds()}
 *                              later
 */
public record HostLoad(String host, LoadResult result, long windowStartEpochNanos) {

    /** End of the measured window, nanoseconds since the epoch on the coordinator's clock. */
    public long windowEndEpochNanos() {
        return windowStartEpochNanos + Math.round(result.durationSeconds() * 1e9);
    }
}
