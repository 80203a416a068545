package dev.fairbench.runner;

import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.LeftoverApps;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.services.HungServices;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.workload.conformance.ConformanceChecker;
import dev.fairbench.workload.conformance.ConformanceReport;
import dev.fairbench.workload.Route;
import dev.fairbench.workload.conformance.HostileChecker;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code fairbench verify}: the conformance gate alone. For each app: build if needed, start it (on every CPU,
 * {@code WORKERS} = their number, {@code HOST} = 127.0.0.1), check that it does not answer on another local address
 * ({@link #listensOnHostOnly}), check every case of the routes it serves, print the diffs, stop it. No load,
 * no results directory; app logs go to {@code logsDir}. Not thread-safe.
 *
 * @param registryFile the app registry
 * @param repoRoot     the repository root
 * @param services     where PostgreSQL and Redis are
 * @param logsDir      where the apps' logs go
 * @param cores        online CPUs: each app gets them all
 * @param out          the console
 * @param hostile      also run the hostile suite (docs/workload.md §5.1) and the hung-service checks (§5), and print
 *                     each case with its time; a case the app declares in {@code known_failures} fails as "known
 *                     failure (declared)" without failing the app, and passes only by failing it (the stale
 *                     declaration is named)
 */
public record Verifier(Path registryFile, Path repoRoot, ServiceOptions services, Path logsDir, int cores,
                       PrintStream out, boolean hostile) {
    /** A loopback address other than the {@code HOST} verify gives: Linux routes all of 127.0.0.0/8 to {@code lo}. */
    private static final String OTHER_LOCAL_ADDRESS = "127.0.0.2";
    private static final int CONNECT_TIMEOUT_MILLIS = 1_000;

    /**
     * @return true when every app passed; an app that is skipped (toolchain missing, not built) or does not
     * start counts as not passed
     */
    public boolean verify(List<String> apps, boolean build) throws InterruptedException {
        return verify(apps, build, false);
    }

    /**
     * @param buildTogether first build the Rust apps that need it in one cargo invocation per workspace and profile
     *                      ({@link JointCargoBuilds}: features unified, so for the gate only); what that leaves
     *                      unbuilt is built app by app as usual
     * @return as {@link #verify(List, boolean)}
     */
    public boolean verify(List<String> apps, boolean build, boolean buildTogether) throws InterruptedException {
        List<AppEntry> entries = AppRegistry.load(registryFile, repoRoot).select(apps);
        if (build && buildTogether) JointCargoBuilds.run(JointCargoBuilds.plan(entries), repoRoot, out);
        AppLauncher launcher = new AppLauncher(repoRoot, logsDir, cores);
        LeftoverApps.report().ifPresent(out::println);
        List<String> failed = new ArrayList<>();
        try (Session session = Session.open(services, out)) {
            Gate gate = new Gate(session.reference(), session.redis());
            for (AppEntry e : entries) {
                String problem = verifyOne(e, launcher, session, gate, build);
                if (problem == null) {
                    out.println("[" + e.name() + "] passed");
                } else {
                    failed.add(e.name());
                    out.println("[" + e.name() + "] FAILED: " + problem);
                }
                out.flush();
            }
        }
        out.println("verify: " + (entries.size() - failed.size()) + " of " + entries.size() + " apps passed"
                + (failed.isEmpty() ? "" : "; not passed: " + String.join(", ", failed)));
        return failed.isEmpty();
    }

    private String verifyOne(AppEntry e, AppLauncher launcher, Session session, Gate gate, boolean build)
            throws InterruptedException {
        AppLauncher.Prepared prepared = launcher.prepare(e, build, out);
        if (!prepared.ready()) return (prepared.failed() ? "" : "skipped: ") + prepared.reason();
        AppProcess app;
        try {
            app = launcher.start(e, session.services().postgresUrl(), session.services().redisUrl(),
                    "0-" + (cores - 1), 0);
        } catch (AppLauncher.StartFailure f) {
            return f.getMessage();
        }
        Thread hook = new Thread(app::stop, "fairbench-verify-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            out.println("[" + e.name() + "] started on port " + app.port() + "; checking "
                    + gate.cases(e.routes()).size() + " cases...");
            String bound = listensOnHostOnly(app.port());
            out.println("[" + e.name() + "] " + (bound == null ? "listens on HOST only: " + OTHER_LOCAL_ADDRESS + ":"
                    + app.port() + " refused" : bound));
            ConformanceReport report = gate.check(e, app.port());
            if (report.passed()) {
                out.println("[" + e.name() + "] " + ConformanceChecker.describe(report));
            } else {
                out.print(ConformanceChecker.describe(report));
            }
            String problem = report.passed() ? null
                    : "conformance: " + report.mismatches().size() + " mismatch(es) in " + report.casesChecked() + " cases";
            if (bound != null) problem = problem == null ? bound : bound + "; " + problem;
            if (!hostile) return problem;
            HostileOutcome hostileOutcome = new HostileOutcome(gate.hostile(e, app.port()), e.knownFailures());
            out.println("[" + e.name() + "] " + hostileOutcome.summary());
            out.print(hostileOutcome.describe());
            String hostileProblem = hostileOutcome.problem();
            if (hostileProblem != null) problem = problem == null ? hostileProblem : problem + "; " + hostileProblem;
            String hung = hungServices(e, app, session);
            return hung == null ? problem : problem == null ? hung : problem + "; " + hung;
        } finally {
            app.stop();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
        }
    }

    /**
     * Null when a connection to {@value #OTHER_LOCAL_ADDRESS}:{@code port} is refused while the app, started with
     * {@code HOST} 127.0.0.1, listens on that port: it honours {@code HOST} rather than listening on every address
     * (0.0.0.0). So that a refusal cannot come from an address this machine lacks, the check first proves that
     * {@value #OTHER_LOCAL_ADDRESS} accepts connections on a listener of its own; otherwise the problem, one line.
     */
    static String listensOnHostOnly(int port) {
        try (ServerSocket control = new ServerSocket(0, 1, InetAddress.getByName(OTHER_LOCAL_ADDRESS));
             Socket probe = new Socket()) {
            probe.connect(control.getLocalSocketAddress(), CONNECT_TIMEOUT_MILLIS);
        } catch (IOException e) {
            return "HOST check: cannot listen and connect on " + OTHER_LOCAL_ADDRESS + " (" + e.getMessage()
                    + "), so it cannot tell whether the app listens on every address";
        }
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(OTHER_LOCAL_ADDRESS, port), CONNECT_TIMEOUT_MILLIS);
            return "HOST: it answers on " + OTHER_LOCAL_ADDRESS + ":" + port
                    + ", but must listen on HOST (127.0.0.1) only";
        } catch (ConnectException refused) {
            return null;
        } catch (IOException e) {
            return "HOST check: connecting to " + OTHER_LOCAL_ADDRESS + ":" + port
                    + " neither succeeded nor was refused: " + e;
        }
    }

    /**
     * The hung-service checks ({@link HungServices}) when fairbench runs both servers and the app serves the pages
     * they need; prints each check and returns the problem, or null.
     */
    private String hungServices(AppEntry e, AppProcess app, Session session) throws InterruptedException {
        var pg = session.services().postgresPid();
        var redis = session.services().redisPid();
        if (pg.isEmpty() || redis.isEmpty()) {
            out.println("[" + e.name() + "] hung services: skipped (PostgreSQL or Redis is not fairbench's own)");
            return null;
        }
        if (!e.routes().containsAll(List.of(Route.INDEX, Route.INDEX_CACHED, Route.HELLO))) {
            out.println("[" + e.name() + "] hung services: skipped (it does not serve /, /cached and /hello)");
            return null;
        }
        List<HostileChecker.Result> results = HungServices.check(URI.create("http://127.0.0.1:" + app.port()),
                session.reference(), pg.getAsLong(), redis.getAsLong());
        long failed = results.stream().filter(r -> !r.passed()).count();
        out.println("[" + e.name() + "] hung services: " + (results.size() - failed) + " of " + results.size()
                + " checks passed");
        out.print(HostileChecker.describe(results));
        return failed == 0 ? null : "hung services: " + failed + " of " + results.size() + " checks failed";
    }
}
