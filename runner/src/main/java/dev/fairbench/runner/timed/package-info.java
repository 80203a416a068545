/**
 * The timed runs of {@code fairbench run}, a {@link dev.fairbench.runner.Pass}: per route a warm-up and
 * measured runs with the cost of every party.
 * <p>May import: the JDK, {@code dev.fairbench.runner} and its {@code proc}, {@code canary} and {@code registry},
 * {@code loadgen}, {@code results}, {@code report} (interval logs), {@code workload}.
 */
package dev.fairbench.runner.timed;
