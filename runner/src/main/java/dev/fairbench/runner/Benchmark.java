package dev.fairbench.runner;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.report.ReportWriter;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Conformance;
import dev.fairbench.results.Host;
import dev.fairbench.results.NotEqualized;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.Results;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Setup;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.JstatGc;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.workload.Route;
import dev.fairbench.workload.AppEnvironment;
import dev.fairbench.workload.conformance.ConformanceChecker;
import dev.fairbench.workload.conformance.ConformanceReport;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code fairbench run}: for every app, in turn and alone, build if needed, start it pinned to its CPUs, pass the
 * conformance gate, then per route a warm-up and the measured runs, then stop it and wait until PostgreSQL is back
 * to the connections it had before the app. Results are rewritten after every run; on Ctrl-C the app is stopped,
 * the app in progress is marked as interrupted and what was measured stays. One session per instance; the
 * shutdown hook is the only other thread that touches it.
 */
public final class Benchmark {
    static final Duration PG_BASELINE_TIMEOUT = Duration.ofSeconds(30);
    /** Reason of the app being measured while it is measured: a crash leaves it so, Ctrl-C replaces it. */
    static final String IN_PROGRESS = "in progress";
    /** After a run, how long the app may take to answer its readiness path again before it counts as hung. */
    static final Duration HANG_TIMEOUT = Duration.ofSeconds(15);

    private final RunOptions o;
    private final PrintStream out;
    private final ProgressPrinter progress;
    private final AppLauncher launcher;
    private volatile ResultsRecorder recorder;
    private volatile AppProcess currentApp;
    private volatile Session session;
    private volatile String currentActivity = "starting";
    private final List<AppEntry> notReached = new CopyOnWriteArrayList<>();

    public Benchmark(RunOptions options, PrintStream out, boolean terminal) {
        this.o = options;
        this.out = out;
        this.progress = new ProgressPrinter(out, terminal);
        this.launcher = new AppLauncher(options.repoRoot(), options.outputDir().resolve("logs"), options.cores());
    }

    /**
     * Runs the session and returns its results (also in {@code outputDir/results.json}).
     *
     * @throws dev.fairbench.runner.registry.RegistryException for an unknown app or a bad entry among those asked
     * @throws IllegalStateException                           when the services cannot be used
     */
    public Results run() throws IOException, InterruptedException {
        AppRegistry registry = AppRegistry.load(o.registryFile(), o.repoRoot());
        List<AppEntry> entries = registry.select(o.apps());
        Files.createDirectories(o.outputDir().resolve("logs"));
        Thread hook = new Thread(this::interrupted, "fairbench-run-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Session session = Session.open(o.services(), out)) {
            this.session = session;
            Host host = EnvironmentCapture.host(o.cores());
            Map<String, String> versions = new TreeMap<>(EnvironmentCapture.toolVersions());
            try {
                versions.put("postgresql", session.postgres().version());
            } catch (SQLException e) {
                throw new IllegalStateException("cannot ask PostgreSQL its version: " + e.getMessage(), e);
            }
            versions.put("redis", session.redis().version());
            Map<String, String> environment = new TreeMap<>(EnvironmentCapture.machine());
            environment.put("command", o.commandLine());
            environment.put("quick", Boolean.toString(o.quick()));
            environment.put("detail_slugs", o.detailSlugs() == 0 ? "all" : Integer.toString(o.detailSlugs()));
            environment.put("load_generator", "fairbench loadgen, in the runner's JVM, closed loop");
            String commit = EnvironmentCapture.gitCommit(o.repoRoot());
            boolean dirty = EnvironmentCapture.gitDirty(o.repoRoot());
            EnvironmentCapture.writeEnvironmentJson(o.outputDir(), host, versions, environment, commit, dirty, rules(),
                    entries, o.repoRoot());
            notReached.addAll(entries);
            CpuPlacement p = o.placement();
            Setup setup = new Setup(commit, dirty, host, new Pinning(false, p.appCpus(), p.servicesCpus(),
                    p.servicesCpus(), p.loadgenCpus()), p.appCpuCount(), AppEnvironment.DEFAULT_POOL_MAX,
                    AppEnvironment.DEFAULT_POOL_MIN, o.connections(), o.loadgenThreads(), o.warmup().toMillis() / 1000.0,
                    o.duration().toMillis() / 1000.0, o.runs(), o.routes().stream().map(Route::routeName).toList(),
                    versions, environment);
            recorder = new ResultsRecorder(o.outputDir(), new Results(Results.SCHEMA_VERSION,
                    EnvironmentCapture.fairbenchVersion(), EnvironmentCapture.CONTRACT_VERSION, Instant.now(), null,
                    setup, List.of()));
            progress.line("results: " + o.outputDir());

            List<AppEntry> ready = new ArrayList<>();
            for (AppEntry e : entries) {
                currentActivity = "building " + e.name();
                AppLauncher.Prepared prepared = launcher.prepare(e, o.build(), out);
                if (prepared.ready()) {
                    ready.add(e);
                } else {
                    notReached.remove(e);
                    AppStatus status = prepared.failed() ? AppStatus.FAILED : AppStatus.SKIPPED;
                    recorder.app(result(e, status, prepared.reason(), null));
                    progress.line("[" + e.name() + "] " + status.json() + ": " + prepared.reason());
                }
            }
            pin(session);
            progress.plan(ready.size(), ready.stream().map(this::plannedLoad).reduce(Duration.ZERO, Duration::plus));
            try {
                for (AppEntry e : ready) {
                    long start = System.nanoTime();
                    Duration planned = plannedLoad(e);
                    Duration measured = measureApp(e, session);
                    notReached.remove(e);
                    progress.dropPlanned(planned.minus(measured));
                    progress.appDone(Duration.ofNanos(System.nanoTime() - start).minus(measured));
                }
            } catch (RuntimeException stopped) {
                // The session cannot go on (e.g. PostgreSQL went away): keep what was measured, say why it ended.
                sealWith("the session stopped during " + currentActivity + ": " + stopped.getMessage(),
                        "not reached: the session stopped");
                throw stopped;
            }
            currentActivity = "finishing";
            recorder.finish();
            unpin(session);
            printSummary(recorder.results());
            writeReports(recorder.results());
            return recorder.results();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
        }
    }

    /** Measures one app; returns the load time spent (warm-ups included) for the ETA. */
    private Duration measureApp(AppEntry e, Session session) throws InterruptedException {
        String name = e.name();
        recorder.app(result(e, AppStatus.FAILED, IN_PROGRESS, null));
        int baseline = pgConnections(session);
        Duration loadTime = Duration.ZERO;
        currentActivity = "starting " + name;
        try {
            currentApp = launcher.start(e, session.services().postgresUrl(), session.services().redisUrl(),
                    o.placement().appCpus(), 0);
        } catch (AppLauncher.StartFailure f) {
            fail(name, f.getMessage());
            awaitBaseline(session, name, baseline);
            return loadTime;
        }
        AppProcess app = currentApp;
        try {
            progress.line("[" + name + "] started: pid " + app.pid() + ", port " + app.port() + ", CPUs "
                    + o.placement().appCpus() + "; conformance gate...");
            currentActivity = "conformance gate of " + name;
            Gate g = new Gate(session.reference(), session.redis());
            ConformanceReport gate = g.check(e, app.port());
            if (!gate.passed() && gate.mismatches().stream().allMatch(m -> m.what().startsWith("status 503"))) {
                // 503 is the contract's answer when Redis or PostgreSQL time out, as they can on a starved machine:
                // not a wrong byte. Check the whole gate once more and say so; wrong bytes are never retried.
                String first = gate.mismatches().size() + " answer(s) 503, first " + gate.mismatches().getFirst().caseName();
                progress.line("[" + name + "] gate: " + first + "; checking again");
                gate = g.check(e, app.port());
                recorder.environment(Map.of("gate_rechecked." + name, "first check: " + first + "; second check "
                        + (gate.passed() ? "passed" : "failed")));
            }
            AppResult withGate = recorder.app(name);
            recorder.app(result(e, withGate.status(), withGate.reason(), conformance(gate)));
            if (!gate.passed()) {
                progress.line(ConformanceChecker.describe(gate).strip());
                fail(name, "conformance failed: " + gate.mismatches().size() + " mismatch(es) in "
                        + gate.casesChecked() + " cases, first: " + gate.mismatches().getFirst().caseName() + ": "
                        + gate.mismatches().getFirst().what());
                return loadTime;
            }
            progress.line("[" + name + "] conformance: " + gate.casesChecked() + " cases passed");
            RouteTargets targets = new RouteTargets(session.dataset(), o.detailSlugs());
            RunMeasurement.Parties parties = new RunMeasurement.Parties(app.pid(),
                    session.services().postgresPid(), session.services().redisPid(), JstatGc.jstatFor(app.pid()));
            for (Route route : o.routes()) {
                if (!e.serves(route)) continue;
                session.redis().flushdb();
                LoadSpec spec = targets.spec(route, app.port(), o.connections(), o.loadgenThreads(), o.duration());
                String r = route.routeName();
                if (!o.warmup().isZero()) {
                    currentActivity = name + " " + r + " warm-up";
                    LoadGenerator.run(spec.withDuration(o.warmup()),
                            pr -> progress.status(name, r, "warm-up", pr, o.warmup()));
                    loadTime = loadTime.plus(o.warmup());
                    progress.loadDone(o.warmup());
                }
                for (int run = 1; run <= o.runs(); run++) {
                    currentActivity = name + " " + r + " run " + run + "/" + o.runs();
                    String hlog = "hlog/" + name + "/" + r + "/run-" + run + ".hlog";
                    Files.createDirectories(o.outputDir().resolve(hlog).getParent());
                    int n = run;
                    RunResult result = RunMeasurement.measure(run, spec.withHlog(o.outputDir().resolve(hlog)), parties,
                            run == 1, hlog, pr -> progress.status(name, r, "run " + n + "/" + o.runs(), pr, o.duration()));
                    loadTime = loadTime.plus(o.duration());
                    progress.loadDone(o.duration());
                    recorder.run(name, r, result);
                    progress.line(runLine(name, r, result));
                    if (!app.isAlive()) {
                        fail(name, "exited with code " + app.exitCode() + " during " + r + " run " + run + "; last lines of "
                                + "its log:\n" + app.logTail());
                        return loadTime;
                    }
                    if (!answersWithin(app, e.readiness(), HANG_TIMEOUT)) {
                        fail(name, "stopped answering GET " + e.readiness() + " (for " + HANG_TIMEOUT.toSeconds() + " s) after " + r + " run " + run
                                + " (it hangs: " + result.requestsCompleted() + " responses in the run)");
                        return loadTime;
                    }
                    if (result.requestsCompleted() == 0) {
                        fail(name, "no response during " + r + " run " + run + " (errors: " + result.errors() + ")");
                        return loadTime;
                    }
                }
            }
            recorder.status(name, AppStatus.MEASURED, null);
            progress.line("[" + name + "] measured");
        } catch (LoadException | IOException ex) {
            String why = currentActivity + ": " + ex.getMessage();
            if (!app.isAlive()) why += "; the app exited with code " + app.exitCode() + ", last lines of its log:\n" + app.logTail();
            fail(name, why);
        } finally {
            currentActivity = "stopping " + name;
            app.stop();
            currentApp = null;
            awaitBaseline(session, name, baseline);
        }
        return loadTime;
    }

    /** Polls the readiness path: a loaded app may still be draining the requests of the last run. */
    private static boolean answersWithin(AppProcess app, String path, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (app.isAlive()) {
            if (app.answers(path, 5_000)) return true;
            if (System.nanoTime() - deadline > 0) return false;
            Thread.sleep(500);
        }
        return false;
    }

    private void fail(String name, String reason) {
        recorder.status(name, AppStatus.FAILED, reason);
        progress.line("[" + name + "] FAILED: " + reason);
    }

    private int pgConnections(Session session) {
        try {
            return session.postgres().connections();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count PostgreSQL connections: " + e.getMessage(), e);
        }
    }

    /** Waits for PostgreSQL's connections to return to {@code baseline}; records how it went. */
    private void awaitBaseline(Session session, String name, int baseline) throws InterruptedException {
        String outcome;
        try {
            Duration took = session.postgres().awaitConnections(baseline, PG_BASELINE_TIMEOUT);
            outcome = took != null ? String.format(Locale.ROOT, "back to %d after %.1f s", baseline, took.toMillis() / 1000.0)
                    : "still " + session.postgres().connections() + " after " + PG_BASELINE_TIMEOUT.toSeconds()
                    + " s (baseline " + baseline + ")";
        } catch (SQLException e) {
            outcome = "could not be counted: " + e.getMessage();
        }
        recorder.environment(Map.of("pg_connections_after." + name, outcome));
        if (!outcome.startsWith("back")) progress.line("[" + name + "] warning: PostgreSQL connections " + outcome);
    }

    private void pin(Session session) {
        CpuPlacement p = o.placement();
        List<String> notes = new ArrayList<>();
        boolean ok = true;
        try {
            CpuPlacement.pin(ProcessHandle.current().pid(), p.loadgenCpus());
            var pg = session.services().postgresPid();
            if (pg.isPresent()) notes.add("postgresql: " + CpuPlacement.pinTree(pg.getAsLong(), p.servicesCpus()) + " processes");
            else {
                notes.add("postgresql external: not pinned");
                ok = false;
            }
            var redis = session.services().redisPid();
            if (redis.isPresent()) {
                CpuPlacement.pin(redis.getAsLong(), p.servicesCpus());
                notes.add("redis: 1 process");
            } else {
                notes.add("redis external: not pinned");
                ok = false;
            }
        } catch (IllegalStateException e) {
            ok = false;
            notes.add("pinning failed: " + e.getMessage());
            progress.line("warning: " + e.getMessage());
        }
        recorder.environment(Map.of("pinning", String.join("; ", notes)));
        recorder.pinning(new Pinning(ok, p.appCpus(), p.servicesCpus(), p.servicesCpus(), p.loadgenCpus()));
    }

    private void unpin(Session session) {
        String all = "0-" + (o.cores() - 1);
        try {
            session.services().postgresPid().ifPresent(pid -> CpuPlacement.pinTree(pid, all));
            session.services().redisPid().ifPresent(pid -> CpuPlacement.pin(pid, all));
            CpuPlacement.pin(ProcessHandle.current().pid(), all);
        } catch (IllegalStateException e) {
            progress.line("warning: could not unpin the services: " + e.getMessage());
        }
    }

    /** The shutdown hook: Ctrl-C or a kill during the session. */
    private void interrupted() {
        launcher.abort();
        AppProcess app = currentApp;
        ResultsRecorder rec = recorder;
        if (rec != null && !rec.sealed()) {
            String activity = currentActivity;
            sealWith("interrupted during " + activity, "not reached: the session was interrupted");
            writeReports(rec.results());
            System.err.println("\ninterrupted during " + activity + ": what was measured is in "
                    + o.outputDir().resolve("results.json"));
        }
        if (app != null) app.stop();
        Session s = session;
        // Services that outlive this command (started by `services start`) must not stay pinned.
        if (s != null) unpin(s);
    }

    /** Marks the app in progress failed and the apps not reached skipped, writes, and ignores later changes. */
    private void sealWith(String inProgressReason, String notReachedReason) {
        recorder.seal(r -> {
            Results next = r;
            for (AppResult a : r.apps()) {
                if (IN_PROGRESS.equals(a.reason())) next = next.withApp(a.withStatus(AppStatus.FAILED, inProgressReason));
            }
            for (AppEntry e : List.copyOf(notReached)) {
                if (next.app(e.name()).isEmpty()) next = next.withApp(result(e, AppStatus.SKIPPED, notReachedReason, null));
            }
            return next;
        });
    }

    /** Renders the reports of {@code results} in every asked language; a failure is a warning, the data stays. */
    private void writeReports(Results results) {
        for (String lang : o.languages()) {
            try {
                for (Path f : ReportWriter.write(o.outputDir(), results, lang)) progress.line("report: " + f);
            } catch (IOException | RuntimeException e) {
                progress.line("warning: the " + lang + " report could not be written: " + e.getMessage()
                        + " (results.json is complete; run ./fairbench report " + o.outputDir() + ")");
            }
        }
    }

    private Duration plannedLoad(AppEntry e) {
        long routes = o.routes().stream().filter(e::serves).count();
        return o.loadTimePerRoute().multipliedBy(routes);
    }

    private AppResult result(AppEntry e, AppStatus status, String reason, Conformance conformance) {
        List<String> flags = e.runtimeFlags().isBlank() ? List.of() : Arrays.asList(e.runtimeFlags().trim().split("\\s+"));
        List<NotEqualized> ne = e.unequalized().stream().map(u -> new NotEqualized(u.setting(), u.why())).toList();
        AppResult existing = recorder == null ? null : recorder.results().app(e.name()).orElse(null);
        String log = "logs/" + e.name() + ".log";
        return new AppResult(e.name(), e.label(), language(e.language()), status, reason, e.versions(), flags,
                conformance != null ? conformance : existing == null ? null : existing.conformance(), ne,
                existing == null ? List.of() : existing.routes(), null, List.of(),
                Files.exists(o.outputDir().resolve(log)) ? log : null);
    }

    static String language(String language) {
        String l = language.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9+#-]", "-");
        return l.isEmpty() ? "unknown" : l;
    }

    static Conformance conformance(ConformanceReport r) {
        return new Conformance(r.casesChecked(), r.mismatches().stream()
                .map(m -> new Conformance.Mismatch(m.caseName(), m.what(), m.diff())).toList());
    }

    private Map<String, Object> rules() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("connections", o.connections());
        m.put("loadgen_threads", o.loadgenThreads());
        m.put("duration_s", o.duration().toMillis() / 1000.0);
        m.put("warmup_s", o.warmup().toMillis() / 1000.0);
        m.put("runs", o.runs());
        m.put("quick", o.quick());
        m.put("detail_slugs", o.detailSlugs());
        m.put("pool_max", AppEnvironment.DEFAULT_POOL_MAX);
        m.put("pool_min", AppEnvironment.DEFAULT_POOL_MIN);
        m.put("app_cpus", o.placement().appCpus());
        m.put("services_cpus", o.placement().servicesCpus());
        m.put("loadgen_cpus", o.placement().loadgenCpus());
        m.put("workers", o.placement().appCpuCount());
        m.put("routes", o.routes().stream().map(Route::routeName).toList());
        m.put("pg_baseline_timeout_s", PG_BASELINE_TIMEOUT.toSeconds());
        m.put("ready_timeout_s", AppLauncher.READY_TIMEOUT.toSeconds());
        return m;
    }

    static String runLine(String app, String route, RunResult r) {
        return String.format(Locale.ROOT, "[%s] %-13s run %d: %,10.0f req/s  p50 %.2f ms  p99 %.2f ms  errors %d  non-2xx %d",
                app, route, r.run(), r.requestsPerSecond(), r.latency().p50Ms(), r.latency().p99Ms(), r.errors(), r.non2xx());
    }

    private void printSummary(Results results) {
        progress.line("");
        progress.line("summary (median of runs; errors and non-2xx summed over runs):");
        for (AppResult a : results.apps()) {
            if (a.status() != AppStatus.MEASURED) {
                progress.line(String.format("  %-12s %s: %s", a.name(), a.status().json(), a.reason().lines().findFirst().orElse("")));
                continue;
            }
            for (var route : a.routes()) {
                var s = route.summary();
                if (s == null) continue;
                progress.line(String.format(Locale.ROOT, "  %-12s %-13s %,10.0f req/s ±%.1f%%  p99 %.2f ms  errors %d  non-2xx %d",
                        a.name(), route.route(), s.requestsPerSecond(), s.spread() * 100, s.latency().p99Ms(), s.errors(), s.non2xx()));
            }
        }
        progress.line("results: " + o.outputDir().resolve("results.json"));
    }
}
