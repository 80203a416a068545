package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * The rules of the session and the machine it ran on: what the report prints under "Setup" and "Rules".
 *
 * @param gitCommit       commit of the fairbench checkout that measured (full hex), or {@code null} if unknown
 * @param gitDirty        whether that checkout differed from its commit: changes to tracked files, or files git
 *                        does not ignore and does not track
 * @param gitDiffSha256   when dirty, what it differed by: the lower-case hex SHA-256 of the output of
 *                        {@code git diff HEAD --binary --no-color --no-ext-diff} followed by that of
 *                        {@code git ls-files --others --exclude-standard -z} (the untracked names), i.e.
 *                        {@code (git diff HEAD --binary --no-color --no-ext-diff; git ls-files --others
 *                        --exclude-standard -z) | sha256sum}; {@code null} when clean or unknown
 * @param host            the machine
 * @param pinning         which CPUs each party was pinned to
 * @param workers         the {@code WORKERS} value given to every app
 * @param poolMax         the {@code POOL_MAX} value given to every app
 * @param poolMin         the {@code POOL_MIN} value given to every app
 * @param connections     HTTP connections of the load generator in the closed-loop runs
 * @param loadgenThreads  event-loop threads of the load generator
 * @param warmupSeconds   load applied before each route's measured runs, not recorded
 * @param durationSeconds length of one measured run
 * @param runs            measured runs per app and route; the median counts
 * @param routes          the routes measured, in report order (contract route names)
 * @param versions        versions of everything shared by all apps, e.g. {@code java}, {@code postgresql},
 *                        {@code redis}, {@code kernel}; sorted by key
 * @param environment     anything else that may matter, e.g. {@code cpu_governor}, {@code virtualization};
 *                        sorted by key
 * @param placement       which role ran where ({@link PlacedRole}): the app, the services, then each load host in
 *                        the order of the hosts file; empty when everything ran on this machine (and in results
 *                        written before it was recorded), and then left out of the JSON
 */
public record Setup(String gitCommit, boolean gitDirty, String gitDiffSha256, Host host, Pinning pinning, int workers,
                    int poolMax, int poolMin, int connections, int loadgenThreads, double warmupSeconds,
                    double durationSeconds, int runs, List<String> routes, Map<String, String> versions,
                    Map<String, String> environment,
                    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PlacedRole> placement) {

    public Setup {
        routes = Lists.copy(routes);
        placement = Lists.copy(placement);
        versions = Lists.sorted(versions);
        environment = Lists.sorted(environment);
    }

    /** A setup of a session that ran wholly on this machine. */
    public Setup(String gitCommit, boolean gitDirty, String gitDiffSha256, Host host, Pinning pinning, int workers,
                 int poolMax, int poolMin, int connections, int loadgenThreads, double warmupSeconds,
                 double durationSeconds, int runs, List<String> routes, Map<String, String> versions,
                 Map<String, String> environment) {
        this(gitCommit, gitDirty, gitDiffSha256, host, pinning, workers, poolMax, poolMin, connections, loadgenThreads,
                warmupSeconds, durationSeconds, runs, routes, versions, environment, List.of());
    }

    /** A setup without a diff digest (results written before it was recorded, tests). */
    public Setup(String gitCommit, boolean gitDirty, Host host, Pinning pinning, int workers, int poolMax,
                 int poolMin, int connections, int loadgenThreads, double warmupSeconds, double durationSeconds,
                 int runs, List<String> routes, Map<String, String> versions, Map<String, String> environment) {
        this(gitCommit, gitDirty, null, host, pinning, workers, poolMax, poolMin, connections, loadgenThreads,
                warmupSeconds, durationSeconds, runs, routes, versions, environment);
    }

    /** This setup with {@code environment} in place of its environment map. */
    public Setup withEnvironment(Map<String, String> environment) {
        return new Setup(gitCommit, gitDirty, gitDiffSha256, host, pinning, workers, poolMax, poolMin, connections,
                loadgenThreads, warmupSeconds, durationSeconds, runs, routes, versions, environment, placement);
    }

    /** This setup with {@code pinning} in place of its pinning. */
    public Setup withPinning(Pinning pinning) {
        return new Setup(gitCommit, gitDirty, gitDiffSha256, host, pinning, workers, poolMax, poolMin, connections,
                loadgenThreads, warmupSeconds, durationSeconds, runs, routes, versions, environment, placement);
    }

    /** This setup with {@code placement} in place of its placement. */
    public Setup withPlacement(List<PlacedRole> placement) {
        return new Setup(gitCommit, gitDirty, gitDiffSha256, host, pinning, workers, poolMax, poolMin, connections,
                loadgenThreads, warmupSeconds, durationSeconds, runs, routes, versions, environment, placement);
    }
}
