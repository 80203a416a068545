package dev.fairbench.apps.vertx;

import dev.fairbench.apps.common.AppEnvironment;

/** {@code java -jar vertx-app.jar}: the app on the contract's environment variables; runs until killed. */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        VertxApp app = VertxApp.start(AppEnvironment.fromEnv());
        System.out.println("vertx app listening on 127.0.0.1:" + app.port() + " (native transport: "
                + app.nativeTransport() + ")");
    }
}
