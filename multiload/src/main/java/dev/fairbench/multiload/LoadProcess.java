package dev.fairbench.multiload;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.OptionalInt;

/** A process started by {@link LoadHost#start}: its standard streams, its end, and a way to stop it. */
public interface LoadProcess extends AutoCloseable {
    OutputStream stdin();

    InputStream stdout();

    InputStream stderr();

    /** Waits up to {@code timeout}: the exit code, or empty when the process still runs. */
    OptionalInt waitFor(Duration timeout) throws InterruptedException;

    /** Stops the process (and what it started) if it still runs; idempotent. */
    @Override
    void close();
}
