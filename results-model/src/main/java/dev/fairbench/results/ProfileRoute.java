package dev.fairbench.results;

import java.util.List;

/**
 * What one profiled run of one route showed. Every measure is {@code null} when it was not measured (or does
 * not apply, e.g. Redis on an uncached page); {@code notes} then says why where it matters.
 *
 * @param route                         contract route name
 * @param requests                      requests completed in the profiled run
 * @param requestsPerSecond             throughput of the profiled run
 * @param postgresQueriesPerRequest     SQL statements executed per request (Execute and simple Query messages)
 * @param postgresRoundTripsPerRequest  PostgreSQL synchronisation points (ReadyForQuery messages) per request
 * @param postgresBurstsPerRequest      client bursts to PostgreSQL per request: the network round trips the app
 *                                      really waited for (pipelined statements share one)
 * @param redisCommandsPerRequest       Redis commands per request
 * @param redisBurstsPerRequest         client bursts to Redis per request (below the commands per request when
 *                                      commands of several requests are pipelined together)
 * @param cpu                           CPU time per request, split by party
 * @param syscallsPerRequest            system calls of the app per request
 * @param contextSwitchesPerRequest     context switches of the app per request
 * @param gcPerSecond                   garbage collections per second
 * @param gcTimeShare                   fraction of wall time the app spent in GC pauses, e.g. {@code 0.08}
 * @param flamegraph                    CPU flame graph (self-contained HTML or SVG) relative to the results
 *                                      directory, or {@code null}
 * @param notes                         short remarks in English, e.g. why a measure is missing
 */
public record ProfileRoute(String route, long requests, double requestsPerSecond, Double postgresQueriesPerRequest,
                           Double postgresRoundTripsPerRequest, Double postgresBurstsPerRequest,
                           Double redisCommandsPerRequest, Double redisBurstsPerRequest, CpuSplit cpu,
                           Double syscallsPerRequest, Double contextSwitchesPerRequest, Double gcPerSecond,
                           Double gcTimeShare, String flamegraph, List<String> notes) {

    public ProfileRoute {
        notes = Lists.copy(notes);
    }

    /** Redis commands per client burst (above 1 means pipelining), or {@code null} when not measured. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Double redisCommandsPerBurst() {
        return redisCommandsPerRequest == null || redisBurstsPerRequest == null || redisBurstsPerRequest == 0 ? null
                : redisCommandsPerRequest / redisBurstsPerRequest;
    }

    /**
     * CPU time per request in microseconds, by party; {@code null} parts were not measured.
     *
     * @param appUserUs   app, user mode
     * @param appSystemUs app, kernel mode (system calls, the network stack)
     * @param postgresUs  all PostgreSQL processes
     * @param redisUs     the Redis server
     */
    public record CpuSplit(Double appUserUs, Double appSystemUs, Double postgresUs, Double redisUs) {

        /** Sum of the measured parts, microseconds. */
        public double totalUs() {
            double total = 0;
            for (Double part : new Double[] {appUserUs, appSystemUs, postgresUs, redisUs}) {
                total += part == null ? 0 : part;
            }
            return total;
        }
    }
}
