/**
 * Reports regenerated from raw results alone: the writer of Markdown and HTML in every language, comparisons
 * of two results, latency and the host's steadiness from the raw interval logs.
 * <p>May import: the JDK, Jackson, HdrHistogram, {@code dev.fairbench.results}.
 */
package dev.fairbench.report;
