package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * What ran on the machine during one measured window besides the benchmark's own processes (the runner with its
 * load generator and children, the app's tree, PostgreSQL, Redis), sampled once a second from {@code /proc}.
 *
 * @param windowSeconds          length of the watched window
 * @param foreignCpuSeconds      user + system CPU of every other user-space process (with its reaped children)
 * @param unattributedCpuSeconds busy CPU of {@code /proc/stat} that no listed process accounts for (processes that
 *                               lived between two samples, interrupt work); recorded, not judged
 * @param kernelThreadCpuSeconds CPU of kernel threads (network and block work, often done for the benchmark)
 * @param stealCpuSeconds        CPU time the hypervisor gave to other guests
 * @param maxForeignCores        the threshold: foreign CPU per second of window above which it is disturbed
 * @param disturbed              {@code foreignCpuSeconds / windowSeconds > maxForeignCores}
 * @param top                    the foreign processes that used the most CPU, at most three, most first
 */
public record Interference(double windowSeconds, double foreignCpuSeconds, double unattributedCpuSeconds,
                           double kernelThreadCpuSeconds, double stealCpuSeconds, double maxForeignCores,
                           boolean disturbed, List<ForeignProcess> top) {

    public Interference {
        top = Lists.copy(top);
    }

    /**
     * One foreign process.
     *
     * @param pid        process id
     * @param command    its command name and arguments, shortened
     * @param cpuSeconds CPU it used in the window
     */
    public record ForeignProcess(long pid, String command, double cpuSeconds) {}

    /** Foreign CPU as a share of one core over the window. */
    @JsonIgnore
    public double foreignCores() {
        return windowSeconds <= 0 ? 0 : foreignCpuSeconds / windowSeconds;
    }

    /** Steal as a share of one core over the window (summed over the machine's CPUs). */
    @JsonIgnore
    public double stealCores() {
        return windowSeconds <= 0 ? 0 : stealCpuSeconds / windowSeconds;
    }
}
