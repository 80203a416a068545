package dev.fairbench.runner.proc;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs short helper commands (taskset, jstat, version queries) with a time bound. Thread-safe. */
public final class Commands {
    private Commands() {}

    /**
     * Output and exit code of a finished command.
     *
     * @param exitCode the exit code, or -1 when it could not start or was killed at the time bound
     * @param output   standard output and error, interleaved
     */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }

        /** First non-blank line of the output, without terminal colour codes; "" when none. */
        public String firstLine() {
            return output.lines().map(String::strip).filter(l -> !l.isEmpty())
                    .map(l -> l.replaceAll("\u001B\\[[0-9;]*m", "")).findFirst().orElse("");
        }
    }

    /**
     * Runs {@code command} with stdin from /dev/null and its output to a temporary file (never a pipe, so a
     * child that keeps it open cannot block us), killing it after {@code timeout}.
     */
    public static Result run(List<String> command, Duration timeout) {
        Path out = null;
        try {
            out = Files.createTempFile("fairbench-cmd", ".out");
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                return new Result(-1, Files.readString(out, StandardCharsets.UTF_8)
                        + "\n(killed after " + timeout.toSeconds() + " s)");
            }
            return new Result(p.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, e.getMessage() == null ? e.toString() : e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temp file left behind is harmless
                }
            }
        }
    }
}
