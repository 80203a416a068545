package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * What ran on the machine during one measured window besides the benchmark's own processes (the runner with its
 * load generator and children, the app's tree, PostgreSQL, Redis), sampled once a second from {@code /proc}; with
 * {@code run --hosts}, also on the app's and the services' other hosts, read at the window's start and end (there
 * fairbench's own are the roles' trees and whatever its SSH session started).
 *
 * @param windowSeconds          length of the watched window
 * @param foreignCpuSeconds      user + system CPU of every other user-space process (with its reaped children), of
 *                               this machine and of each other host of the app or the services (that host's
 *                               foreign cores over its own readings' interval, times this window)
 * @param unattributedCpuSeconds busy CPU of {@code /proc/stat} that no listed process accounts for (processes that
 *                               lived between two samples, interrupt work); recorded, not judged
 * @param kernelThreadCpuSeconds CPU of kernel threads (network and block work, often done for the benchmark)
 * @param stealCpuSeconds        CPU time the hypervisor gave to other guests, summed over this machine's CPUs
 * @param maxForeignCores        the threshold: foreign CPU per second of window above which it is disturbed
 * @param disturbed              {@code foreignCpuSeconds / windowSeconds > maxForeignCores}
 * @param top                    the foreign processes that used the most CPU, at most three, most first
 * @param maxStealCores          the threshold: steal per second of window above which it is stolen; {@code null}
 *                               where steal was recorded but not judged (files written before it was, profile and
 *                               capacity windows)
 * @param stolen                 {@code stealCpuSeconds / windowSeconds > maxStealCores}: the hypervisor ran other
 *                               guests on this machine's CPUs for more than the threshold, which slows the app's
 *                               CPU time per request as a neighbour would (docs/benchmarks.md §2)
 */
public record Interference(double windowSeconds, double foreignCpuSeconds, double unattributedCpuSeconds,
                           double kernelThreadCpuSeconds, double stealCpuSeconds, double maxForeignCores,
                           boolean disturbed, List<ForeignProcess> top, Double maxStealCores, boolean stolen) {

    public Interference {
        top = Lists.copy(top);
    }

    /** A window whose steal is recorded but not judged. */
    public Interference(double windowSeconds, double foreignCpuSeconds, double unattributedCpuSeconds,
                        double kernelThreadCpuSeconds, double stealCpuSeconds, double maxForeignCores,
                        boolean disturbed, List<ForeignProcess> top) {
        this(windowSeconds, foreignCpuSeconds, unattributedCpuSeconds, kernelThreadCpuSeconds, stealCpuSeconds,
                maxForeignCores, disturbed, top, null, false);
    }

    /** This window with its steal judged against {@code maxStealCores} (cores, summed over the CPUs). */
    public Interference judgeSteal(double maxStealCores) {
        return new Interference(windowSeconds, foreignCpuSeconds, unattributedCpuSeconds, kernelThreadCpuSeconds,
                stealCpuSeconds, maxForeignCores, disturbed, top, maxStealCores,
                windowSeconds > 0 && stealCores() > maxStealCores);
    }

    /**
     * One foreign process.
     *
     * @param pid        process id (on its host)
     * @param command    its command name and arguments, shortened; on another host {@code HOST:NAME}, the host as
     *                   the hosts file names it and the process's name (its {@code comm}, at most 15 characters)
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
