/**
 * One load run from several load hosts ({@code fairbench load --hosts}): {@link dev.fairbench.multiload.MultiHostLoad}
 * copies the fairbench jar to each {@link dev.fairbench.multiload.LoadHost}, starts its part of the load there in
 * barrier mode, starts all parts at one instant and merges their results exactly.
 * <p>May import: the JDK and {@code dev.fairbench.loadgen}.
 */
package dev.fairbench.multiload;
