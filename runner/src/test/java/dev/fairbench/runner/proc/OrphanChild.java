package dev.fairbench.runner.proc;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A runner-like JVM for {@link ParentDeathTest}: starts {@code sleep 300} as an app from a short-lived thread (as
 * the runner may), prints {@code APP <pid>} on standard output and then waits to be killed.
 * Argument: a directory for the app's log.
 */
public final class OrphanChild {
    private OrphanChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        AppProcess[] app = new AppProcess[1];
        Thread starter = new Thread(() -> {
            try {
                app[0] = AppProcess.start(List.of("sleep", "300"), dir, Map.of(), "0", dir.resolve("app.log"), 0);
            } catch (Exception e) {
                e.printStackTrace();
            }
        }, "short-lived-starter");
        starter.start();
        starter.join();
        if (app[0] == null) System.exit(2);
        System.out.println("APP " + app[0].pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
