/**
 * The trial loop: the per-app lifecycle written once ({@link dev.fairbench.runner.TrialLoop}), with
 * measurements plugged in as {@link dev.fairbench.runner.Pass passes}; its options and plan, the services session,
 * the launcher of apps, the CPU pinning, the gate and the hostile suite of each start, the results recorder and the
 * record of the environment, and the host's steadiness said after each round and after the late retries.
 * <p>May import: the JDK, {@code dev.fairbench.workload}, {@code services}, {@code loadgen},
 * {@code results}, {@code report}, and the sub-packages of this one. Passes live outside it and import it.
 */
package dev.fairbench.runner;
