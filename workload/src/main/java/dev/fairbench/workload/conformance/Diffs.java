package dev.fairbench.workload.conformance;

import java.nio.charset.StandardCharsets;

/** Short unified diffs of two texts: the first differing hunk with three lines of context on each side. */
public final class Diffs {
    static final int CONTEXT = 3;
    static final int MAX_LINE = 200;

    private Diffs() {}

    public static String unified(byte[] expected, byte[] actual) {
        return unified(new String(expected, StandardCharsets.UTF_8), new String(actual, StandardCharsets.UTF_8));
    }

    public static String unified(String expected, String actual) {
        String[] a = expected.split("\n", -1);
        String[] b = actual.split("\n", -1);
        int first = 0;
        while (first < a.length && first < b.length && a[first].equals(b[first])) first++;
        if (first == a.length && first == b.length) return "";
        int endA = a.length - 1, endB = b.length - 1;
        while (endA >= first && endB >= first && a[endA].equals(b[endB])) {
            endA--;
            endB--;
        }
        int from = Math.max(0, first - CONTEXT);
        int toA = Math.min(a.length - 1, endA + CONTEXT);
        int toB = Math.min(b.length - 1, endB + CONTEXT);
        StringBuilder out = new StringBuilder("--- expected\n+++ actual\n");
        out.append("@@ -").append(from + 1).append(',').append(toA - from + 1)
                .append(" +").append(from + 1).append(',').append(toB - from + 1).append(" @@\n");
        for (int i = from; i < first; i++) out.append(' ').append(clip(a[i])).append('\n');
        for (int i = first; i <= endA && i - first < 20; i++) out.append('-').append(clip(a[i])).append('\n');
        for (int i = first; i <= endB && i - first < 20; i++) out.append('+').append(clip(b[i])).append('\n');
        for (int i = endA + 1; i <= toA; i++) out.append(' ').append(clip(a[i])).append('\n');
        return out.toString();
    }

    private static String clip(String line) {
        return line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + "…";
    }
}
