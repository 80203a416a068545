package dev.fairbench.runner;

import dev.fairbench.report.Steadiness;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The line after each round and the late retries: said when the figure changed, a warning above the unsteady line. */
class SteadinessSoFarTest {
    private static Optional<Steadiness> of(int windows, double medianCv, double p90Cv) {
        return Optional.of(new Steadiness(windows, medianCv, p90Cv, 0.2, "vertx", "compute", 1));
    }

    @Test
    void aSteadyFirstRoundIsSaidPlainly() {
        assertThat(new SteadinessSoFar(Optional.empty()).afterRound(of(4, 0.012, 0.031), "run", 1, 3)).contains(
                "host steadiness after run round 1/3: 1.2% (median per-second CV of 4 app-bound windows, p90 3.1%)");
    }

    @Test
    void anUnsteadyRoundIsAWarningThatNamesTheConsequence() {
        assertThat(new SteadinessSoFar(Optional.empty()).afterRound(of(1, 0.063, 0.063), "run", 1, 3)).contains(
                "warning: host steadiness after run round 1/3: 6.3% (median per-second CV of 1 app-bound window, "
                        + "p90 6.3%), above 3.0%: two runs on a host this unsteady are not expected to agree within 5% "
                        + "on app CPU per request (docs/benchmarks.md §2)");
    }

    @Test
    void theWindowsOfTheResultsATrialAddsToAreNotItsOwn() {
        SteadinessSoFar soFar = new SteadinessSoFar(of(12, 0.06, 0.1));
        assertThat(soFar.afterRound(of(12, 0.06, 0.1), "profile", 1, 1)).isEmpty();
        assertThat(soFar.afterRound(of(13, 0.06, 0.1), "profile", 2, 2)).isPresent();
    }

    @Test
    void aLateRetryThatChangesTheFigureIsSaidSoTheLastLineIsTheReports() {
        SteadinessSoFar soFar = new SteadinessSoFar(Optional.empty());
        assertThat(soFar.afterRound(of(5, 0.091, 0.148), "run", 1, 1)).isPresent();
        // the late retry replaced a window: as many windows, another figure
        assertThat(soFar.afterLateRetries(of(5, 0.064, 0.128), "run")).contains("warning: host steadiness after run "
                + "late retries: 6.4% (median per-second CV of 5 app-bound windows, p90 12.8%), above 3.0%: two runs "
                + "on a host this unsteady are not expected to agree within 5% on app CPU per request "
                + "(docs/benchmarks.md §2)");
        assertThat(soFar.afterLateRetries(of(5, 0.064, 0.128), "cost")).isEmpty();
    }

    @Test
    void aRoundThatAddsNoAppBoundWindowSaysNothingAgain() {
        SteadinessSoFar soFar = new SteadinessSoFar(Optional.empty());
        assertThat(soFar.afterRound(Optional.empty(), "run", 1, 2)).isEmpty();
        assertThat(soFar.afterRound(of(3, 0.01, 0.02), "run", 1, 2)).isPresent();
        assertThat(soFar.afterRound(of(6, 0.01, 0.02), "run", 2, 2)).isPresent();
        // cost rounds are not closed-loop windows: the figure read after them is the same, and not said twice
        assertThat(soFar.afterRound(of(6, 0.01, 0.02), "cost", 1, 2)).isEmpty();
        assertThat(soFar.afterRound(Optional.empty(), "cost", 2, 2)).isEmpty();
    }
}
