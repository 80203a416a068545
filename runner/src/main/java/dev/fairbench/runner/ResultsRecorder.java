package dev.fairbench.runner;

import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Summaries;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.HostSpeed;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import dev.fairbench.results.Setup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The results of a session as they grow, rewritten to {@code results.json} (atomically, by {@link ResultsStore})
 * after every change, so a crash or Ctrl-C loses nothing measured. After {@link #seal} (the session ended or was
 * interrupted) later changes are ignored: a shutdown hook and the measuring thread may race, and the hook's
 * version must stay. Thread-safe.
 */
final class ResultsRecorder {
    private final Path dir;
    private Results results;
    private boolean sealed;

    ResultsRecorder(Path dir, Results initial) {
        this.dir = dir;
        this.results = initial;
        write();
    }

    synchronized Results results() {
        return results;
    }

    /**
     * Puts {@code app} in place of the app of the same name (or appends it), recomputes the host speed from the
     * windows' canaries and writes.
     */
    synchronized void app(AppResult app) {
        update(r -> r.withApp(app).withHostSpeed());
    }

    /** The app of this name as recorded, for read-modify-write by the measuring thread. */
    synchronized AppResult app(String name) {
        return results.app(name).orElseThrow();
    }

    /** Applies {@code change} to the record of app {@code name} and writes. */
    synchronized void update(String name, UnaryOperator<AppResult> change) {
        app(change.apply(app(name)));
    }

    /** Whether the results hold app {@code name}. */
    synchronized boolean has(String name) {
        return results.app(name).isPresent();
    }

    /** Adds {@code run} to {@code route} of app {@code name}, recomputes the route's summary and writes. */
    synchronized void run(String name, String route, RunResult run) {
        AppResult app = app(name);
        RouteResult before = app.route(route).orElse(new RouteResult(route, List.of(), null));
        List<RunResult> runs = new ArrayList<>(before.runs());
        runs.add(run);
        app(app.withRoute(before.withRuns(runs, Summaries.summarize(runs))));
    }

    /**
     * Puts {@code run} in place of the kept run of {@code route} with the same run number (a late retry of a window
     * that stayed disturbed), keeps the one it replaces among the discarded runs, recomputes the summary and writes.
     *
     * @throws IllegalStateException when the route has no kept run with that number
     */
    synchronized void replaceRun(String name, String route, RunResult run) {
        AppResult app = app(name);
        RouteResult before = app.route(route).orElseThrow(() -> new IllegalStateException(name + " has no " + route));
        List<RunResult> runs = new ArrayList<>(before.runs());
        int i = 0;
        while (i < runs.size() && runs.get(i).run() != run.run()) i++;
        if (i == runs.size()) throw new IllegalStateException(name + " " + route + " has no run " + run.run());
        RunResult replaced = runs.set(i, run);
        app(app.withRoute(before.withDiscarded(replaced).withRuns(runs, Summaries.summarize(runs))));
    }

    /** Keeps a disturbed run that is measured again in {@code route}'s discarded runs and writes. */
    synchronized void discarded(String name, String route, RunResult run) {
        AppResult app = app(name);
        RouteResult before = app.route(route).orElse(new RouteResult(route, List.of(), null));
        app(app.withRoute(before.withDiscarded(run)));
    }

    /** Adds a fixed-rate cost run (of the next round) to {@code route} and writes. */
    synchronized void cost(String name, String route, RunResult run) {
        AppResult app = app(name);
        RouteResult before = app.route(route).orElse(new RouteResult(route, List.of(), null));
        app(app.withRoute(before.withCost(run)));
    }

    /** Sets the fixed-rate overload run of {@code route} and writes. */
    synchronized void overload(String name, String route, RunResult run) {
        AppResult app = app(name);
        RouteResult before = app.route(route).orElse(new RouteResult(route, List.of(), null));
        app(app.withRoute(before.withOverload(run)));
    }

    /** Sets the status and reason of app {@code name} and writes. */
    synchronized void status(String name, AppStatus status, String reason) {
        app(app(name).withStatus(status, reason));
    }

    /** Adds or replaces entries of the setup's environment map and writes. */
    synchronized void environment(Map<String, String> entries) {
        setup(s -> {
            Map<String, String> env = new TreeMap<>(s.environment());
            env.putAll(entries);
            return s.withEnvironment(env);
        });
    }

    /** Replaces the setup's pinning and writes. */
    synchronized void pinning(Pinning pinning) {
        setup(s -> s.withPinning(pinning));
    }

    private void setup(UnaryOperator<Setup> change) {
        update(r -> new Results(r.schemaVersion(), r.fairbenchVersion(), r.contractVersion(), r.startedAt(),
                r.finishedAt(), change.apply(r.setup()), r.apps(), r.hostSpeed()));
    }

    /**
     * Judges the kept windows the canary found slowed once more, against the session's final baseline
     * ({@link HostSpeed#rejudged}), and writes.
     *
     * @return how many of them that found within the threshold
     */
    synchronized int rejudgeSlowed() {
        int before = keptSlowed();
        update(HostSpeed::rejudged);
        return before - keptSlowed();
    }

    private int keptSlowed() {
        HostSpeed h = HostSpeed.of(results);
        return h == null ? 0 : h.windowsKeptSlowed();
    }

    /** Marks the session finished now, writes, and ignores every later change. */
    synchronized void finish() {
        update(r -> r.finishedAt(Instant.now()));
        sealed = true;
    }

    /** Applies a last change (e.g. marking the app in progress as interrupted), writes, and seals. */
    synchronized void seal(UnaryOperator<Results> last) {
        update(last);
        sealed = true;
    }

    synchronized boolean sealed() {
        return sealed;
    }

    private void update(UnaryOperator<Results> change) {
        if (sealed) return;
        results = change.apply(results);
        write();
    }

    private void write() {
        try {
            ResultsStore.write(dir, results);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + ResultsStore.file(dir) + ": " + e.getMessage(), e);
        }
    }
}
