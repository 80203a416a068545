package dev.fairbench.runner;

import dev.fairbench.loadgen.Progress;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.canary.HostSpeedWatch;
import dev.fairbench.runner.placed.LoadDriver;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What a {@link Pass} gets from the {@link TrialLoop}: the options, the services and the dataset, the results
 * being written, and the console. Every change to the results is written to {@code results.json} at once, so a
 * crash or Ctrl-C loses nothing measured. Thread-safe.
 */
public final class TrialContext {
    private final TrialOptions options;
    private final Session session;
    private final ResultsRecorder recorder;
    private final ProgressPrinter progress;
    private final TrialLoop loop;
    private final RouteTargets targets;
    private final HostSpeedWatch hostSpeed;
    private final LoadDriver load;
    private final java.util.Set<String> ownNamespaces;

    TrialContext(TrialOptions options, Session session, ResultsRecorder recorder, ProgressPrinter progress,
                 TrialLoop loop, HostSpeedWatch hostSpeed, LoadDriver load, java.util.Set<String> ownNamespaces) {
        this.options = options;
        this.ownNamespaces = java.util.Set.copyOf(ownNamespaces);
        this.load = load;
        this.hostSpeed = hostSpeed;
        this.session = session;
        this.recorder = recorder;
        this.progress = progress;
        this.loop = loop;
        this.targets = new RouteTargets(session.dataset(), options.detailSlugs());
    }

    public TrialOptions options() {
        return options;
    }

    /** PostgreSQL, Redis, the dataset and the reference renderer of this trial. */
    public Session session() {
        return session;
    }

    /** The host-speed canary of this trial, timed around every measured window; empty when it could not start. */
    public Optional<HostSpeedWatch> hostSpeed() {
        return Optional.ofNullable(hostSpeed);
    }

    /** Where the loads run: in this JVM, or split among the placement's load hosts. */
    public LoadDriver load() {
        return load;
    }

    /**
     * Whether the roles are on several hosts ({@code --hosts} with a role not on this machine): each role's CPU
     * list is then on its own host.
     */
    public boolean acrossHosts() {
        return !options.hosts().isAllLocal();
    }

    /**
     * The network namespaces of the session's hosts that run on this machine's kernel ({@code net:[N]}): every
     * process in them is the run's own for the interference guard. Empty on real separate hosts.
     */
    public java.util.Set<String> ownNamespaces() {
        return ownNamespaces;
    }

    /** The request mix of each route: paths over the dataset's posts and tags, the pHash body. */
    public RouteTargets targets() {
        return targets;
    }

    /** The results as written so far. */
    public Results results() {
        return recorder.results();
    }

    /** Adds {@code run} to {@code route} of app {@code app} and recomputes the route's summary. */
    public void recordRun(String app, String route, RunResult run) {
        recorder.run(app, route, run);
    }

    /**
     * Puts {@code run}, a late retry, in place of {@code route}'s kept run with the same number, which goes to the
     * discarded runs.
     */
    public void replaceRun(String app, String route, RunResult run) {
        recorder.replaceRun(app, route, run);
    }

    /** Keeps {@code run}, found disturbed, among {@code route}'s discarded runs (it is measured again). */
    public void recordDiscarded(String app, String route, RunResult run) {
        recorder.discarded(app, route, run);
    }

    /** Sets the fixed-rate cost run of {@code route} of app {@code app}. */
    public void recordCost(String app, String route, RunResult run) {
        recorder.cost(app, route, run);
    }

    /** Records {@code run} as the overload run of app {@code app} on {@code route} (rewrites results.json). */
    public void recordOverload(String app, String route, RunResult run) {
        recorder.overload(app, route, run);
    }

    /** Changes the record of app {@code app}, which the loop created before the pass ran. */
    public void recordApp(String app, UnaryOperator<AppResult> change) {
        recorder.update(app, change);
    }

    /** Adds or replaces entries of the setup's environment map. */
    public void recordEnvironment(Map<String, String> entries) {
        recorder.environment(entries);
    }

    /** The console, for a pass that prints lines of its own (the status line is not shown meanwhile). */
    public PrintStream out() {
        return progress.out();
    }

    /** An ordinary console line. */
    public void line(String text) {
        progress.line(text);
    }

    /** What the trial is doing now, e.g. {@code vertx index run 2/3}: the reason recorded when Ctrl-C comes. */
    public void activity(String activity) {
        loop.activity(activity);
    }

    /** The status line of a load in progress (on a terminal). */
    public void status(String app, String route, String phase, Progress p, Duration planned) {
        progress.status(app, route, phase, p, planned);
    }

    /** {@code load} of the planned load time was spent, for the estimate. */
    public void loadDone(Duration load) {
        progress.loadDone(load);
        loop.loadSpent(load);
    }
}
