package dev.fairbench.apps.helidon;

import dev.fairbench.apps.common.AppEnvironment;

/** Starts the app from the contract's environment variables: {@code java -jar helidon-app.jar}. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        HelidonApp.start(AppEnvironment.fromEnv());
    }
}
