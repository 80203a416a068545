package dev.fairbench.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.CapacityResult;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.Results;
import dev.fairbench.runner.AppLauncher;
import dev.fairbench.runner.Gate;
import dev.fairbench.runner.RouteTargets;
import dev.fairbench.runner.RunOptions;
import dev.fairbench.runner.Session;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.workload.Route;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.workload.conformance.ConformanceReport;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * {@code fairbench capacity APP/ROUTE} and {@code run --capacity}: for each app in turn and alone, start it pinned
 * (the runner's {@link AppLauncher}, the contract's environment, the real services), pass the conformance gate,
 * then a {@link CapacityPass} on the route, then stop it. Adds the search to the app's {@code capacity} list in
 * {@code results.json} of the output directory (creating one when the directory has none) and writes
 * {@code capacity/<app>-<route>.json} with the overload step spelled out. One session per instance.
 */
public final class CapacitySession {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    /**
     * @param apps           app names in order; empty = every valid app of the registry
     * @param route          the route searched
     * @param outputDir      results directory (existing or new)
     * @param placement      CPUs of app, services and this JVM
     * @param cores          online CPUs
     * @param connections    HTTP connections of the load generator
     * @param loadgenThreads load generator threads
     * @param settings       SLO and step lengths
     * @param build          build apps whose artifact is missing
     * @param languages      report languages
     * @param registryFile   the app registry
     * @param repoRoot       the repository root
     * @param services       where PostgreSQL and Redis are
     * @param commandLine    the command as typed
     */
    public record Options(List<String> apps, Route route, Path outputDir, CpuPlacement placement, int cores,
                          int connections, int loadgenThreads, CapacityPass.Settings settings, boolean build,
                          List<String> languages, Path registryFile, Path repoRoot, ServiceOptions services,
                          String commandLine) {
        public Options {
            apps = List.copyOf(apps);
            languages = List.copyOf(languages);
        }

        /** {@code run --capacity}: the run's apps, CPUs and output directory, /phash, p99 under 15 ms. */
        public static Options afterRun(RunOptions run) {
            return new Options(run.apps(), Route.PHASH, run.outputDir(), run.placement(), run.cores(),
                    run.connections(), run.loadgenThreads(), CapacityPass.Settings.defaults(15), run.build(),
                    run.languages(), run.registryFile(), run.repoRoot(), run.services(), run.commandLine());
        }
    }

    private final Options o;
    private final PrintStream out;
    private volatile AppProcess current;
    private final List<String> failures = new ArrayList<>();

    public CapacitySession(Options options, PrintStream out) {
        this.o = options;
        this.out = out;
    }

    /** Searches every app's capacity; returns the updated results (also written to disk). */
    public Results run() throws IOException, InterruptedException {
        List<AppEntry> entries = AppRegistry.load(o.registryFile(), o.repoRoot()).select(o.apps());
        Files.createDirectories(o.outputDir().resolve("logs"));
        AppLauncher launcher = new AppLauncher(o.repoRoot(), o.outputDir().resolve("logs"), o.cores());
        Thread hook = new Thread(() -> {
            launcher.abort();
            AppProcess app = current;
            if (app != null) app.stop();
        }, "fairbench-capacity-interrupt");
        try (Session session = Session.open(o.services(), out)) {
            Pinning pinning = ResultsDir.pin(session, o.placement(), out);
            Results results = ResultsDir.openOrCreate(o.outputDir(), session, o.cores(), o.placement(), pinning,
                    o.connections(), o.loadgenThreads(), o.settings().warmup(), o.settings().step(), List.of(o.route().routeName()),
                    o.repoRoot(), o.commandLine());
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                for (AppEntry e : entries) {
                    if (!e.serves(o.route())) {
                        out.println("[" + e.name() + "] does not serve " + o.route().routeName() + ": skipped");
                        continue;
                    }
                    results = measureApp(e, launcher, session, results);
                    ResultsDir.write(o.outputDir(), results, List.of(), out);
                }
            } finally {
                ResultsDir.unpin(session, o.cores());
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs already
                }
            }
            ResultsDir.write(o.outputDir(), results, o.languages(), out);
            out.println("results: " + o.outputDir().resolve("results.json"));
            return results;
        }
    }

    /** The apps whose capacity could not be measured, each with why; after {@link #run}. */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    private Results measureApp(AppEntry e, AppLauncher launcher, Session session, Results results)
            throws IOException, InterruptedException {
        AppLauncher.Prepared prepared = launcher.prepare(e, o.build(), out);
        if (!prepared.ready()) {
            out.println("[" + e.name() + "] not measured: " + prepared.reason());
            if (prepared.failed()) failures.add(e.name() + ": " + prepared.reason());
            return results.app(e.name()).isPresent() ? results : results.withApp(ResultsDir.app(results, o.outputDir(), e,
                    prepared.failed() ? AppStatus.FAILED : AppStatus.SKIPPED, prepared.reason()));
        }
        String r = o.route().routeName();
        try {
            current = launcher.start(e, session.services().postgresUrl(), session.services().redisUrl(),
                    o.placement().appCpus(), 0);
        } catch (AppLauncher.StartFailure f) {
            out.println("[" + e.name() + "] " + f.getMessage());
            failures.add(e.name() + ": " + f.getMessage());
            return results.app(e.name()).isPresent() ? results
                    : results.withApp(ResultsDir.app(results, o.outputDir(), e, AppStatus.FAILED, f.getMessage()));
        }
        AppProcess app = current;
        try {
            ConformanceReport gate = new Gate(session.reference(), session.redis()).check(e, app.port());
            if (!gate.passed()) {
                String why = "conformance failed: " + gate.mismatches().getFirst().caseName() + ": "
                        + gate.mismatches().getFirst().what();
                out.println("[" + e.name() + "] " + why);
                failures.add(e.name() + ": " + why);
                return results.app(e.name()).isPresent() ? results
                        : results.withApp(ResultsDir.app(results, o.outputDir(), e, AppStatus.FAILED, why));
            }
            session.redis().flushdb();
            out.println("[" + e.name() + "] " + r + " capacity, p99 under " + o.settings().sloP99Millis() + " ms (pid "
                    + app.pid() + ", CPUs " + o.placement().appCpus() + ")");
            LoadSpec spec = new RouteTargets(session.dataset(), 0).spec(o.route(), app.port(), o.connections(),
                    o.loadgenThreads(), o.settings().step());
            CapacityPass.Outcome outcome = new CapacityPass(o.settings(), out)
                    .measure(r, spec, OptionalLong.of(app.pid()));
            out.println("[" + e.name() + "] " + describe(outcome));
            writeRaw(e.name(), outcome);
            AppResult a = ResultsDir.app(results, o.outputDir(), e, AppStatus.MEASURED, null);
            List<CapacityResult> capacity = new ArrayList<>(a.capacity());
            capacity.removeIf(c -> c.route().equals(r));
            capacity.add(outcome.result());
            return results.withApp(a.withCapacity(capacity));
        } catch (LoadException ex) {
            out.println("[" + e.name() + "] capacity search failed: " + ex.getMessage());
            failures.add(e.name() + ": " + ex.getMessage());
            return results.app(e.name()).isPresent() ? results
                    : results.withApp(ResultsDir.app(results, o.outputDir(), e, AppStatus.FAILED, "capacity: " + ex.getMessage()));
        } finally {
            app.stop();
            current = null;
        }
    }

    /** One line: the capacity and the overload step. */
    public static String describe(CapacityPass.Outcome outcome) {
        var best = outcome.best();
        if (best == null) return "no rate met the SLO";
        String s = String.format(Locale.ROOT, "capacity %,.0f req/s: p99 %.2f ms, p99.9 %.2f ms, RSS %s, %s req/CPU-s",
                best.targetRatePerSecond(), best.latency().p99Ms(), best.latency().p999Ms(),
                best.appRssPeakBytes() == null ? "-" : String.format(Locale.ROOT, "%.1f MiB", best.appRssPeakBytes() / 1048576.0),
                best.requestsPerCpuSecond() == null ? "-" : String.format(Locale.ROOT, "%,.0f", best.requestsPerCpuSecond()));
        var ov = outcome.overload();
        if (ov == null) return s;
        return s + String.format(Locale.ROOT, "; overload at %,.0f req/s: %,.0f completed/s, p99 %.2f ms, %d timeouts, "
                        + "%d other errors, RSS %s", ov.offeredRate(), ov.completedPerSecond(), ov.step().latency().p99Ms(),
                ov.timeouts(), ov.otherErrors(), ov.step().appRssPeakBytes() == null ? "-"
                        : String.format(Locale.ROOT, "%.1f MiB", ov.step().appRssPeakBytes() / 1048576.0));
    }

    private void writeRaw(String app, CapacityPass.Outcome outcome) throws IOException {
        Path file = o.outputDir().resolve("capacity").resolve(app + "-" + outcome.result().route() + ".json");
        Files.createDirectories(file.getParent());
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("app", app);
        raw.put("route", outcome.result().route());
        raw.put("slo_p99_ms", outcome.result().sloP99Ms());
        raw.put("step_seconds", outcome.result().stepSeconds());
        raw.put("step_warmup_seconds", o.settings().stepWarmup().toMillis() / 1000.0);
        raw.put("connections", o.connections());
        raw.put("timeout_seconds", CapacityPass.TIMEOUT.toMillis() / 1000.0);
        raw.put("best", outcome.best());
        raw.put("best_requests_per_cpu_second", outcome.best() == null ? null : outcome.best().requestsPerCpuSecond());
        raw.put("overload", outcome.overload());
        raw.put("steps", outcome.result().steps());
        JSON.writeValue(file.toFile(), raw);
    }
}
