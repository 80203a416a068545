package dev.fairbench.stats;

import java.util.List;
import java.util.Objects;

/**
 * The verdict of one figure on one route, from {@link Verdicts#decide}. Immutable.
 *
 * @param kind         {@link Kind#WINNER}, {@link Kind#TIE} or {@link Kind#NONE}
 * @param best         the contender with the best point estimate; null only when there was no contender
 * @param runnerUp     the second best; null with fewer than 2 contenders
 * @param ratio        how much better the best is than the runner-up, as a ratio {@code ≥ 1} (best/runner-up when
 *                     higher is better, runner-up/best when lower is better) with its interval; null with fewer
 *                     than 2 contenders
 * @param tiedWithBest the best first, then, in rank order, every contender that cannot be told apart from it (see
 *                     {@link Verdicts#decide}); empty only when there was no contender
 */
public record Verdict(Kind kind, String best, String runnerUp, Interval ratio, List<String> tiedWithBest) {
    /** What a route's data supports. */
    public enum Kind {
        /** The ratio interval of best vs runner-up excludes 1: the best is better, beyond the measured noise. */
        WINNER,
        /** The best and the runner-up cannot be told apart ("tie within noise"), or there is no interval. */
        TIE,
        /** Fewer than 2 contenders: nothing to compare. */
        NONE
    }

    /** @throws NullPointerException if {@code kind} or {@code tiedWithBest} is null */
    public Verdict {
        Objects.requireNonNull(kind, "kind");
        tiedWithBest = List.copyOf(tiedWithBest);
    }
}
