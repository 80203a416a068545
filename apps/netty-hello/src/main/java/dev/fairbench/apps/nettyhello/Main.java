package dev.fairbench.apps.nettyhello;

/**
 * {@code java -jar netty-hello-app.jar}: the server on {@code HOST}, {@code PORT} and {@code WORKERS} (docs/workload.md section 1);
 * runs until killed (its event loop threads keep the JVM alive).
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws InterruptedException {
        HelloServer.serve(System.getenv());
    }
}
