/**
 * PostgreSQL and Redis for the benchmark: embedded servers unpacked from Maven artifacts (or servers given by
 * URL), their data folder, leases so that commands share them, and how they start and stop.
 * <p>May import: the JDK, {@code dev.fairbench.workload} (to seed); nothing above it.
 */
package dev.fairbench.services;
