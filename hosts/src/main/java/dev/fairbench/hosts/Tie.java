package dev.fairbench.hosts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The wrapper that ties a started command to its standard input ({@code tied.sh}, a POSIX shell script): the
 * command runs in a process group of its own that is killed when that input reaches end of file. The same wrapper
 * runs locally and, through ssh, remotely, where sshd closes the input when the session ends.
 */
final class Tie {
    private static final String SCRIPT = load();

    private Tie() {
    }

    /** The argument vector that runs {@code command} under the wrapper with {@code sh}. */
    static List<String> wrap(List<String> command) {
        if (command.isEmpty()) throw new IllegalArgumentException("empty command");
        List<String> wrapped = new ArrayList<>(List.of("sh", "-c", SCRIPT, "fairbench-tied"));
        wrapped.addAll(command);
        return wrapped;
    }

    private static String load() {
        try (InputStream in = Tie.class.getResourceAsStream("tied.sh")) {
            if (in == null) throw new IllegalStateException("tied.sh is missing from the hosts jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
