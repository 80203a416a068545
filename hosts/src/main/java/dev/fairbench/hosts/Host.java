package dev.fairbench.hosts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One machine that runs a fairbench role: this one ({@link LocalHost}) or one reached over OpenSSH
 * ({@link SshHost}). Commands are argument vectors ({@code List.of("cat", "/proc/stat")}); a host quotes them for
 * the remote shell. Every operation fails with a one-line {@link HostException} naming the host.
 * <p>Implementations are thread-safe: several threads may run and start commands on one host at the same time.
 */
public interface Host extends AutoCloseable {
    /** The word that opens a local host where an SSH destination may stand (in {@code hosts.toml} too). */
    String LOCAL = "local";

    /**
     * Opens the host {@code destination}: {@link #LOCAL} for this machine, else an SSH destination as in
     * {@code ssh DESTINATION} ({@code user@host}, a {@code Host} alias of the SSH configuration).
     *
     * @throws HostException with one line naming the host and what ssh said when it cannot be reached
     */
    static Host open(String destination, SshOptions options) {
        return LOCAL.equals(destination) ? new LocalHost() : SshHost.connect(destination, options);
    }

    /** {@link #LOCAL} or the SSH destination, as the user wrote it. */
    String name();

    /**
     * Runs {@code command} with no input and waits for it. Its standard output and error are read whole (as UTF-8),
     * so this is for commands that say little; use {@link #start} for a stream.
     *
     * @throws HostException when the command is still running after {@code timeout} (it is then killed, with its
     *         process group) or cannot be started
     */
    default ExecResult run(List<String> command, Duration timeout) {
        return Completion.await(start(command), timeout);
    }

    /**
     * Starts {@code command} as a long-lived process in a process group of its own, whose standard input, output
     * and error the caller reads and writes through the returned handle. The process is tied to the caller: its
     * process group is killed (TERM, then KILL once the command has ended or after 5 s) when its standard input reaches end of file, that is when
     * the caller {@link TiedProcess#close() closes} it, when this JVM dies or when the SSH session is lost.
     */
    TiedProcess start(List<String> command);

    /**
     * Makes {@code target} on this host a copy of the local file or folder {@code source} (replacing what was
     * there, creating missing parent folders), keeping file modes. Over SSH this uses {@code rsync -e ssh} when both
     * ends have rsync, else {@code scp -r}.
     *
     * @param target an absolute path on this host, not {@code /}
     */
    void copyTo(Path source, String target);

    /** The content of the file {@code path} on this host as UTF-8 text (for {@code /proc} readers). */
    String readFile(String path);

    /**
     * Measures how far this host's realtime clock is from the local one, over {@code roundTrips} request/answer
     * round trips, keeping the one with the shortest round trip. A {@link LocalHost} is the reference: offset 0.
     *
     * @param roundTrips at least 1
     */
    ClockOffset clockOffset(int roundTrips);

    /**
     * Stops the processes started here that still run (as {@link TiedProcess#close()} does), then what this host
     * keeps open (an SSH control connection). Idempotent.
     */
    @Override
    void close();
}
