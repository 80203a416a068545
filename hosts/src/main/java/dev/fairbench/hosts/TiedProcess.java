package dev.fairbench.hosts;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A process started by {@link Host#start}, tied to this handle: closing its {@link #stdin()} (or {@link #close()},
 * or this JVM dying, or the SSH session being lost) kills the process and its process group on the host. Its
 * standard output and error must be read (or the process may block when a pipe fills), and what is written to its
 * standard input goes through a FIFO of 64 KiB that blocks the writer while the process does not read.
 * <p>The local side is the {@code sh} wrapper or the {@code ssh} client that carries the process; its exit code is
 * the command's, 255 when ssh lost the connection, 125 when the wrapper could not start. Thread-safe as
 * {@link Process} is.
 */
public final class TiedProcess implements AutoCloseable {
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final String hostName;
    private final List<String> command;
    private final Process process;

    TiedProcess(String hostName, List<String> command, Process process) {
        this.hostName = hostName;
        this.command = List.copyOf(command);
        this.process = process;
    }

    /** The host this process runs on. */
    public String hostName() {
        return hostName;
    }

    /** The command as given to {@link Host#start}. */
    public List<String> command() {
        return command;
    }

    /** The process's standard input; closing it stops the process. */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    public InputStream stdout() {
        return process.getInputStream();
    }

    public InputStream stderr() {
        return process.getErrorStream();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits up to {@code timeout} for the process to end: its exit code, or empty when it still runs. */
    public OptionalInt waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)
                ? OptionalInt.of(process.exitValue()) : OptionalInt.empty();
    }

    /**
     * Stops the process, if it still runs: closes its standard input, so that the wrapper on the host kills its
     * group, and waits up to 10 s for that before killing the local carrier ({@code sh} or {@code ssh}) too, which
     * ends the session and so has the same effect on the host. Idempotent.
     */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Closing a pipe whose reader is gone: the process is ending anyway.
        }
        try {
            if (!process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return hostName + ": " + Text.brief(command);
    }
}
