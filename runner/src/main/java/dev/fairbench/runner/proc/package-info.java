/**
 * Processes under test as /proc and the OS see them: CPU placement (taskset), CPU time and memory of process
 * trees, context switches, GC counters of JVMs, how busy the whole machine is, and running commands with a time
 * limit.
 * <p>May import: the JDK, {@code dev.fairbench.results} (what interference is recorded as) and
 * {@code dev.fairbench.services.Tether}, which ties children to the JVM's life.
 */
package dev.fairbench.runner.proc;
