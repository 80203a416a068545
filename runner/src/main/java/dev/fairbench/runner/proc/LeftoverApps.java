package dev.fairbench.runner.proc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds processes an earlier fairbench run left behind: those whose environment holds
 * {@value ParentDeath#RUN_MARKER} with another value than this run's {@link ParentDeath#RUN_ID}, as
 * {@code /proc/<pid>/environ} shows (processes of other users, which cannot be read, are not seen). Stateless,
 * thread-safe.
 */
public final class LeftoverApps {
    /** A leftover process: its pid, command name and the run that started it. */
    public record Leftover(long pid, String command, String run) {
    }

    private static final byte[] PREFIX = (ParentDeath.RUN_MARKER + "=").getBytes(StandardCharsets.US_ASCII);

    private LeftoverApps() {
    }

    /** Every live process marked by another run, in /proc order. */
    public static List<Leftover> find() {
        List<Leftover> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : dirs) {
                String run = marker(dir);
                if (run == null || run.equals(ParentDeath.RUN_ID)) continue;
                long pid = Long.parseLong(dir.getFileName().toString());
                if (!ProcFs.isAlive(pid)) continue;
                found.add(new Leftover(pid, command(dir), run));
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: nothing can be found
        }
        return found;
    }

    /** One line naming the leftovers and how to end them, or empty when there are none. */
    public static Optional<String> report() {
        List<Leftover> left = find();
        if (left.isEmpty()) return Optional.empty();
        StringBuilder line = new StringBuilder("warning: ").append(left.size())
                .append(" app process(es) of an earlier fairbench run still running (they skew measurements):");
        for (Leftover l : left) line.append(' ').append(l.pid()).append(" (").append(l.command()).append(')');
        line.append("; end them with kill -9 <pid>");
        return Optional.of(line.toString());
    }

    private static String marker(Path dir) {
        byte[] env;
        try {
            env = Files.readAllBytes(dir.resolve("environ"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                if (i - start > PREFIX.length && startsWithPrefix(env, start)) {
                    return new String(env, start + PREFIX.length, i - start - PREFIX.length, StandardCharsets.UTF_8);
                }
                start = i + 1;
            }
        }
        return null;
    }

    private static boolean startsWithPrefix(byte[] env, int start) {
        for (int k = 0; k < PREFIX.length; k++) {
            if (env[start + k] != PREFIX[k]) return false;
        }
        return true;
    }

    private static String command(Path dir) {
        try {
            return Files.readString(dir.resolve("comm")).strip();
        } catch (IOException e) {
            return "?";
        }
    }
}
