/**
 * Processes under test as /proc and the OS see them: CPU placement (taskset), CPU time and memory of process
 * trees, context switches, GC counters of JVMs, how busy the whole machine is, and running commands with a time
 * limit.
 * The same readers work on another host's {@code /proc} over SSH ({@link dev.fairbench.runner.proc.HostProcFs}),
 * where the interference guard has a part too ({@link dev.fairbench.runner.proc.RemoteGuard}).
 * <p>May import: the JDK, {@code dev.fairbench.results} (what interference is recorded as),
 * {@code dev.fairbench.hosts} (the hosts whose {@code /proc} is read) and {@code dev.fairbench.services.Tether},
 * which ties children to the JVM's life.
 */
package dev.fairbench.runner.proc;
