/**
 * The app registry ({@code apps.toml}): one declared entry per app, validated with one line per mistake,
 * with the versions read from the apps' own build files.
 * <p>May import: the JDK, Jackson (TOML), {@code dev.fairbench.workload}.
 */
package dev.fairbench.runner.registry;
