package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.ArrayList;
import java.util.Comparator;
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
 * @param costRuns the fixed-rate runs at the rate every app got on this route, one per round in order, empty when
 *                 none was made; JSON key {@code cost}, an array (files written before the cost runs had rounds hold
 *                 one run there, which reads as a list of one)
 * @param overload the fixed-rate run at one rate above every app's capacity on this route (the phash suite's
 *                 overload step, with a 2 s timeout), or {@code null} when none was made
 */
public record RouteResult(String route, List<RunResult> runs, RouteSummary summary, List<RunResult> discarded,
                          @JsonProperty("cost") @JsonInclude(JsonInclude.Include.NON_EMPTY)
                          @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY) List<RunResult> costRuns,
                          RunResult overload) {

    public RouteResult {
        runs = Lists.copy(runs);
        discarded = Lists.copy(discarded);
        costRuns = Lists.copy(costRuns);
    }

    /** Closed-loop runs only. */
    public RouteResult(String route, List<RunResult> runs, RouteSummary summary) {
        this(route, runs, summary, List.of(), null, null);
    }

    /** Runs, discarded runs and the cost runs, without an overload run. */
    public RouteResult(String route, List<RunResult> runs, RouteSummary summary, List<RunResult> discarded,
                       List<RunResult> costRuns) {
        this(route, runs, summary, discarded, costRuns, null);
    }

    /**
     * The cost run whose app CPU per request is the median of the cost runs (of an even number, the lower of the two
     * middle ones; a run without that figure counts as the dearest), or {@code null} when there is none. Its figures
     * are the ones a report quotes for the cost at the fixed rate, as the median round's are for the closed loop.
     */
    public RunResult cost() {
        if (costRuns.isEmpty()) return null;
        List<RunResult> byCpu = new ArrayList<>(costRuns);
        byCpu.sort(Comparator.comparingDouble(RouteResult::cpuSortKey).thenComparingInt(RunResult::run));
        return byCpu.get((byCpu.size() - 1) / 2);
    }

    /** App CPU per request of a run in µs; positive infinity when it has no CPU figure or no request. */
    private static double cpuSortKey(RunResult run) {
        Double micros = Summaries.appCpuMicrosPerRequest(run);
        return micros == null ? Double.POSITIVE_INFINITY : micros;
    }

    /** A copy with the runs and summary replaced. */
    public RouteResult withRuns(List<RunResult> nextRuns, RouteSummary nextSummary) {
        return new RouteResult(route, nextRuns, nextSummary, discarded, costRuns, overload);
    }

    /** A copy with one more discarded (disturbed) run. */
    public RouteResult withDiscarded(RunResult run) {
        List<RunResult> next = new java.util.ArrayList<>(discarded);
        next.add(run);
        return new RouteResult(route, runs, summary, next, costRuns, overload);
    }

    /** A copy with one more cost run, after those of the earlier rounds. */
    public RouteResult withCost(RunResult run) {
        List<RunResult> next = new ArrayList<>(costRuns);
        next.add(run);
        return new RouteResult(route, runs, summary, discarded, next, overload);
    }

    /** A copy with the overload run set. */
    public RouteResult withOverload(RunResult run) {
        return new RouteResult(route, runs, summary, discarded, costRuns, run);
    }
}
