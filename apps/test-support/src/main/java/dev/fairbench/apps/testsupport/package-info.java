/**
 * What the Java apps' tests share: the conformance suite every app passes and the services it runs on.
 * Test scope only: it may import the harness ({@code workload}, {@code services}), whose reference keeps the
 * apps honest.
 */
package dev.fairbench.apps.testsupport;
