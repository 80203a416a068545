package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The number that counts for one app and route, computed from its runs by
 * {@link dev.fairbench.results.Summaries#summarize}. Throughput is the median over the runs, and so is each cost
 * per request (each run's CPU or context switches over its own completed requests, the median over the runs that
 * measured it): the run that is median by req/s need not be the median by cost, and on a services-bound route it
 * can be any of them. Latency and GC come from the median run (the run whose throughput ranks {@code (n - 1) / 2}
 * from the slowest), so they describe one real run; memory is sampled in the first run.
 *
 * @param runs                        runs summarized
 * @param medianRun                   number of the median run ({@link RunResult#run()})
 * @param requestsPerSecond           median throughput (mean of the middle two for an even count)
 * @param spread                      half the range of the runs' throughput divided by the median, e.g.
 *                                    {@code 0.012} for ±1.2%
 * @param latency                     latency of the median run
 * @param appCpuUsPerRequest          app CPU time per request, microseconds, median over the runs
 * @param postgresCpuUsPerRequest     PostgreSQL CPU time per request, microseconds, median over the runs
 * @param redisCpuUsPerRequest        Redis CPU time per request, microseconds, median over the runs
 * @param contextSwitchesPerRequest   app context switches per request, median over the runs
 * @param appRssPeakBytes             app RSS under load from the first run that sampled it (the rules sample
 *                                    memory during the first run of each route)
 * @param gcPerSecond                 garbage collections per second of the median run
 * @param gcPauseShare                fraction of the median run's time spent in GC pauses
 * @param errors                      socket errors and timeouts, summed over all runs
 * @param non2xx                      non-2xx responses, summed over all runs
 * @param appCpuSpread                half the range of the runs' app CPU per request divided by its median
 * @param totalCpuUsPerRequest        app + PostgreSQL + Redis CPU per request, the sum of their medians, microseconds
 *                                    (only the parties measured; PostgreSQL and Redis are absent when external)
 * @param requestsPerAppCpuSecond     requests served per second of app CPU: 1e6 / {@code appCpuUsPerRequest}
 * @param bound                       what bound the runs: {@link Bound#APP_BOUND} only when every run was
 *                                    app-bound, otherwise the most frequent other bound; {@code null} when no run
 *                                    measured its CPU sets
 * @param disturbedRuns               runs kept although the interference guard found them disturbed (they stayed
 *                                    disturbed after every retry)
 */
public record RouteSummary(int runs, int medianRun, double requestsPerSecond, double spread, Latency latency,
                           Double appCpuUsPerRequest, Double postgresCpuUsPerRequest, Double redisCpuUsPerRequest,
                           Double contextSwitchesPerRequest, Long appRssPeakBytes, Double gcPerSecond,
                           Double gcPauseShare, long errors, @JsonProperty("non_2xx") long non2xx,
                           Double appCpuSpread, Double totalCpuUsPerRequest, Double requestsPerAppCpuSecond,
                           Bound bound, int disturbedRuns) {
}
