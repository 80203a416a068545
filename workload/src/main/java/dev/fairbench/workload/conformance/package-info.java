/**
 * The conformance gate: every case of the contract (pages, cache, errors) compared byte for byte with the
 * reference renderer over HTTP, with a readable diff per mismatch.
 * <p>May import: the JDK, Jackson databind (the JSON page-cache format), {@code dev.fairbench.workload} and its other
 * sub-packages.
 */
package dev.fairbench.workload.conformance;
