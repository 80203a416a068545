/**
 * The round-trip suites of the Java apps' tests: each app's test extends
 * {@link dev.fairbench.apps.roundtrip.AppRoundTripSuite} (or {@link dev.fairbench.apps.roundtrip.JdbcRoundTripSuite}
 * for apps whose JDBC waits for each query), starts the app in-process, and the suite counts what the app sends to
 * PostgreSQL and Redis per page through the profile module's counting proxies.
 *
 * <p>May import: the JDK, JUnit 5, AssertJ, {@code dev.fairbench.apps.common}, {@code dev.fairbench.apps.testsupport}
 * and the harness ({@code dev.fairbench.profile}, {@code dev.fairbench.workload}): it is test code, which measures the
 * apps with the harness's tools. Never a dependency of an app's main code.
 */
package dev.fairbench.apps.roundtrip;
