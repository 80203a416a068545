package dev.fairbench.loadgen;

/**
 * Callback for {@link Progress} snapshots. Called on the thread that called {@link LoadGenerator#run}, about once
 * per second of measurement; it must return quickly because interval collection waits for it.
 */
@FunctionalInterface
public interface ProgressListener {
    void progress(Progress progress);
}
