/**
 * The report's blocks (tables, charts, findings, capacity) and their renderers to Markdown and HTML, with the
 * messages in English and Ukrainian.
 * <p>May import: the JDK, {@code dev.fairbench.results}.
 */
package dev.fairbench.report.render;
