/**
 * The host-speed canary: a fixed piece of work (CPU-bound and memory-latency-bound) timed on the app's CPUs just
 * before and just after every measured window by a small process of the benchmark's own, and the rule that marks a
 * window slowed when the canary ran slower than the run's baseline by more than a threshold. It catches a host that
 * slows the guest, which nothing in {@code /proc} shows.
 * <p>May import: the JDK, {@code dev.fairbench.results} (what a canary is recorded as) and
 * {@code dev.fairbench.runner.proc} (tying the process to the runner's life).
 */
package dev.fairbench.runner.canary;
