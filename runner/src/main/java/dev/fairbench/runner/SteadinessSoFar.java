package dev.fairbench.runner;

import dev.fairbench.report.Steadiness;

import java.util.Locale;
import java.util.Optional;

/**
 * The host's steadiness so far ({@link Steadiness}, the figure the report gives at the end), said after each round
 * of a trial, so that a run on an unsteady host says so in its first round, not only in its report an hour later.
 * A line only when the count of app-bound windows read has grown since the last one (a cost round adds none), and a
 * warning once the median is above {@link Steadiness#UNSTEADY_MEDIAN_CV}. Not thread-safe: the trial loop's thread.
 */
final class SteadinessSoFar {
    private int windowsSaid;

    /**
     * {@code before}: the steadiness of the results the trial adds to ({@code profile} after {@code run}), whose
     * windows are not the trial's and are not said again; empty for new results.
     */
    SteadinessSoFar(Optional<Steadiness> before) {
        windowsSaid = before.map(Steadiness::windows).orElse(0);
    }

    /**
     * The line after round {@code round} of {@code rounds} of the pass named {@code pass}, or empty when the
     * steadiness could not be read or covers no window that the last line did not.
     */
    Optional<String> afterRound(Optional<Steadiness> now, String pass, int round, int rounds) {
        if (now.isEmpty() || now.get().windows() <= windowsSaid) return Optional.empty();
        Steadiness s = now.get();
        windowsSaid = s.windows();
        String figure = String.format(Locale.ROOT, "host steadiness after %s round %d/%d: %.1f%% (median per-second "
                        + "CV of %d app-bound window%s, p90 %.1f%%)", pass, round, rounds, 100 * s.medianCv(),
                s.windows(), s.windows() == 1 ? "" : "s", 100 * s.p90Cv());
        if (!s.unsteady()) return Optional.of(figure);
        return Optional.of(String.format(Locale.ROOT, "warning: %s, above %.1f%%: two runs on a host this unsteady "
                + "are not expected to agree within 5%% on app CPU per request (docs/benchmarks.md §2)", figure,
                100 * Steadiness.UNSTEADY_MEDIAN_CV));
    }
}
