package dev.fairbench.report.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Optional;

/**
 * A capacity search on one route: fixed-rate steps of increasing rate (latency corrected for coordinated
 * omission) until the app leaves the SLO.
 *
 * @param route       contract route name
 * @param sloP99Ms    the SLO: p99 latency at most this, in milliseconds, with no error and no non-2xx response
 * @param stepSeconds measured length of each step
 * @param steps       the steps in the order run, increasing target rate
 */
public record CapacityResult(String route, @JsonProperty("slo_p99_ms") double sloP99Ms, double stepSeconds,
                             List<Step> steps) {

    public CapacityResult {
        steps = Lists.copy(steps);
    }

    /** The highest-rate step that met the SLO with every step before it meeting it too. */
    @JsonIgnore
    public Optional<Step> maxUnderSlo() {
        Step best = null;
        for (Step step : steps) {
            if (!step.withinSlo()) {
                break;
            }
            best = step;
        }
        return Optional.ofNullable(best);
    }

    /** The first step that missed the SLO. */
    @JsonIgnore
    public Optional<Step> overload() {
        return steps.stream().filter(s -> !s.withinSlo()).findFirst();
    }

    /**
     * One fixed-rate step.
     *
     * @param targetRatePerSecond requests per second the load generator aimed at
     * @param requestsCompleted   responses completed in the step
     * @param requestsPerSecond   throughput achieved
     * @param latency             corrected latency percentiles
     * @param errors              socket errors and timeouts
     * @param non2xx              non-2xx responses
     * @param appCpuSeconds       app CPU time during the step, or {@code null}
     * @param appRssPeakBytes     peak app RSS during the step, or {@code null}
     * @param withinSlo           whether the step met the SLO (decided by the runner: p99, errors, non-2xx and
     *                            achieved rate)
     */
    public record Step(double targetRatePerSecond, long requestsCompleted, double requestsPerSecond,
                       Latency latency, long errors, @JsonProperty("non_2xx") long non2xx, Double appCpuSeconds,
                       Long appRssPeakBytes, boolean withinSlo) {

        /** Requests served per second of app CPU time, or {@code null} when CPU was not measured. */
        @JsonIgnore
        public Double requestsPerCpuSecond() {
            return appCpuSeconds == null || appCpuSeconds <= 0 ? null : requestsCompleted / appCpuSeconds;
        }
    }
}
