package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.List;

/**
 * One measured run (closed loop, warm-up excluded), as the load generator counted it.
 *
 * @param run               1-based number of the run within its route: the round it was measured in
 * @param startedAt         start of the measured part
 * @param durationSeconds   length of the measured part
 * @param requestsCompleted complete responses of any status
 * @param requestsPerSecond {@code requestsCompleted / durationSeconds}
 * @param connectErrors     failed connection attempts
 * @param readErrors        requests lost to failed reads, malformed responses and connections closed under
 *                          in-flight requests: every request in flight on the dropped connection counts
 * @param writeErrors       requests lost to failed writes, counted the same way
 * @param timeouts          requests unanswered within the load generator's timeout
 * @param latency           latency percentiles
 * @param hlog              HdrHistogram interval log of the run (values in microseconds), relative to the
 *                          results directory, or {@code null}
 * @param resources         CPU, memory, context switches and GC during the measured part, or {@code null}
 * @param offeredRatePerSecond the fixed rate the load generator offered (a cost run), or {@code null} for a
 *                          closed-loop run
 * @param cpuUse            how busy each CPU set was and what bound the run, or {@code null} when not measured
 * @param interference      what else used the machine during the run, or {@code null} when not watched
 * @param warmupSeconds     load before the measured part, not recorded: the fixed warm-up plus the time it was
 *                          extended while a JIT compiled (see the runner's {@code WarmUp}); {@code null} when not
 *                          recorded (files written before it existed, runs without a warm-up)
 * @param canary            the host-speed canary timed just before and just after the run, or {@code null} when
 *                          none was (files written before it existed, passes without one)
 * @param loadHosts         when the load was split among load hosts ({@code run --hosts}): each host's own part, in
 *                          the placement's order; their requests and errors sum to the run's. Empty when the load
 *                          ran in the runner's JVM (and in files written before it existed)
 */
public record RunResult(int run, Instant startedAt, double durationSeconds, long requestsCompleted,
                        double requestsPerSecond, @JsonProperty("status_2xx") long status2xx,
                        @JsonProperty("status_3xx") long status3xx, @JsonProperty("status_4xx") long status4xx,
                        @JsonProperty("status_5xx") long status5xx, long connectErrors, long readErrors,
                        long writeErrors, long timeouts, Latency latency, String hlog, Resources resources,
                        Double offeredRatePerSecond, CpuUse cpuUse, Interference interference,
                        Double warmupSeconds, Canary canary,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LoadHostRun> loadHosts) {

    public RunResult {
        loadHosts = Lists.copy(loadHosts);
    }

    /** A run whose load ran in the runner's JVM. */
    public RunResult(int run, Instant startedAt, double durationSeconds, long requestsCompleted,
                     double requestsPerSecond, long status2xx, long status3xx, long status4xx, long status5xx,
                     long connectErrors, long readErrors, long writeErrors, long timeouts, Latency latency, String hlog,
                     Resources resources, Double offeredRatePerSecond, CpuUse cpuUse, Interference interference,
                     Double warmupSeconds, Canary canary) {
        this(run, startedAt, durationSeconds, requestsCompleted, requestsPerSecond, status2xx, status3xx, status4xx,
                status5xx, connectErrors, readErrors, writeErrors, timeouts, latency, hlog, resources,
                offeredRatePerSecond, cpuUse, interference, warmupSeconds, canary, List.of());
    }

    /** A run without a canary. */
    public RunResult(int run, Instant startedAt, double durationSeconds, long requestsCompleted,
                     double requestsPerSecond, long status2xx, long status3xx, long status4xx, long status5xx,
                     long connectErrors, long readErrors, long writeErrors, long timeouts, Latency latency, String hlog,
                     Resources resources, Double offeredRatePerSecond, CpuUse cpuUse, Interference interference,
                     Double warmupSeconds) {
        this(run, startedAt, durationSeconds, requestsCompleted, requestsPerSecond, status2xx, status3xx, status4xx,
                status5xx, connectErrors, readErrors, writeErrors, timeouts, latency, hlog, resources,
                offeredRatePerSecond, cpuUse, interference, warmupSeconds, null);
    }

    /** A run without a recorded warm-up. */
    public RunResult(int run, Instant startedAt, double durationSeconds, long requestsCompleted,
                     double requestsPerSecond, long status2xx, long status3xx, long status4xx, long status5xx,
                     long connectErrors, long readErrors, long writeErrors, long timeouts, Latency latency, String hlog,
                     Resources resources, Double offeredRatePerSecond, CpuUse cpuUse, Interference interference) {
        this(run, startedAt, durationSeconds, requestsCompleted, requestsPerSecond, status2xx, status3xx, status4xx,
                status5xx, connectErrors, readErrors, writeErrors, timeouts, latency, hlog, resources,
                offeredRatePerSecond, cpuUse, interference, null);
    }

    /** The same run with {@code seconds} of warm-up before it. */
    public RunResult withWarmupSeconds(double seconds) {
        return new RunResult(run, startedAt, durationSeconds, requestsCompleted, requestsPerSecond, status2xx,
                status3xx, status4xx, status5xx, connectErrors, readErrors, writeErrors, timeouts, latency, hlog,
                resources, offeredRatePerSecond, cpuUse, interference, seconds, canary, loadHosts);
    }

    /** The same run with the canary timed around it. */
    public RunResult withCanary(Canary timed) {
        return new RunResult(run, startedAt, durationSeconds, requestsCompleted, requestsPerSecond, status2xx,
                status3xx, status4xx, status5xx, connectErrors, readErrors, writeErrors, timeouts, latency, hlog,
                resources, offeredRatePerSecond, cpuUse, interference, warmupSeconds, timed, loadHosts);
    }

    /** The same run with these load hosts' parts. */
    public RunResult withLoadHosts(List<LoadHostRun> parts) {
        return new RunResult(run, startedAt, durationSeconds, requestsCompleted, requestsPerSecond, status2xx,
                status3xx, status4xx, status5xx, connectErrors, readErrors, writeErrors, timeouts, latency, hlog,
                resources, offeredRatePerSecond, cpuUse, interference, warmupSeconds, canary, parts);
    }

    /** A closed-loop run without CPU-set or interference readings. */
    public RunResult(int run, Instant startedAt, double durationSeconds, long requestsCompleted,
                     double requestsPerSecond, long status2xx, long status3xx, long status4xx, long status5xx,
                     long connectErrors, long readErrors, long writeErrors, long timeouts, Latency latency, String hlog,
                     Resources resources) {
        this(run, startedAt, durationSeconds, requestsCompleted, requestsPerSecond, status2xx, status3xx, status4xx,
                status5xx, connectErrors, readErrors, writeErrors, timeouts, latency, hlog, resources, null, null, null, null);
    }

    /**
     * Whether the run cannot be trusted: the interference guard found foreign CPU or the hypervisor's steal over
     * its threshold in it, or the canary found the host slowed around it. Either way it is measured again, and kept
     * as disturbed when it stays so.
     */
    @JsonIgnore
    public boolean disturbed() {
        return interference != null && (interference.disturbed() || interference.stolen()) || slowed();
    }

    /** Whether the hypervisor's steal in the run was over the guard's threshold. */
    @JsonIgnore
    public boolean stolen() {
        return interference != null && interference.stolen();
    }

    /** Whether the canary found the host slowed around the run. */
    @JsonIgnore
    public boolean slowed() {
        return canary != null && canary.slowed();
    }

    /** Socket errors plus timeouts. */
    @JsonIgnore
    public long errors() {
        return connectErrors + readErrors + writeErrors + timeouts;
    }

    /** Responses whose status was not 2xx. */
    @JsonIgnore
    public long non2xx() {
        return status3xx + status4xx + status5xx;
    }
}
