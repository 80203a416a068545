package dev.fairbench.runner;

import dev.fairbench.report.Steadiness;

import java.util.Locale;
import java.util.Optional;

/**
 * The host's steadiness so far ({@link Steadiness}, the figure the report gives at the end), said after each round
 * of a trial and after its late retries, so that a run on an unsteady host says so in its first round, not only in
 * its report an hour later, and the last line said is the report's figure. A line only when the figure differs from
 * the last one said (a cost round adds no closed-loop window, so it says nothing), and a warning once the median is
 * above {@link Steadiness#UNSTEADY_MEDIAN_CV}. Not thread-safe: the trial loop's thread.
 */
final class SteadinessSoFar {
    private Optional<Steadiness> said;

    /**
     * {@code before}: the steadiness of the results the trial adds to ({@code profile} after {@code run}), whose
     * figure is not the trial's and is not said again; empty for new results.
     */
    SteadinessSoFar(Optional<Steadiness> before) {
        said = before;
    }

    /** The line after round {@code round} of {@code rounds} of the pass named {@code pass}; see {@link #after}. */
    Optional<String> afterRound(Optional<Steadiness> now, String pass, int round, int rounds) {
        return after(now, pass + " round " + round + "/" + rounds);
    }

    /** The line after the late retries of the pass named {@code pass}, which replace windows; see {@link #after}. */
    Optional<String> afterLateRetries(Optional<Steadiness> now, String pass) {
        return after(now, pass + " late retries");
    }

    /** The line for {@code now}, or empty when it could not be read or is the figure said last. */
    private Optional<String> after(Optional<Steadiness> now, String when) {
        if (now.isEmpty() || now.equals(said)) return Optional.empty();
        Steadiness s = now.get();
        said = now;
        String figure = String.format(Locale.ROOT, "host steadiness after %s: %.1f%% (median per-second CV of %d "
                        + "app-bound window%s, p90 %.1f%%)", when, 100 * s.medianCv(), s.windows(),
                s.windows() == 1 ? "" : "s", 100 * s.p90Cv());
        if (!s.unsteady()) return Optional.of(figure);
        return Optional.of(String.format(Locale.ROOT, "warning: %s, above %.1f%%: two runs on a host this unsteady "
                + "are not expected to agree within 5%% on app CPU per request (docs/benchmarks.md §2)", figure,
                100 * Steadiness.UNSTEADY_MEDIAN_CV));
    }
}
