package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What limited a closed-loop run: which CPU set the benchmark's own processes saturated (used at least
 * {@link #SATURATED_SHARE} of it over the window, see {@link CpuUse}). Written in results.json as {@code app-bound}, {@code services-bound}, {@code loadgen-bound},
 * {@code latency-bound}. Only runs that were {@link #APP_BOUND} rank apps by req/s: in the others the
 * throughput measured the shared CPU or the round trips, not the app.
 */
public enum Bound {
    /** The app's CPUs were saturated: req/s measures the app. */
    APP_BOUND,
    /** PostgreSQL and Redis used most of their saturated CPUs. */
    SERVICES_BOUND,
    /** The load generator used most of its saturated CPUs. */
    LOADGEN_BOUND,
    /** Nothing was saturated: the connections waited on round trips (or on something not measured). */
    LATENCY_BOUND;

    /** Busy share of a CPU set from which it counts as saturated. */
    public static final double SATURATED_SHARE = 0.90;

    @JsonValue
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /**
     * Classifies a run from the used share of each CPU set and who used the shared ones.
     *
     * @param appBusy            busy share of the app's CPUs, 0 to 1
     * @param servicesBusy       busy share of the services' CPUs
     * @param loadgenBusy        busy share of the load generator's CPUs
     * @param servicesCpuSeconds CPU of PostgreSQL and Redis in the window, or null when not measured
     * @param loadgenCpuSeconds  CPU of the load generator in the window
     */
    public static Bound classify(double appBusy, double servicesBusy, double loadgenBusy, Double servicesCpuSeconds,
                                 double loadgenCpuSeconds) {
        if (appBusy >= SATURATED_SHARE) return APP_BOUND;
        boolean services = servicesBusy >= SATURATED_SHARE;
        boolean loadgen = loadgenBusy >= SATURATED_SHARE;
        if (services && loadgen) {
            // On a small machine both share the CPUs: the one that used more of them bound the run.
            return servicesCpuSeconds != null && servicesCpuSeconds > loadgenCpuSeconds ? SERVICES_BOUND : LOADGEN_BOUND;
        }
        if (services) return SERVICES_BOUND;
        if (loadgen) return LOADGEN_BOUND;
        return LATENCY_BOUND;
    }
}
