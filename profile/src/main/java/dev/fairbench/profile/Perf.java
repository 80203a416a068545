package dev.fairbench.profile;

import dev.fairbench.runner.proc.ParentDeath;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * CPU profiles of native apps (Go, Rust) with Linux {@code perf}: {@code perf record -F 999 -g -p PID} over a
 * window, then {@code perf script}, collapsed into stacks for {@link FlameGraph}. Uses the default event
 * (cpu-clock where hardware counters are not available, as in most VMs and containers). {@code perf} dies with the
 * runner ({@link ParentDeath}).
 */
public final class Perf {
    private static final int SAMPLES_PER_SECOND = 999;

    private Perf() {}

    /** True when {@code perf record} works here. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("perf", "record", "-o", "/dev/null", "--", "true")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Samples {@code pid} and all its threads for {@code seconds}; blocks; returns collapsed stacks. */
    public static Map<String, Long> record(long pid, int seconds, Path dataFile) throws IOException {
        run(List.of("perf", "record", "-F", Integer.toString(SAMPLES_PER_SECOND), "-g", "-p", Long.toString(pid),
                "-o", dataFile.toString(), "--", "sleep", Integer.toString(seconds)), seconds + 60);
        // perf script prints every frame of every sample: hundreds of megabytes for a few seconds of a deep stack,
        // so its output is collapsed as it streams in.
        Process p = ParentDeath.start(new ProcessBuilder("perf", "script", "-i", dataFile.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD));
        Map<String, Long> stacks;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            stacks = collapse(in.lines());
        }
        try {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("perf script did not finish");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (p.exitValue() != 0) throw new IOException("perf script exited " + p.exitValue());
        return stacks;
    }

    /**
     * Collapses {@code perf script} output: a header line per sample, then one frame per line (address, symbol,
     * dso), leaf first, then a blank line. Frames become {@code root;…;leaf} keys with sample counts.
     */
    static Map<String, Long> collapse(List<String> lines) {
        return collapse(lines.stream());
    }

    private static Map<String, Long> collapse(Stream<String> lines) {
        Map<String, Long> stacks = new LinkedHashMap<>();
        List<String> frames = new ArrayList<>();
        String command = null;
        for (String line : (Iterable<String>) lines::iterator) {
            if (line.isBlank()) {
                flush(stacks, command, frames);
                command = null;
                continue;
            }
            if (!Character.isWhitespace(line.charAt(0))) {
                flush(stacks, command, frames);
                command = line.trim().split("\\s+")[0];
                continue;
            }
            String[] parts = line.trim().split("\\s+", 2);
            String symbol = parts.length > 1 ? parts[1].replaceAll("\\s*\\([^)]*\\)$", "") : parts[0];
            symbol = symbol.replaceAll("\\+0x[0-9a-f]+$", "");
            frames.add(symbol.isEmpty() || symbol.equals("[unknown]") ? "[unknown]" : symbol);
        }
        flush(stacks, command, frames);
        return stacks;
    }

    private static void flush(Map<String, Long> stacks, String command, List<String> frames) {
        if (command == null) {
            frames.clear();
            return;
        }
        List<String> rootFirst = new ArrayList<>(frames);
        Collections.reverse(rootFirst);
        rootFirst.addFirst(command);
        stacks.merge(String.join(";", rootFirst).replace(' ', '_'), 1L, Long::sum);
        frames.clear();
    }

    private static String run(List<String> command, int timeoutSeconds) throws IOException {
        Process p = ParentDeath.start(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD));
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish");
            }
            if (p.exitValue() != 0) throw new IOException(String.join(" ", command) + " exited " + p.exitValue());
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
