/**
 * The Vert.x 5 app under test: one verticle per core, each with one pipelined PostgreSQL connection and one
 * Redis connection.
 * <p>May import: the JDK, Vert.x, {@code dev.fairbench.apps.common}, {@code dev.fairbench.templates}; never
 * the harness.
 */
package dev.fairbench.apps.vertx;
