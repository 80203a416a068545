package dev.fairbench.results;

/**
 * What one run cost, sampled from {@code /proc} over its measured part. Every value is {@code null} when it
 * could not be measured (e.g. GC for an app without a garbage collector).
 *
 * @param appCpuSeconds       user + system CPU time of the app process, all threads
 * @param postgresCpuSeconds  user + system CPU time of all PostgreSQL processes
 * @param redisCpuSeconds     user + system CPU time of the Redis server
 * @param appRssPeakBytes     resident set size of the app under load: of six samples spread over the run, the one
 *                            taken at the highest CPU use (as round 2 did); the runner samples only the first
 *                            run of each route, so later runs leave it out; for an app on another host, its
 *                            tree's at the end of the run (that host is read at the run's two ends only)
 * @param appContextSwitches  voluntary + involuntary context switches of all the app's threads; for an app on
 *                            another host, of the threads alive at the run's end (from its two end readings)
 * @param gcCollections       garbage collections started during the run
 * @param gcPauseSeconds      total stop-the-world pause time of those collections
 * @param jitCpuSeconds       the part of {@code appCpuSeconds} spent by the JIT compiler threads of a HotSpot JVM
 *                            (C1, C2, JVMCI), so that compilation still going on in the measured part shows; null
 *                            for apps without such threads and in files written before it was recorded
 * @param appIoCalls          read- and write-family system calls of the app's tree ({@link IoCalls}: not comparable
 *                            between apps); null for an app on another host and in files written before it was
 *                            recorded
 * @param redisIoCalls        the same of the Redis server; null when Redis is external or on another host
 */
public record Resources(Double appCpuSeconds, Double postgresCpuSeconds, Double redisCpuSeconds,
                        Long appRssPeakBytes, Long appContextSwitches, Long gcCollections, Double gcPauseSeconds,
                        Double jitCpuSeconds, IoCalls appIoCalls, IoCalls redisIoCalls) {

    /** Resources without system call counts. */
    public Resources(Double appCpuSeconds, Double postgresCpuSeconds, Double redisCpuSeconds, Long appRssPeakBytes,
                     Long appContextSwitches, Long gcCollections, Double gcPauseSeconds, Double jitCpuSeconds) {
        this(appCpuSeconds, postgresCpuSeconds, redisCpuSeconds, appRssPeakBytes, appContextSwitches, gcCollections,
                gcPauseSeconds, jitCpuSeconds, null, null);
    }

    /** Resources without a JIT reading. */
    public Resources(Double appCpuSeconds, Double postgresCpuSeconds, Double redisCpuSeconds, Long appRssPeakBytes,
                     Long appContextSwitches, Long gcCollections, Double gcPauseSeconds) {
        this(appCpuSeconds, postgresCpuSeconds, redisCpuSeconds, appRssPeakBytes, appContextSwitches, gcCollections,
                gcPauseSeconds, null, null, null);
    }
}
