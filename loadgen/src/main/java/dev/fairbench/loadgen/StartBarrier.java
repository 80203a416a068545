package dev.fairbench.loadgen;

/**
 * Holds a prepared load until a start instant shared with other load generators is known (see
 * {@link LoadGenerator#run(LoadShare, StartBarrier, ProgressListener)}). Called once, on the thread that runs the
 * load.
 */
public interface StartBarrier {
    /**
     * Called once every connection is open and before anything is sent; blocks until the start is decided.
     *
     * @return the instant the measured window starts, in nanoseconds since the epoch on this machine's wall clock
     * @throws LoadException to abort the load (its exit code is the command's)
     */
    long awaitMeasureStart() throws LoadException;
}
