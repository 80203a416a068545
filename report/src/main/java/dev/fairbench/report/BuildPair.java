package dev.fairbench.report;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.Build;
import dev.fairbench.results.Results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The builds two sessions measured of one app: whether the two runs of a check started the same binary, built the
 * same way ({@link Build#sameAs}). Only apps with a recorded build in both sessions have one. Immutable.
 *
 * @param app          the app's registry name
 * @param sha256A      SHA-256 of the artifact session A started
 * @param sha256B      the same in B
 * @param environmentA the build environment A's artifact was built with ({@link Build#environment()}), sorted
 * @param environmentB the same in B
 * @param same         whether both are the same bytes built in the same environment
 */
public record BuildPair(String app, String sha256A, String sha256B, Map<String, String> environmentA,
                        Map<String, String> environmentB, boolean same) {

    /** Digits of a SHA-256 shown in a line of text: enough to tell two builds apart. */
    static final int SHOWN_DIGITS = 12;

    /** One pair per app of A (in A's order) that has a build in both sessions. */
    static List<BuildPair> of(Results a, Results b) {
        List<BuildPair> out = new ArrayList<>();
        for (AppResult appA : a.apps()) {
            Build buildA = appA.build();
            Build buildB = b.app(appA.name()).map(AppResult::build).orElse(null);
            if (buildA == null || buildB == null) continue;
            out.add(new BuildPair(appA.name(), buildA.sha256(), buildB.sha256(), buildA.environment(),
                    buildB.environment(), buildA.sameAs(buildB)));
        }
        return List.copyOf(out);
    }

    /**
     * The lines a comparison prints of its pairs, each ending with a line feed; none without pairs. First whether
     * the builds are the same, naming each that differs; then each app built in an environment of its own (the gate's
     * builds without LTO are one), since a build setting changes the cost of every row of that app.
     */
    static String lines(List<BuildPair> pairs) {
        if (pairs.isEmpty()) return "";
        StringBuilder out = new StringBuilder();
        List<BuildPair> differing = pairs.stream().filter(p -> !p.same()).toList();
        if (differing.isEmpty()) {
            out.append(String.format(Locale.ROOT, "builds: the same artifact (SHA-256) and build environment in A and "
                    + "B for %d of %d apps%n", pairs.size(), pairs.size()));
        } else {
            out.append(String.format(Locale.ROOT, "builds differ for %d of %d apps, whose rows compare two binaries: %s%n",
                    differing.size(), pairs.size(), differing.stream().map(p -> p.app() + " (A "
                            + p.sha256A().substring(0, SHOWN_DIGITS) + ", B " + p.sha256B().substring(0, SHOWN_DIGITS)
                            + ")").collect(Collectors.joining(", "))));
        }
        for (BuildPair p : pairs) {
            if (p.environmentA().isEmpty() && p.environmentB().isEmpty()) continue;
            String where = p.environmentA().equals(p.environmentB()) ? "A and B: " + text(p.environmentA())
                    : "A: " + text(p.environmentA()) + "; B: " + text(p.environmentB());
            out.append("build environment of ").append(p.app()).append(" (").append(where).append(")\n");
        }
        return out.toString();
    }

    private static String text(Map<String, String> environment) {
        return environment.isEmpty() ? "none" : environment.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }
}
