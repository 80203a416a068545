package dev.fairbench.report.render;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;

import java.util.List;

/**
 * One colour per app (not per language: three Java apps must not look alike), from the Okabe–Ito palette, which
 * colour-blind readers can tell apart. Neighbours in the palette differ in lightness, and every other colour is
 * drawn with a white stripe, so bars stay distinguishable in grey print too. An app's colour number is its place in
 * the session ({@link Results#apps()}), the same in every chart and the grid. Stateless.
 */
public final class Palette {
    private static final List<String> COLOURS = List.of("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9",
            "#d55e00", "#505050", "#c9b400");
    private static final boolean[] STRIPED = {false, false, true, false, true, true, false, true};

    private Palette() {
    }

    /** The colour number of an app: its index in the session, or 0 when it is not in it. */
    static int of(Results results, String app) {
        List<AppResult> apps = results.apps();
        for (int i = 0; i < apps.size(); i++) {
            if (apps.get(i).name().equals(app)) return i;
        }
        return 0;
    }

    /** The fill of colour number {@code n}, a CSS and SVG colour. */
    static String fill(int n) {
        return COLOURS.get(Math.floorMod(n, COLOURS.size()));
    }

    /** Whether colour number {@code n} carries a white stripe; past the palette's end the stripe flips. */
    static boolean striped(int n) {
        int i = Math.floorMod(n, COLOURS.size());
        return STRIPED[i] ^ (Math.floorMod(n / COLOURS.size(), 2) == 1);
    }
}
