/**
 * The profiling pass ({@link dev.fairbench.profile.ProfilePass}): PostgreSQL and Redis wire counters behind
 * transparent proxies, CPU split from /proc, syscalls under strace, GC from JFR, flame graphs from
 * async-profiler or perf.
 * <p>May import: the JDK, Jackson, async-profiler, {@code dev.fairbench.runner} (the loop it plugs into),
 * {@code loadgen}, {@code results}, {@code workload}.
 */
package dev.fairbench.profile;
