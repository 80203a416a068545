package dev.fairbench.runner.registry;

/**
 * A setting an app cannot equalize with the others (contract section 7), listed by the report.
 *
 * @param setting what differs, e.g. "one pool slice (POOL_MAX/WORKERS) per worker"
 * @param why     why it cannot be the same as in the other apps
 */
public record Unequalized(String setting, String why) {}
