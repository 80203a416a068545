package dev.fairbench.results;

import java.util.List;

/**
 * The measured runs of one app on one route.
 *
 * @param route   contract route name, e.g. {@code index}
 * @param runs    every measured run in order, including the ones with errors
 * @param summary the median of the runs ({@link dev.fairbench.results.Summaries#summarize}), or {@code null} when
 *                no run completed
 */
public record RouteResult(String route, List<RunResult> runs, RouteSummary summary) {

    public RouteResult {
        runs = Lists.copy(runs);
    }
}
