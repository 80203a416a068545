package dev.fairbench.apps.testsupport;

import dev.fairbench.workload.AppEnvironment;

/**
 * Hands an app the environment the way the runner does: as the contract's variables, read by the app's own reader
 * ({@code app-common}), never as the harness's object. Stateless and thread-safe.
 */
public final class AppEnvironments {
    private AppEnvironments() {}

    /** What the app sees when the runner passes {@code harness}: its variables, parsed by the app's reader. */
    public static dev.fairbench.apps.common.AppEnvironment forApp(AppEnvironment harness) {
        return dev.fairbench.apps.common.AppEnvironment.fromMap(harness.toMap());
    }
}
