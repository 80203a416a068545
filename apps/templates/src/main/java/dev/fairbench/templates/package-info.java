/**
 * The JTE templates the Java apps share (precompiled), with the contract's escaping as their output.
 * <p>May import: the JDK, JTE, {@code dev.fairbench.apps.common}; never the harness.
 */
package dev.fairbench.templates;
