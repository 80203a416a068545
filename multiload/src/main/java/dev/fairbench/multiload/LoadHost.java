package dev.fairbench.multiload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A machine that runs one part of a load: what {@link MultiHostLoad} needs of it. Commands are argument vectors.
 * Operations fail with an unchecked exception whose one-line message says what went wrong. Implementations are
 * thread-safe.
 */
public interface LoadHost {
    /** How messages and reports name this host (an SSH destination, or {@code local}). */
    String name();

    /** An absolute folder on the host for the copied jar and the part's files. */
    String workdir();

    /** The CPUs to pin the load to on the host, as {@code taskset -c} takes them; empty for no pinning. */
    Optional<String> cpus();

    /** The {@code java} command that runs the fairbench jar there (a path, or a name looked up on its PATH). */
    String java();

    /** Runs {@code command} to completion (killed after {@code timeout}) and returns what it left. */
    CommandResult run(List<String> command, Duration timeout);

    /**
     * Starts {@code command} as a long-lived process whose standard streams the caller holds; it is stopped when
     * the returned handle is closed or this JVM dies.
     */
    LoadProcess start(List<String> command);

    /** Makes {@code target}, an absolute path on the host, a copy of the local file {@code source}. */
    void copyTo(Path source, String target);

    /** The content of the file {@code path} on the host, as UTF-8 text. */
    String readFile(String path);

    /** The host's realtime clock minus this machine's, in nanoseconds (0 for this machine). */
    long clockOffsetNanos();

    /** What a command left: its exit code and its standard output and error (UTF-8). */
    record CommandResult(int exitCode, String stdout, String stderr) {
    }
}
