/**
 * {@code friction.json}: what it costs to build and ship each app (clean and incremental build times, artifact and
 * runtime size, cold start, lines of code, lockfile dependencies), as one versioned document next to
 * {@code results.json}, with its store and JSON Schema. Written by {@code fairbench friction}, read by the reports.
 * <p>May import: the JDK, Jackson, {@code dev.fairbench.results}; nothing else of fairbench.
 */
package dev.fairbench.results.friction;
