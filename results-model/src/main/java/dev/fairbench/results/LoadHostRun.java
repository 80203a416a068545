package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What one load host did in one measured run when several shared its load ({@code run --hosts}): its own counts,
 * whose sums over the run's load hosts are the run's, and how busy its CPUs were. One entry of
 * {@link RunResult#loadHosts()}.
 *
 * @param host              the load host, as the placement names it ({@link PlacedRole#host()} of a {@code load}
 *                          entry: the SSH destination, or {@code local})
 * @param requestsCompleted complete responses of any status that this host's connections received
 * @param requestsPerSecond {@code requestsCompleted} over this host's measured window
 * @param errors            this host's connect, read and write errors plus timeouts, counted as
 *                          {@link RunResult#errors()} counts the run's
 * @param cpuBusyShare      the busy share (0 to 1) of the host's load CPUs over the measured window, everything on
 *                          them counted; at {@link Bound#SATURATED_SHARE} or more the host could offer no more load.
 *                          {@code null} when its {@code /proc/stat} was not read at both ends of the window
 */
public record LoadHostRun(String host, long requestsCompleted, double requestsPerSecond, long errors,
                          Double cpuBusyShare) {

    public LoadHostRun {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("a load host run needs its host");
        }
    }

    /** Whether the host's CPUs were saturated ({@link Bound#SATURATED_SHARE} or more busy); false when not read. */
    @JsonIgnore
    public boolean saturated() {
        return cpuBusyShare != null && cpuBusyShare >= Bound.SATURATED_SHARE;
    }
}
