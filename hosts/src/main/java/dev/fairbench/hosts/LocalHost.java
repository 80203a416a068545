package dev.fairbench.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * This machine as a {@link Host}: commands run under the same tie as on a remote host (a {@code sh} wrapper that
 * kills the command's process group when its standard input, a pipe from this JVM, reaches end of file), so a
 * started process does not outlive the coordinator here either. Thread-safe.
 */
public final class LocalHost implements Host {
    private static final Duration COPY_TIMEOUT = Duration.ofMinutes(10);

    private final Started started = new Started();

    @Override
    public String name() {
        return LOCAL;
    }

    @Override
    public TiedProcess start(List<String> command) {
        return started.add(new TiedProcess(LOCAL, command, Completion.launch(LOCAL, Tie.wrap(command))));
    }

    @Override
    public void copyTo(Path source, String target) {
        Path from = source.toAbsolutePath().normalize();
        Path to = Copies.checkTarget(LOCAL, target);
        if (!Files.exists(from)) throw new HostException(LOCAL + ": cannot copy " + source + ": no such file");
        if (from.equals(to)) return;
        Copies.require(LOCAL, "copy " + source + " to " + target, run(List.of("sh", "-c",
                "rm -rf -- \"$2\" && mkdir -p -- \"$(dirname -- \"$2\")\" && cp -a -- \"$1\" \"$2\"",
                "copy", from.toString(), to.toString()), COPY_TIMEOUT));
    }

    @Override
    public String readFile(String path) {
        try {
            return new String(Files.readAllBytes(Path.of(path)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new HostException(LOCAL + ": cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public ClockOffset clockOffset(int roundTrips) {
        if (roundTrips < 1) throw new IllegalArgumentException("roundTrips must be at least 1, not " + roundTrips);
        return ClockOffset.LOCAL;
    }

    @Override
    public void close() {
        started.closeAll();
    }

    @Override
    public String toString() {
        return LOCAL;
    }
}
