/**
 * The reference renderer: the exact bytes of every page, with the contract's escaper.
 * <p>May import: the JDK, {@code dev.fairbench.workload.data}.
 */
package dev.fairbench.workload.render;
