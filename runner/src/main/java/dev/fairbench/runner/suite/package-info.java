/**
 * Suites: which apps, routes, load shapes, CPU placements, passes and report a benchmark has, declared in
 * {@code suites/NAME.toml} next to the app registry ({@link dev.fairbench.runner.suite.SuiteFile}), so that the
 * blog, hello-world and pHash benchmarks of the seeds (and a user's own) are data, not code.
 */
package dev.fairbench.runner.suite;
