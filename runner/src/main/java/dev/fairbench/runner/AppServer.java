package dev.fairbench.runner;

import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.LeftoverApps;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.services.Redaction;
import dev.fairbench.services.ServiceOptions;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code fairbench serve APP}: services (unless given by URL), seeded; the app built if needed and started on
 * every CPU; its URL printed; then it serves until Ctrl-C, which stops the app and the services this command
 * started. Not thread-safe.
 *
 * @param registryFile the app registry
 * @param repoRoot     the repository root
 * @param services     where PostgreSQL and Redis are
 * @param logsDir      where the app's log goes
 * @param cores        online CPUs: the app gets them all
 * @param out          the console
 */
public record AppServer(Path registryFile, Path repoRoot, ServiceOptions services, Path logsDir, int cores,
                        PrintStream out) {

    /**
     * Serves until the app exits (then returns its problem) or the JVM is stopped (Ctrl-C: the shutdown hooks
     * stop the app and the services).
     *
     * @param port port for the app, 0 for a free one
     * @return why the app could not be served or stopped serving
     */
    public String serve(String name, int port, boolean build) throws InterruptedException {
        AppEntry e = AppRegistry.load(registryFile, repoRoot).select(List.of(name)).getFirst();
        if (port > 0 && e.port() == 0 && !AppProcess.portFree(port)) {
            return "port " + port + " on 127.0.0.1 is in use by another program";
        }
        AppLauncher launcher = new AppLauncher(repoRoot, logsDir, cores);
        LeftoverApps.report().ifPresent(out::println);
        try (Session session = Session.open(services, out)) {
            AppLauncher.Prepared prepared = launcher.prepare(e, build, out);
            if (!prepared.ready()) return (prepared.failed() ? "" : "skipped: ") + prepared.reason();
            AppProcess app;
            try {
                app = launcher.start(e, session.services().postgresUrl(), session.services().redisUrl(),
                        "0-" + (cores - 1), port);
            } catch (AppLauncher.StartFailure f) {
                return f.getMessage();
            }
            Runtime.getRuntime().addShutdownHook(new Thread(app::stop, "fairbench-serve-stop"));
            out.println(e.name() + " listening on http://127.0.0.1:" + app.port() + "/ (pid " + app.pid() + ", log "
                    + app.log() + ")");
            out.println("DATABASE_URL=" + Redaction.redact(session.services().postgresUrl()) + "  REDIS_URL="
                    + Redaction.redact(session.services().redisUrl()) + "  (passwords: see README, Services)");
            out.println("Ctrl-C stops it" + (session.services().startedPostgres() || session.services().startedRedis()
                    ? " and the services this command started" : ""));
            out.flush();
            while (app.isAlive()) Thread.sleep(200);
            return e.name() + " exited with code " + app.exitCode() + "; last lines of its log:\n" + app.logTail();
        }
    }
}
