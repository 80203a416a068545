package dev.fairbench.profile;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fairbench.results.ProfileRoute;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one profiling pass measured on one route of one app, raw counts included, as written to
 * {@code profiles/<app>/profile.json}. {@link #toModel()} gives the subset that {@code results.json} holds.
 * Wire counts come from two windows: a sequential one (one connection, one request at a time), whose client bursts
 * per request are the round trips a page itself waits for, and the concurrent counting window, where a driver may
 * also batch the statements or commands of several requests into one write. Wire counts are taken in the steady
 * state of each window ({@link WireWindow}) and divided by the responses completed over the same span; CPU
 * divides the whole counting window's time by the requests it completed, as the runner does. Immutable.
 *
 * @param route                  contract route name
 * @param windowSeconds          length of the counting window (closed loop, no strace, no profiler)
 * @param wireRequests           responses completed over the span of the counting window that the wire counts cover
 * @param requestsCompleted      responses completed in it
 * @param requestsPerSecond      throughput of the counting window (perturbed by the proxies: not a benchmark result)
 * @param failedRequests         socket errors, timeouts and non-2xx responses of the sequential and counting windows
 * @param postgres               PostgreSQL wire counts of that span
 * @param redis                  Redis wire counts of that span
 * @param sequential             wire counts of the sequential window
 * @param appCpu                 the app's CPU time in the counting window, user and kernel
 * @param postgresCpuMicros      CPU time of every PostgreSQL process in it, or null when PostgreSQL is external
 * @param redisCpuMicros         CPU time of Redis in it, or null when Redis is external
 * @param contextSwitches        context switches of the app's threads in it
 * @param syscalls               strace window: system calls of the app's threads, or null when not counted
 * @param syscallRequests        strace window: responses completed while strace was attached
 * @param syscallsByName         strace window: the most frequent calls, by name
 * @param gcCollectionsPerSecond JVM apps: collections per second in the counting window (JFR), else null
 * @param gcPauseShare           JVM apps: fraction of the counting window spent in GC pauses, else null
 * @param flameGraph             the CPU profile, relative to the results directory, or null when none was taken
 * @param notes                  what was not measured and why, and anything odd about the windows
 */
public record RouteProfile(String route, double windowSeconds, long wireRequests, long requestsCompleted,
                           double requestsPerSecond, long failedRequests, WireCounts postgres, WireCounts redis,
                           Sequential sequential, CpuTimes appCpu, Long postgresCpuMicros, Long redisCpuMicros,
                           long contextSwitches, Long syscalls, long syscallRequests, Map<String, Long> syscallsByName,
                           Double gcCollectionsPerSecond, Double gcPauseShare, String flameGraph,
                           List<String> notes) {

    /**
     * The sequential window: one connection, each request sent when the previous one was answered.
     *
     * @param requests responses completed over the span the wire counts cover
     * @param postgres PostgreSQL wire counts
     * @param redis    Redis wire counts
     */
    public record Sequential(long requests, WireCounts postgres, WireCounts redis) {
        /** PostgreSQL statements (Execute or simple Query messages) per page. */
        @JsonProperty
        public double postgresQueriesPerPage() {
            return per(postgres.queries());
        }

        /** ReadyForQuery messages per page: the synchronisation points, one per statement unless batched. */
        @JsonProperty
        public double postgresReadyForQueryPerPage() {
            return per(postgres.readyForQuery());
        }

        /** Client bursts to PostgreSQL per page: the round trips one page waits for. */
        @JsonProperty
        public double postgresRoundTripsPerPage() {
            return per(postgres.clientBursts());
        }

        @JsonProperty
        public double redisCommandsPerPage() {
            return per(redis.queries());
        }

        /** Client bursts to Redis per page. */
        @JsonProperty
        public double redisRoundTripsPerPage() {
            return per(redis.clientBursts());
        }

        private double per(long count) {
            return requests == 0 ? 0 : (double) count / requests;
        }
    }

    public RouteProfile {
        syscallsByName = syscallsByName == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(syscallsByName));
        notes = List.copyOf(notes);
    }

    /** PostgreSQL statements executed (Execute or simple Query messages) per request under load. */
    @JsonProperty
    public double postgresQueriesPerRequest() {
        return perWireRequest(postgres.queries());
    }

    /** ReadyForQuery messages per request under load. */
    @JsonProperty
    public double postgresReadyForQueryPerRequest() {
        return perWireRequest(postgres.readyForQuery());
    }

    /** Client bursts to PostgreSQL per request under concurrent load: below the page's own when requests share writes. */
    @JsonProperty
    public double postgresBurstsPerRequestUnderLoad() {
        return perWireRequest(postgres.clientBursts());
    }

    /** Redis commands per request under load. */
    @JsonProperty
    public double redisCommandsPerRequest() {
        return perWireRequest(redis.queries());
    }

    /** Client bursts to Redis per request under concurrent load. */
    @JsonProperty
    public double redisBurstsPerRequest() {
        return perWireRequest(redis.clientBursts());
    }

    /** Syscalls per request in the strace window, or null when not counted. */
    @JsonProperty
    public Double syscallsPerRequest() {
        return syscalls == null || syscallRequests == 0 ? null : (double) syscalls / syscallRequests;
    }

    private double perWireRequest(long count) {
        return wireRequests == 0 ? 0 : (double) count / wireRequests;
    }

    private Double perCompleted(Long micros) {
        return micros == null || requestsCompleted == 0 ? null : (double) micros / requestsCompleted;
    }

    /**
     * The {@code results.json} entry. What a page costs on the wire (statements, synchronisation points, round
     * trips, Redis commands) comes from the sequential window, where each count is exact; Redis writes per request
     * come from the counting window, because batching across requests happens only under load. PostgreSQL figures
     * are left out for a route that sent no statement and Redis figures for one that sent no command, so the
     * report's findings list only the parties a route uses.
     */
    @JsonIgnore
    public ProfileRoute toModel() {
        boolean usesPostgres = sequential.postgres().queries() > 0;
        boolean usesRedis = sequential.redis().queries() > 0;
        return new ProfileRoute(route, requestsCompleted, requestsPerSecond,
                usesPostgres ? sequential.postgresQueriesPerPage() : null,
                usesPostgres ? sequential.postgresReadyForQueryPerPage() : null,
                usesPostgres ? sequential.postgresRoundTripsPerPage() : null,
                usesRedis ? sequential.redisCommandsPerPage() : null,
                usesRedis ? redisBurstsPerRequest() : null,
                new ProfileRoute.CpuSplit(perCompleted(appCpu.userMicros()), perCompleted(appCpu.systemMicros()),
                        perCompleted(postgresCpuMicros), perCompleted(redisCpuMicros)),
                syscallsPerRequest(),
                requestsCompleted == 0 ? null : (double) contextSwitches / requestsCompleted,
                gcCollectionsPerSecond, gcPauseShare, flameGraph, notes);
    }

    /** A copy with the GC figures of the counting window. */
    public RouteProfile withGc(double collectionsPerSecond, double pauseShare) {
        return new RouteProfile(route, windowSeconds, wireRequests, requestsCompleted, requestsPerSecond,
                failedRequests, postgres, redis, sequential, appCpu, postgresCpuMicros, redisCpuMicros, contextSwitches, syscalls,
                syscallRequests, syscallsByName, collectionsPerSecond, pauseShare, flameGraph, notes);
    }
}
