/**
 * The build-and-ship measurement ({@code fairbench friction}): for each app of the registry, its build command
 * timed in a fresh copy of the project with empty build caches, then again after a one-line change to its
 * handler; the artifact's size and the runtime it needs; cold starts to the first 200 OK; the lines of its own and
 * shared sources; the third-party packages of its lockfile. {@link dev.fairbench.friction.FrictionRun} is the one
 * entry point; it writes {@code friction.json} ({@link dev.fairbench.results.friction.FrictionStore}).
 * <p>May import: the JDK, Jackson, {@code dev.fairbench.runner} (registry, launcher, processes, session),
 * {@code dev.fairbench.services}, {@code dev.fairbench.results}, {@code dev.fairbench.report}.
 */
package dev.fairbench.friction;
