/**
 * The capacity pass ({@link dev.fairbench.capacity.CapacityPass}): the highest fixed rate whose corrected
 * p99 stays under an SLO, found by doubling and bisection, then an overload step above it.
 * <p>May import: the JDK, Jackson, {@code dev.fairbench.runner} (the loop it plugs into), {@code loadgen},
 * {@code results}, {@code report} (interval logs), {@code workload}.
 */
package dev.fairbench.capacity;
