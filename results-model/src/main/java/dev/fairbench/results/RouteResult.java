package dev.fairbench.results;

import java.util.List;

/**
 * The measured runs of one app on one route.
 *
 * @param route   contract route name, e.g. {@code index}
 * @param runs    every measured run in order, including the ones with errors
 * @param summary the median of the runs ({@link dev.fairbench.results.Summaries#summarize}), or {@code null} when
 *                no run completed
 * @param discarded runs the interference guard found disturbed and that were measured again, in order; kept as
 *                raw data, never summarized
 * @param cost    the fixed-rate run at the rate every app got on this route, or {@code null} when none was made
 * @param overload the fixed-rate run at one rate above every app's capacity on this route (the phash suite's
 *                 overload step, with a 2 s timeout), or {@code null} when none was made
 */
public record RouteResult(String route, List<RunResult> runs, RouteSummary summary, List<RunResult> discarded,
                          RunResult cost, RunResult overload) {

    public RouteResult {
        runs = Lists.copy(runs);
        discarded = Lists.copy(discarded);
    }

    /** Closed-loop runs only. */
    public RouteResult(String route, List<RunResult> runs, RouteSummary summary) {
        this(route, runs, summary, List.of(), null, null);
    }

    /** Runs, discarded runs and the cost run, without an overload run. */
    public RouteResult(String route, List<RunResult> runs, RouteSummary summary, List<RunResult> discarded,
                       RunResult cost) {
        this(route, runs, summary, discarded, cost, null);
    }

    /** A copy with the runs and summary replaced. */
    public RouteResult withRuns(List<RunResult> nextRuns, RouteSummary nextSummary) {
        return new RouteResult(route, nextRuns, nextSummary, discarded, cost, overload);
    }

    /** A copy with one more discarded (disturbed) run. */
    public RouteResult withDiscarded(RunResult run) {
        List<RunResult> next = new java.util.ArrayList<>(discarded);
        next.add(run);
        return new RouteResult(route, runs, summary, next, cost, overload);
    }

    /** A copy with the cost run set. */
    public RouteResult withCost(RunResult run) {
        return new RouteResult(route, runs, summary, discarded, run, overload);
    }

    /** A copy with the overload run set. */
    public RouteResult withOverload(RunResult run) {
        return new RouteResult(route, runs, summary, discarded, cost, run);
    }
}
