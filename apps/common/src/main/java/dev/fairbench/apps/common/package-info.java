/**
 * What every Java app under test needs from the workload contract ({@code docs/workload.md}), written from the
 * contract alone: the environment the runner gives an app ({@link dev.fairbench.apps.common.AppEnvironment},
 * {@link dev.fairbench.apps.common.DatabaseUrl}), the SQL of every page ({@link dev.fairbench.apps.common.Queries}),
 * the HTML escaper ({@link dev.fairbench.apps.common.Html}), and the two CPU-bound routes
 * ({@link dev.fairbench.apps.common.Primes} for {@code GET /compute}, {@link dev.fairbench.apps.common.PHash} for
 * {@code POST /phash}).
 *
 * <p>It exists so that the apps never compile against the harness that measures them (the {@code workload} module):
 * like the Rust peers' {@code blog-core} crate, it is the app side's own reading of the contract. Its tests compare
 * it with the harness's reference, so that the two readings cannot drift apart unnoticed.
 *
 * <p>May import: the JDK ({@code java.*}) and nothing else. No framework, no driver, no fairbench module: every
 * Java app, whatever its stack, can depend on it without pulling anything in.
 */
package dev.fairbench.apps.common;
