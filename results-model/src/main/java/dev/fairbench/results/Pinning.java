package dev.fairbench.results;

/**
 * CPU pinning of the session. CPU sets use the Linux list syntax ({@code 0}, {@code 0-3}, {@code 0,2}).
 *
 * @param enabled      whether processes were actually pinned (false when pinning was unavailable: then every
 *                     party shared every CPU and the sets below are what was intended)
 * @param appCpus      CPUs of the app under test
 * @param postgresCpus CPUs of PostgreSQL
 * @param redisCpus    CPUs of Redis
 * @param loadgenCpus  CPUs of the load generator
 */
public record Pinning(boolean enabled, String appCpus, String postgresCpus, String redisCpus, String loadgenCpus) {
}
