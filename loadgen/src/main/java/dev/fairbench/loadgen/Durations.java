package dev.fairbench.loadgen;

import java.time.Duration;
import java.util.Locale;

/** Parses durations written as on wrk's command line: {@code 500ms}, {@code 20s}, {@code 2m}, {@code 1h}, {@code 1.5s}. */
public final class Durations {
    private Durations() {
    }

    /**
     * Parses a non-negative duration. A bare number means seconds. Units: {@code us}, {@code ms}, {@code s},
     * {@code m}, {@code h}.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad text
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        int unitStart = t.length();
        while (unitStart > 0 && Character.isLetter(t.charAt(unitStart - 1))) {
            unitStart--;
        }
        String number = t.substring(0, unitStart);
        String unit = t.substring(unitStart);
        double nanosPerUnit = switch (unit) {
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "", "s" -> 1e9;
            case "m" -> 60e9;
            case "h" -> 3600e9;
            default -> -1;
        };
        double value;
        try {
            value = number.isEmpty() ? Double.NaN : Double.parseDouble(number);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (nanosPerUnit < 0 || !Double.isFinite(value) || value < 0 || value * nanosPerUnit > 1e18) {
            throw new IllegalArgumentException("invalid duration '" + text + "' (examples: 500ms, 20s, 2m, 1h)");
        }
        return Duration.ofNanos(Math.round(value * nanosPerUnit));
    }

    /** Formats a duration compactly for summaries, e.g. {@code 20s}, {@code 2m}, {@code 1.5s}, {@code 300ms}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 60_000_000_000L == 0 && nanos > 0) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3gs", nanos / 1e9);
        }
        return String.format(Locale.ROOT, "%.3gms", nanos / 1e6);
    }
}
