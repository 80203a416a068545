/**
 * The reference {@code /compute} prime loop, in signed 64-bit arithmetic as the contract specifies.
 * <p>May import: the JDK only.
 */
package dev.fairbench.workload.compute;
