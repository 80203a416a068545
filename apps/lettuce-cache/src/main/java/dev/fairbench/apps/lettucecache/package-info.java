/**
 * The Redis page cache of the contract (section 4.3) on Lettuce, for the Java apps that block on Redis (Spring,
 * Helidon): one class, {@link dev.fairbench.apps.lettucecache.LettucePageCache}, so that both apps send the same
 * commands with the same timeouts and fail the same way.
 *
 * <p>May import: the JDK, Lettuce ({@code io.lettuce.core}) and {@code dev.fairbench.apps.common}. No web framework,
 * and nothing of the harness (the {@code workload} and {@code services} modules). Apps on another Redis
 * client (Vert.x) do not depend on this package.
 */
package dev.fairbench.apps.lettucecache;
