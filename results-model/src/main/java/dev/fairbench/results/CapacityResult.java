package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A capacity search on one route: fixed-rate steps (latency corrected for coordinated omission), in the order
 * they ran. The rates need not increase: a search may double the rate until a step breaks the SLO, then bisect.
 *
 * @param route       contract route name
 * @param sloP99Ms    the SLO: p99 latency at most this, in milliseconds, with no error and no non-2xx response
 * @param stepSeconds measured length of each step
 * @param steps       the steps in the order run
 */
public record CapacityResult(String route, @JsonProperty("slo_p99_ms") double sloP99Ms, double stepSeconds,
                             List<Step> steps) {

    public CapacityResult {
        steps = Lists.copy(steps);
    }

    /** The step with the highest target rate among those within the SLO: the capacity. */
    @JsonIgnore
    public Optional<Step> maxUnderSlo() {
        return steps.stream().filter(Step::withinSlo).max(Comparator.comparingDouble(Step::targetRatePerSecond));
    }

    /**
     * The overload step: the capacity pass runs it last, at 1.2 times the capacity, so the last step counts when it
     * missed the SLO at a higher rate than the capacity. Results without it (a search cut short) fall back to the
     * failed step with the lowest rate above the capacity (any, when no step met the SLO).
     */
    @JsonIgnore
    public Optional<Step> overload() {
        double capacity = maxUnderSlo().map(Step::targetRatePerSecond).orElse(Double.NEGATIVE_INFINITY);
        if (!steps.isEmpty()) {
            Step last = steps.getLast();
            if (!last.withinSlo() && last.targetRatePerSecond() > capacity) return Optional.of(last);
        }
        return steps.stream().filter(s -> !s.withinSlo() && s.targetRatePerSecond() > capacity)
                .min(Comparator.comparingDouble(Step::targetRatePerSecond));
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
     * @param interference        what else used the machine during the step, or {@code null} when not watched
     */
    public record Step(double targetRatePerSecond, long requestsCompleted, double requestsPerSecond,
                       Latency latency, long errors, @JsonProperty("non_2xx") long non2xx, Double appCpuSeconds,
                       Long appRssPeakBytes, boolean withinSlo, Interference interference) {

        /** A step measured without the interference guard. */
        public Step(double targetRatePerSecond, long requestsCompleted, double requestsPerSecond, Latency latency,
                    long errors, long non2xx, Double appCpuSeconds, Long appRssPeakBytes, boolean withinSlo) {
            this(targetRatePerSecond, requestsCompleted, requestsPerSecond, latency, errors, non2xx, appCpuSeconds,
                    appRssPeakBytes, withinSlo, null);
        }

        /** Requests served per second of app CPU time, or {@code null} when CPU was not measured. */
        @JsonIgnore
        public Double requestsPerCpuSecond() {
            return appCpuSeconds == null || appCpuSeconds <= 0 ? null : requestsCompleted / appCpuSeconds;
        }
    }
}
