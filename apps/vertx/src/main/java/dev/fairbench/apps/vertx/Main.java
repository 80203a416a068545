package dev.fairbench.apps.vertx;

import dev.fairbench.apps.common.AppEnvironment;

/** {@code java -jar vertx-app.jar}: the app on the contract's environment variables; runs until killed. */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        AppEnvironment env = AppEnvironment.fromEnv();
        VertxApp app = VertxApp.start(env);
        System.out.println("vertx app listening on " + env.host() + ":" + app.port() + " (native transport: "
                + app.nativeTransport() + ")");
    }
}
