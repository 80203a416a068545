/**
 * The Helidon SE 4 app under test: virtual threads, JDBC through HikariCP, Lettuce for the page cache.
 * <p>May import: the JDK, Helidon, JDBC, {@code dev.fairbench.apps.common}, {@code apps.lettucecache},
 * {@code dev.fairbench.templates}; never the harness.
 */
package dev.fairbench.apps.helidon;
