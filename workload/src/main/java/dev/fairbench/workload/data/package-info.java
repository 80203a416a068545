/**
 * The deterministic dataset: generator, seeder, loader and its SHA-256 digest, and the PostgreSQL URL.
 * <p>May import: the JDK, JDBC (pgjdbc), {@code dev.fairbench.workload}.
 */
package dev.fairbench.workload.data;
