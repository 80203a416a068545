package dev.fairbench.runner.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Garbage-collection counters of a running JVM from {@code jstat -gc <pid>}, run with the {@code jstat} of the
 * JDK the app runs on (found next to {@code /proc/<pid>/exe}), so that the perf-data format matches.
 *
 * @param collections young + full + concurrent collections ({@code YGC + FGC + CGC}; a column jstat prints as
 *                    {@code -} counts 0)
 * @param pauseMillis time of those collections in milliseconds ({@code YGCT + FGCT + CGCT}, in seconds in jstat)
 */
public record JstatGc(long collections, double pauseMillis) {

    /** The {@code jstat} next to the java executable of {@code pid}, when that process is a JVM. */
    public static Optional<Path> jstatFor(long pid) {
        try {
            Path exe = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe"));
            if (!exe.getFileName().toString().equals("java")) return Optional.empty();
            Path jstat = exe.resolveSibling("jstat");
            return Files.isExecutable(jstat) ? Optional.of(jstat) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Runs {@code jstat -gc pid} (bounded to 15 s); empty when it fails, e.g. the JVM runs with -XX:-UsePerfData. */
    public static Optional<JstatGc> sample(Path jstat, long pid) {
        Commands.Result r = Commands.run(List.of(jstat.toString(), "-gc", Long.toString(pid)), Duration.ofSeconds(15));
        return r.ok() ? parse(r.output()) : Optional.empty();
    }

    /** Parses jstat's two lines (header, values), by column name. */
    static Optional<JstatGc> parse(String output) {
        String[] lines = output.strip().split("\n");
        if (lines.length < 2) return Optional.empty();
        String[] header = lines[0].trim().split("\\s+");
        String[] values = lines[lines.length - 1].trim().split("\\s+");
        if (header.length != values.length) return Optional.empty();
        double ygc = 0, fgc = 0, cgc = 0, ygct = 0, fgct = 0, cgct = 0;
        boolean any = false;
        for (int i = 0; i < header.length; i++) {
            double v = values[i].equals("-") ? 0 : parseNumber(values[i]);
            switch (header[i]) {
                case "YGC" -> { ygc = v; any = true; }
                case "FGC" -> fgc = v;
                case "CGC" -> cgc = v;
                case "YGCT" -> ygct = v;
                case "FGCT" -> fgct = v;
                case "CGCT" -> cgct = v;
                default -> { }
            }
        }
        if (!any) return Optional.empty();
        return Optional.of(new JstatGc(Math.round(ygc + fgc + cgc), (ygct + fgct + cgct) * 1000.0));
    }

    private static double parseNumber(String s) {
        // Some locales print a decimal comma.
        return Double.parseDouble(s.replace(',', '.'));
    }
}
