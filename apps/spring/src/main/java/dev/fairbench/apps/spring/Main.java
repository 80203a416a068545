package dev.fairbench.apps.spring;

import dev.fairbench.apps.common.AppEnvironment;

/** Starts the app from the contract's environment variables: {@code java -jar spring-app.jar}. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        SpringApp.start(AppEnvironment.fromEnv());
    }
}
