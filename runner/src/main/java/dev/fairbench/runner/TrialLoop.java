package dev.fairbench.runner;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.report.ReportWriter;
import dev.fairbench.report.Steadiness;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.NotEqualized;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.runner.canary.HostSpeedWatch;
import dev.fairbench.runner.placed.LoadDriver;
import dev.fairbench.runner.placed.RemoteServices;
import dev.fairbench.runner.placed.SessionHosts;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.LeftoverApps;
import dev.fairbench.runner.proc.MachineLoad;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * The per-app lifecycle, written once: select the apps, open the services, build, place this JVM and the services
 * on their CPUs, then for each {@link Pass}, each of its rounds and each app (in registry order rotated by one
 * per round, so that slow drift of the machine hits every app alike): start it pinned and fresh (with the
 * addresses the pass gives it), pass the conformance gate, run the pass, stop it, wait until PostgreSQL is back
 * to the connections it had, and record; after a pass's last round, start an app once more for each round whose
 * windows stayed disturbed ({@link Pass#lateRetries}); at the end unplace and write the reports.
 * What it plans ({@link TrialPlan}), how it opens the results ({@link ResultsOpening}), what it pins besides the
 * app ({@link CpuPinning}) and the checks of a start that are not measurements ({@link StartChecks}) are classes
 * of their own.
 * {@code fairbench run}, {@code profile} and {@code capacity} are this loop with other passes. One shutdown hook: on Ctrl-C the app is stopped, the app in progress is marked
 * as interrupted, what was measured stays, and the services are unpinned.
 *
 * <pre>{@code
 * TrialOptions options = TrialOptions.builder().repoRoot(root).outputDir(dir).services(services).build();
 * TrialLoop loop = new TrialLoop(options, List.of(new TimedRuns(TimedRuns.Settings.defaults()),
 *         new ProfilePass(AppProfiler.Windows.defaults())), System.out, false);
 * Results results = loop.run();            // also in dir/results.json, with the reports beside it
 * if (!loop.failures().isEmpty()) ...      // one line per app and pass that could not be measured
 * }</pre>
 *
 * Results are written after every change. The first pass decides whether the output directory's
 * {@code results.json} is replaced ({@link Pass#startsNewResults()}) or added to, and the status of an app it
 * adds: a later pass that fails is listed in {@link #failures()} and the environment, and leaves the status as
 * the first pass set it. One run per instance; the shutdown hook is the only other thread that touches it.
 */
public final class TrialLoop {
    static final Duration PG_BASELINE_TIMEOUT = Duration.ofSeconds(30);
    /** Reason of the app being measured while it is measured: a crash leaves it so, Ctrl-C replaces it. */
    static final String IN_PROGRESS = "in progress";

    private final TrialOptions o;
    private final List<Pass> passes;
    private final PrintStream out;
    private final ProgressPrinter progress;
    private final TrialPlan plan;
    private final AppLauncher launcher;
    private final List<AppEntry> notReached = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    /** Apps this trial added to the results. */
    private final Set<String> added = ConcurrentHashMap.newKeySet();
    /** Apps whose hostile suite ran (once per app, after its first start that passed the gate was measured). */
    private final Set<String> hostileDone = ConcurrentHashMap.newKeySet();
    /** Apps that failed: no later round or pass starts them. */
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();
    private volatile ResultsRecorder recorder;
    private SteadinessSoFar steadiness;
    private StartChecks checks;
    /** What this trial pinned besides the app, once it did; the shutdown hook gives the CPUs back. */
    private volatile CpuPinning pinning;
    private volatile AppProcess currentApp;
    private volatile Session session;
    /** The placement's hosts, while the trial runs with roles on other hosts; else null. */
    private volatile SessionHosts hosts;
    /** The host-speed canary, started once the CPUs are placed; null before, or when it could not start. */
    private volatile HostSpeedWatch hostSpeed;
    private volatile String activity = "starting";
    private volatile Duration loadThisStart = Duration.ZERO;
    /** The app started last (being started, gated, measured or stopped now), or null before the first. */
    private volatile String inProgress;
    private volatile MachineLoad.Sample machineBefore;
    /** Appended to the machine-load keys of the environment when this trial adds to an earlier one's results. */
    private volatile String loadKeySuffix = "";

    /**
     * @param passes   what to measure per app, in order; the first one decides the results' setup
     * @param terminal whether {@code out} is a terminal (then progress is a line rewritten in place)
     */
    public TrialLoop(TrialOptions options, List<Pass> passes, PrintStream out, boolean terminal) {
        if (passes.isEmpty()) throw new IllegalArgumentException("a trial needs at least one pass");
        this.o = options;
        this.passes = List.copyOf(passes);
        this.plan = new TrialPlan(options, this.passes);
        this.out = out;
        this.progress = new ProgressPrinter(out, terminal);
        this.launcher = new AppLauncher(options.repoRoot(), options.outputDir().resolve("logs"), options.cores());
    }

    /**
     * Runs the trial and returns its results (also in {@code outputDir/results.json}).
     *
     * @throws dev.fairbench.runner.registry.RegistryException for an unknown app or a bad entry among those asked
     * @throws IllegalStateException                           when the services cannot be used
     */
    public Results run() throws IOException, InterruptedException {
        List<AppEntry> entries = AppRegistry.load(o.registryFile(), o.repoRoot()).select(o.apps());
        Files.createDirectories(o.outputDir().resolve("logs"));
        LeftoverApps.report().ifPresent(out::println);
        Thread hook = new Thread(this::interrupted, "fairbench-trial-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        machineBefore = MachineLoad.sample(); // before our own services start: how busy the machine is without us
        progress.line(machineBefore.describe());
        machineBefore.warning().ifPresent(progress::line);
        progress.line(plan.line(entries));
        try (SessionHosts h = openHosts(); RemoteServices remote = startServices(h);
             Session s = remote == null ? Session.open(o.services(), out)
                     : Session.openRemote(remote, o.services(), out)) {
            this.session = s;
            ResultsOpening.Opened opened = ResultsOpening.open(o, passes, hosts, machineBefore, progress, s, entries);
            recorder = opened.recorder();
            loadKeySuffix = opened.loadKeySuffix();
            checks = new StartChecks(new Gate(s.reference(), s.redis()), recorder, progress, o.outputDir());
            steadiness = new SteadinessSoFar(Steadiness.of(recorder.results(), o.outputDir()));
            progress.line("results: " + o.outputDir());
            notReached.addAll(entries);
            List<AppEntry> ready = prepare(entries);
            pinning = new CpuPinning(o, hosts, recorder, progress);
            pinning.place(s);
            hostSpeed = startCanary();
            LoadDriver load = h == null || h.loadIsLocal() ? LoadDriver.inThisJvm()
                    : LoadDriver.across(h.load(), o.fairbenchJar(), progress::line);
            TrialContext ctx = new TrialContext(o, s, recorder, progress, this, hostSpeed, load,
                    h == null ? Set.of() : h.sameKernelNamespaces());
            progress.plan(plan.plannedStarts(ready), ready.stream().map(plan::plannedLoad).reduce(Duration.ZERO, Duration::plus));
            for (Pass p : passes) p.beforeTrial(ctx);
            try {
                for (Pass pass : passes) {
                    for (int round = 1; round <= pass.rounds(); round++) {
                        for (AppEntry e : rotated(ready, round - 1)) trial(pass, round, e, ctx);
                        steadiness.afterRound(Steadiness.of(recorder.results(), o.outputDir()), pass.name(), round,
                                pass.rounds()).ifPresent(progress::line);
                    }
                    if (o.guard().lateRetry()) {
                        boolean retried = false;
                        for (AppEntry e : ready) retried |= lateRetries(pass, e, ctx);
                        if (retried) {
                            steadiness.afterLateRetries(Steadiness.of(recorder.results(), o.outputDir()), pass.name())
                                    .ifPresent(progress::line);
                        }
                    }
                }
            } catch (RuntimeException stopped) {
                // The trial cannot go on (e.g. PostgreSQL went away): keep what was measured, say why it ended.
                sealWith("the session stopped during " + activity + ": " + stopped.getMessage(),
                        "not reached: the session stopped");
                throw stopped;
            }
            for (AppEntry e : ready) {
                if (added.contains(e.name()) && !stopped.contains(e.name())) {
                    recorder.status(e.name(), AppStatus.MEASURED, null);
                    progress.line("[" + e.name() + "] measured");
                }
            }
            activity = "finishing";
            for (Pass p : passes) p.afterTrial(ctx);
            recorder.environment(Map.of("load_average_after" + loadKeySuffix, MachineLoad.loadAverageNow()));
            int cleared = recorder.rejudgeSlowed();
            if (cleared > 0) progress.line("host-speed canary: " + cleared + " window(s) kept as slowed are within "
                    + "the threshold of the session's final baseline, and no longer count as disturbed");
            recorder.finish();
            pinning.unplace(s);
            writeReports(recorder.results());
            progress.line("results: " + ResultsStore.file(o.outputDir()));
            return recorder.results();
        } finally {
            if (hostSpeed != null) hostSpeed.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
        }
    }

    /**
     * Opens the placement's hosts, or returns null when every role is on this machine.
     *
     * @throws dev.fairbench.hosts.HostException with one line naming a host that cannot be reached
     */
    private SessionHosts openHosts() {
        if (o.hosts().isAllLocal()) return null;
        progress.line("hosts: " + o.hosts().file().map(Object::toString).orElse("placement"));
        SessionHosts h = SessionHosts.open(o.hosts(), line -> progress.line("  " + line));
        hosts = h;
        return h;
    }

    /** Starts PostgreSQL and Redis on the services host, or returns null when they are this machine's. */
    private RemoteServices startServices(SessionHosts h) {
        if (h == null || h.services().isLocal()) return null;
        Set<String> clients = new java.util.LinkedHashSet<>();
        clients.add(h.app().address());
        h.load().forEach(l -> clients.add(l.address()));
        progress.line("services: starting PostgreSQL and Redis on " + h.services().role().host() + " ("
                + h.services().address() + ", CPUs " + h.services().cpus() + ")");
        RemoteServices remote = RemoteServices.start(h.services(), o.fairbenchJar(), clients);
        progress.line("services: ready on " + h.services().role().host());
        return remote;
    }

    /** One line per app and pass that could not be measured (build, start, gate or the pass failed). */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    void activity(String now) {
        activity = now;
    }

    void loadSpent(Duration load) {
        loadThisStart = loadThisStart.plus(load);
    }

    /**
     * Builds what needs it; records the apps that cannot run. Returns those that can; an app that no pass applies to
     * is neither built nor recorded.
     */
    private List<AppEntry> prepare(List<AppEntry> entries) {
        List<AppEntry> ready = new ArrayList<>();
        for (AppEntry e : entries) {
            if (passes.stream().allMatch(p -> p.skipReason(e) != null)) {
                notReached.remove(e);
                progress.line("[" + e.name() + "] " + passes.getFirst().skipReason(e));
                continue;
            }
            activity = "building " + e.name();
            AppLauncher.Prepared prepared = launcher.prepare(e, o.build(), out);
            if (prepared.ready()) {
                ready.add(e);
                continue;
            }
            notReached.remove(e);
            AppStatus status = prepared.failed() ? AppStatus.FAILED : AppStatus.SKIPPED;
            if (prepared.failed()) failures.add(e.name() + ": " + prepared.reason());
            if (!recorder.has(e.name())) recorder.app(newRecord(e, status, prepared.reason()));
            progress.line("[" + e.name() + "] " + status.json() + ": " + prepared.reason());
        }
        return ready;
    }

    /**
     * One start of app {@code e} for one round of {@code pass}. An app that failed stops: no later round or pass
     * starts it again. A failure in the first pass marks it failed; in a later pass it keeps the status the first
     * pass gave it, and the failure goes to the environment ({@code failed.<pass>.<app>}).
     */
    private void trial(Pass pass, int round, AppEntry e, TrialContext ctx) throws InterruptedException {
        String name = e.name();
        if (stopped.contains(name)) return;
        String skip = pass.skipReason(e);
        if (skip != null) {
            if (round == 1) progress.line("[" + name + "] " + pass.name() + ": " + skip);
            return;
        }
        notReached.remove(e);
        if (!recorder.has(name)) {
            // the artifact as this session found it, before its first start: what every round of it measures
            dev.fairbench.results.Build build = BuildStamp.read(o.repoRoot(), e.artifact());
            recorder.app(newRecord(e, AppStatus.FAILED, IN_PROGRESS).withBuild(build));
            if (build != null && !build.environment().isEmpty()) {
                progress.line("[" + name + "] warning: " + build.artifact() + " was built with " + build.environment()
                        + ", not by its build command alone: results.json records it");
            }
            added.add(name);
        }
        String failed = null;
        Duration loadThisRound = Duration.ZERO;
        List<List<Route>> starts = plan.starts(pass, e);
        for (int i = 0; i < starts.size() && failed == null; i++) {
            failed = start(pass, round, e, starts.get(i), i == 0, starts.size() > 1, false, ctx);
            loadThisRound = loadThisRound.plus(loadThisStart);
        }
        if (failed == null) {
            // Measured once: an interruption from here on keeps what was measured as measured.
            if (pass == passes.getFirst() && added.contains(name)) recorder.status(name, AppStatus.MEASURED, null);
            return;
        }
        stopped.add(name);
        progress.dropPlanned(plan.remainingLoad(e, pass, round, loadThisRound));
        String where = (pass == passes.getFirst() ? "" : pass.name() + ": ")
                + (pass.rounds() > 1 ? "round " + round + ": " : "");
        failures.add(name + ": " + where + failed);
        progress.line("[" + name + "] FAILED: " + where + failed);
        if (added.contains(name) && pass == passes.getFirst()) {
            recorder.status(name, AppStatus.FAILED, where + failed);
        } else {
            recorder.environment(Map.of("failed." + pass.name() + "." + name, where + failed));
        }
    }

    /**
     * After the last round of {@code pass}, one more start of {@code e} for each round whose windows stayed disturbed
     * after their retries ({@link Pass#lateRetries}; split as {@link TrialPlan#starts(Pass, AppEntry)} splits a round). A
     * late retry that fails changes nothing that the rounds measured; the failure goes to the environment
     * ({@code failed.late.<pass>.<app>}) and the app is not stopped. Returns whether it started {@code e} at all, i.e.
     * whether a window may have been replaced.
     */
    private boolean lateRetries(Pass pass, AppEntry e, TrialContext ctx) throws InterruptedException {
        String name = e.name();
        if (stopped.contains(name) || !recorder.has(name) || pass.skipReason(e) != null) return false;
        Map<Integer, List<Route>> late = new TreeMap<>(pass.lateRetries(e, ctx));
        for (var round : late.entrySet()) {
            List<List<Route>> starts = plan.starts(pass, round.getValue());
            Pass.Timing timing = pass.timing();
            progress.planMore(starts.size(), timing.warmup().plus(timing.duration()).multipliedBy(round.getValue().size()));
            progress.line("[" + name + "] " + pass.name() + " round " + round.getKey() + ": "
                    + round.getValue().stream().map(Route::routeName).collect(Collectors.joining(", "))
                    + " stayed disturbed; measuring once more in a fresh start (late retry)");
            for (List<Route> routes : starts) {
                String failed = start(pass, round.getKey(), e, routes, false, starts.size() > 1, true, ctx);
                if (failed != null) {
                    progress.line("[" + name + "] late retry of " + pass.name() + " round " + round.getKey()
                            + " failed, the round's windows stay as measured: " + failed);
                    recorder.environment(Map.of("failed.late." + pass.name() + "." + name,
                            "round " + round.getKey() + ": " + failed));
                    return true;
                }
            }
        }
        return !late.isEmpty();
    }

    /**
     * One start of the app ({@link #runPass}, same parameters), counted in the progress as a start done; its load
     * time is left in {@link #loadThisStart}. Returns why it failed, or null.
     */
    private String start(Pass pass, int round, AppEntry e, List<Route> routes, boolean firstOfRound,
                         boolean startPerRoute, boolean late, TrialContext ctx) throws InterruptedException {
        long start = System.nanoTime();
        loadThisStart = Duration.ZERO;
        inProgress = e.name();
        String failed = runPass(pass, round, e, routes, firstOfRound, startPerRoute, late, ctx);
        progress.startDone(Duration.ofNanos(System.nanoTime() - start).minus(loadThisStart));
        return failed;
    }

    /** Apps in registry order, started from the {@code shift}-th (round 2 starts from the second app, ...). */
    static <T> List<T> rotated(List<T> apps, int shift) {
        if (apps.isEmpty()) return apps;
        List<T> out = new ArrayList<>(apps.size());
        for (int i = 0; i < apps.size(); i++) out.add(apps.get((i + shift) % apps.size()));
        return out;
    }

    /**
     * Start, gate, pass, stop, for {@code routes}; returns why the pass failed, or null. {@code firstOfRound}: the
     * app's first start in this round of the pass, whose gate replaces the recorded conformance (later starts of the
     * round add theirs to it). {@code startPerRoute}: {@code routes} is one route with a start of its own, gated
     * on that route alone. {@code late}: a late retry of {@code round} ({@link RunningApp#late()}), whose gate
     * leaves the recorded conformance as it is.
     */
    private String runPass(Pass pass, int round, AppEntry e, List<Route> routes, boolean firstOfRound,
                           boolean startPerRoute, boolean late, TrialContext ctx) throws InterruptedException {
        String name = e.name();
        int baseline = pgConnections();
        activity = "starting " + name;
        AppProcess app = null;
        try {
            Pass.Endpoints direct = new Pass.Endpoints(session.services().postgresUrl(), session.services().redisUrl());
            Pass.Endpoints endpoints = pass.beforeStart(e, direct, ctx);
            try {
                SessionHosts h = hosts;
                app = h != null && !h.app().isLocal()
                        ? launcher.startOn(h.app(), e, endpoints.postgresUrl(), endpoints.redisUrl(), 0)
                        : launcher.start(e, endpoints.postgresUrl(), endpoints.redisUrl(), o.placement().appCpus(), 0);
            } catch (AppLauncher.StartFailure f) {
                return f.getMessage();
            }
            currentApp = app;
            String via = endpoints.equals(direct) ? "" : " through the wire proxies";
            String of = (pass.rounds() > 1 ? " round " + round + "/" + pass.rounds() : "")
                    + (late ? " (late retry of " + routes.stream().map(Route::routeName).collect(Collectors.joining(", "))
                    + ")" : startPerRoute ? " " + routes.getFirst().routeName() : "");
            String on = app.isLocal() ? "" : " on " + hosts.app().role().host() + " (" + app.address() + ")";
            progress.line("[" + name + "] started for " + pass.name() + of + on + ": pid " + app.pid() + ", port "
                    + app.port() + ", CPUs " + o.placement().appCpus() + "; conformance gate" + via + "...");
            activity = "conformance gate of " + name;
            StartChecks.GateRecord record = late ? StartChecks.GateRecord.KEEP
                    : firstOfRound ? StartChecks.GateRecord.REPLACE : StartChecks.GateRecord.ADD;
            String gateFailure = checks.gate(e, startPerRoute ? routes : e.routes(), record, app, via,
                    pass == passes.getFirst() ? "" : "." + pass.name());
            if (gateFailure != null) return gateFailure;
            activity = name + " " + pass.name();
            pass.run(new RunningApp(e, app, round, routes, late), ctx);
            if (!app.isAlive()) return "exited with code " + app.exitCode() + " during " + pass.name() + "; last lines "
                    + "of its log:\n" + app.logTail();
            // After the pass, never before it: a JVM that served the suite's odd requests has compiled other code
            // (and grown its heap), and its measured windows would differ from those of every later round.
            if (o.hostile() && hostileDone.add(name)) {
                activity = "hostile suite of " + name;
                checks.hostile(e, app);
            }
            return null;
        } catch (TrialFailure f) {
            return f.getMessage();
        } catch (IOException | LoadException ex) {
            String why = activity + ": " + ex.getMessage();
            if (app != null && !app.isAlive()) {
                why += "; the app exited with code " + app.exitCode() + ", last lines of its log:\n" + app.logTail();
            }
            return why;
        } finally {
            activity = "stopping " + name;
            if (app != null) app.stop();
            currentApp = null;
            pass.afterStop(e, ctx);
            awaitBaseline(name, baseline);
        }
    }

    private int pgConnections() {
        try {
            return session.postgres().connections();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count PostgreSQL connections: " + e.getMessage(), e);
        }
    }

    /** Waits for PostgreSQL's connections to return to {@code baseline}; records how it went. */
    private void awaitBaseline(String name, int baseline) throws InterruptedException {
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

    /**
     * Starts the host-speed canary on the app's CPUs (an unbuilt or failing canary leaves the windows unchecked, with
     * a warning: the guard still watches them).
     */
    private HostSpeedWatch startCanary() {
        if (hosts != null && !hosts.app().isLocal()) {
            progress.line("host-speed canary: off (it runs on this machine's CPUs, and the app runs on "
                    + hosts.app().role().host() + ")");
            recorder.environment(Map.of("host_speed_canary", "off: the app runs on " + hosts.app().role().host()));
            return null;
        }
        try {
            HostSpeedWatch w = HostSpeedWatch.start(o.placement().appCpus(), o.guard().maxHostSlowdown());
            progress.line(w.describe());
            return w;
        } catch (IOException e) {
            progress.line("warning: " + e.getMessage() + "; the windows are not checked for a slowed host");
            return null;
        }
    }

    /** The shutdown hook: Ctrl-C or a kill during the trial. */
    private void interrupted() {
        launcher.abort();
        for (Pass p : passes) p.abort();
        AppProcess app = currentApp;
        ResultsRecorder rec = recorder;
        if (rec != null && !rec.sealed()) {
            String now = activity;
            sealWith("interrupted during " + now, "not reached: the session was interrupted");
            writeReports(rec.results());
            System.err.println("\ninterrupted during " + now + ": what was measured is in "
                    + ResultsStore.file(o.outputDir()));
        }
        if (app != null) app.stop();
        Session s = session;
        CpuPinning pin = pinning;
        if (s != null && pin != null) pin.unplace(s);
        SessionHosts h = hosts;
        if (h != null) h.close(); // stops what still runs there: the services, a load part
    }

    /**
     * Marks the app in progress failed (or, when earlier rounds measured it, keeps it measured with the reason), and
     * the apps not reached skipped; writes, and ignores later changes.
     */
    private void sealWith(String inProgressReason, String notReachedReason) {
        recorder.seal(r -> {
            Results next = r;
            String current = inProgress;
            for (AppResult a : r.apps()) {
                if (IN_PROGRESS.equals(a.reason())) {
                    next = next.withApp(a.withStatus(AppStatus.FAILED, inProgressReason));
                } else if (a.name().equals(current) && a.status() == AppStatus.MEASURED) {
                    // Measured in earlier rounds: what was measured stays measured, and the record says it is partial.
                    next = next.withApp(a.withStatus(AppStatus.MEASURED, inProgressReason));
                }
            }
            for (AppEntry e : List.copyOf(notReached)) {
                if (next.app(e.name()).isEmpty()) next = next.withApp(newRecord(e, AppStatus.SKIPPED, notReachedReason));
            }
            return next;
        });
    }

    /** Renders the reports in every asked language; a failure is a warning, the data stays. */
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

    /** A new record of app {@code e}: what the registry says of it, no measurement yet. */
    private AppResult newRecord(AppEntry e, AppStatus status, String reason) {
        List<String> flags = e.runtimeFlags().isBlank() ? List.of() : Arrays.asList(e.runtimeFlags().trim().split("\\s+"));
        List<NotEqualized> ne = e.unequalized().stream().map(u -> new NotEqualized(u.setting(), u.why())).toList();
        String log = "logs/" + e.name() + ".log";
        List<dev.fairbench.results.KnownFailure> known = e.knownFailures().stream()
                .map(k -> new dev.fairbench.results.KnownFailure(k.caseName(), k.reason(), k.upstream())).toList();
        return new AppResult(e.name(), e.label(), language(e.language()), status, reason, e.versions(), flags, null,
                ne, List.of(), null, List.of(), Files.exists(o.outputDir().resolve(log)) ? log : null, List.of(),
                e.variantOf(), e.variant(), known);
    }

    static String language(String language) {
        String l = language.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9+#-]", "-");
        return l.isEmpty() ? "unknown" : l;
    }
}
