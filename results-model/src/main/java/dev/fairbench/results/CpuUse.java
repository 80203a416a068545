package dev.fairbench.results;

/**
 * How much of each CPU set the benchmark's own processes placed on it used during one run, and what bound the
 * run. A share is the CPU time of those processes over the window times the number of CPUs of the set, 0 to 1;
 * where sets are shared (on 2 cores the services and the load generator share CPU 1) every party placed on the
 * set counts. Foreign processes do not count here: they are the interference guard's.
 *
 * @param appCpusBusy       share of the app's CPUs used by the app's process tree (1 = all of them, all the time)
 * @param servicesCpusBusy  share of the services' CPUs used by PostgreSQL, Redis (and the load generator if shared)
 * @param loadgenCpusBusy   share of the load generator's CPUs used by it (and the services if shared)
 * @param loadgenCpuSeconds user + system CPU of the load generator's process (the runner's JVM)
 * @param bound             the classification of {@link Bound#classify}
 */
public record CpuUse(double appCpusBusy, double servicesCpusBusy, double loadgenCpusBusy, double loadgenCpuSeconds,
                     Bound bound) {
}
