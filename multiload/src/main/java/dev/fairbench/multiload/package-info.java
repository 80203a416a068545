/**
 * One load run from several load hosts ({@code fairbench load --hosts}): {@link dev.fairbench.multiload.MultiHostLoad}
 * copies the fairbench jar to each load host ({@link dev.fairbench.hosts.Host}), starts its part of the load there in
 * barrier mode, starts all parts at one instant and merges their results exactly.
 * <p>May import: the JDK, {@code dev.fairbench.loadgen} and {@code dev.fairbench.hosts}.
 */
package dev.fairbench.multiload;
