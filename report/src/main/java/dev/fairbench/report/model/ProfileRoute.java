package dev.fairbench.report.model;

/**
 * What one profiled run of one route showed. Every measure is {@code null} when it was not measured (or does
 * not apply, e.g. Redis on an uncached page).
 *
 * @param route                         contract route name
 * @param requestsPerSecond             throughput of the profiled run
 * @param postgresRoundTripsPerRequest  PostgreSQL round trips (ReadyForQuery messages) per request
 * @param postgresQueriesPerRequest     SQL statements executed per request
 * @param redisCommandsPerRequest       Redis commands per request
 * @param redisCommandsPerBurst         Redis commands per write to the Redis socket (above 1 means pipelining)
 * @param cpu                           CPU time per request, split by party
 * @param syscallsPerRequest            system calls of the app per request
 * @param contextSwitchesPerRequest     context switches of the app per request
 * @param gcPerSecond                   garbage collections per second
 * @param gcTimeShare                   fraction of wall time the app spent in GC pauses, e.g. {@code 0.08}
 */
public record ProfileRoute(String route, double requestsPerSecond, Double postgresRoundTripsPerRequest,
                           Double postgresQueriesPerRequest, Double redisCommandsPerRequest,
                           Double redisCommandsPerBurst, CpuSplit cpu, Double syscallsPerRequest,
                           Double contextSwitchesPerRequest, Double gcPerSecond, Double gcTimeShare) {

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
