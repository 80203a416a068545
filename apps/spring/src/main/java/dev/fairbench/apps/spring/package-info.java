/**
 * The Spring Boot MVC app under test: virtual threads, JdbcTemplate, Lettuce for the page cache.
 * <p>May import: the JDK, Spring, JDBC, {@code dev.fairbench.apps.common}, {@code apps.lettucecache},
 * {@code dev.fairbench.templates}; never the harness.
 */
package dev.fairbench.apps.spring;
