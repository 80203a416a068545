/**
 * The load generator: NIO, one selector per thread, closed loop, fixed rate without coordinated omission
 * (intended start times) and pipelining; HdrHistogram latencies and interval logs.
 * <p>May import: the JDK and HdrHistogram; nothing else of fairbench, so that it can be used alone.
 */
package dev.fairbench.loadgen;
