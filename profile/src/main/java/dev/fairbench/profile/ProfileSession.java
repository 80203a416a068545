package dev.fairbench.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.Profile;
import dev.fairbench.results.Results;
import dev.fairbench.runner.AppLauncher;
import dev.fairbench.runner.RunOptions;
import dev.fairbench.runner.Session;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.workload.Route;
import dev.fairbench.services.ServiceOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code fairbench profile} (and {@code run --profile}): for every app in turn and alone, an {@link AppProfiler}
 * pass on every route it serves, with the services and this JVM pinned as in {@code run}. Adds a {@code profile}
 * section per app to {@code results.json} of the output directory (creating one holding only profiles when the
 * directory has none), writes {@code profiles/<app>/profile.json} with every raw count and the flame graphs
 * {@code profiles/<app>/<route>.html}, then the reports, whose "Findings" come from these sections. One session per
 * instance.
 */
public final class ProfileSession {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    /**
     * What to profile.
     *
     * @param apps         app names in order; empty = every valid app of the registry
     * @param routes       routes to profile; each app profiles those it serves
     * @param outputDir    results directory (existing or new)
     * @param placement    CPUs of app, services and this JVM
     * @param cores        online CPUs
     * @param settings     windows and load
     * @param build        build apps whose artifact is missing
     * @param languages    report languages
     * @param registryFile the app registry
     * @param repoRoot     the repository root
     * @param services     where PostgreSQL and Redis are
     * @param commandLine  the command as typed
     */
    public record Options(List<String> apps, List<Route> routes, Path outputDir, CpuPlacement placement, int cores,
                          AppProfiler.Settings settings, boolean build, List<String> languages, Path registryFile,
                          Path repoRoot, ServiceOptions services, String commandLine) {
        public Options {
            apps = List.copyOf(apps);
            routes = List.copyOf(routes);
            languages = List.copyOf(languages);
            if (routes.isEmpty()) throw new IllegalArgumentException("no route to profile");
        }

        /** {@code run --profile}: the run's apps, routes, CPUs, connections and output directory, default windows. */
        public static Options afterRun(RunOptions run) {
            AppProfiler.Settings d = AppProfiler.Settings.defaults(run.loadgenThreads());
            AppProfiler.Settings s = new AppProfiler.Settings(run.connections(), run.loadgenThreads(), d.warmup(),
                    d.sequentialWindow(), d.window(), d.straceWindow(), d.cpuProfileWindow(), run.detailSlugs());
            return new Options(run.apps(), run.routes(), run.outputDir(), run.placement(), run.cores(), s, run.build(),
                    run.languages(), run.registryFile(), run.repoRoot(), run.services(), run.commandLine());
        }
    }

    private final Options o;
    private final PrintStream out;
    private final List<String> failures = new ArrayList<>();

    public ProfileSession(Options options, PrintStream out) {
        this.o = options;
        this.out = out;
    }

    /**
     * Profiles the apps and returns the updated results (also written to disk).
     *
     * @throws dev.fairbench.runner.registry.RegistryException for an unknown app
     * @throws IllegalStateException                           when the services cannot be used
     */
    public Results run() throws IOException, InterruptedException {
        List<AppEntry> entries = AppRegistry.load(o.registryFile(), o.repoRoot()).select(o.apps());
        Files.createDirectories(o.outputDir().resolve("logs"));
        AppLauncher launcher = new AppLauncher(o.repoRoot(), o.outputDir().resolve("logs"), o.cores());
        try (Session session = Session.open(o.services(), out)) {
            Pinning pinning = ResultsDir.pin(session, o.placement(), out);
            AppProfiler.Settings s = o.settings();
            Results results = ResultsDir.openOrCreate(o.outputDir(), session, o.cores(), o.placement(), pinning,
                    s.connections(), s.loadgenThreads(), s.warmup(), s.window(), o.routes().stream().map(Route::routeName).toList(),
                    o.repoRoot(), o.commandLine());
            AppProfiler profiler = new AppProfiler(session, launcher, o.placement().appCpus(), s, o.outputDir(), out);
            Thread hook = new Thread(() -> {
                launcher.abort();
                profiler.abort();
            }, "fairbench-profile-interrupt");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                for (AppEntry e : entries) {
                    results = profileApp(e, launcher, profiler, results);
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

    /** The apps that could not be profiled (build, start, gate or load failed), each with why; after {@link #run}. */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    private Results profileApp(AppEntry e, AppLauncher launcher, AppProfiler profiler, Results results)
            throws IOException, InterruptedException {
        AppLauncher.Prepared prepared = launcher.prepare(e, o.build(), out);
        if (!prepared.ready()) {
            out.println("[" + e.name() + "] not profiled: " + prepared.reason());
            if (prepared.failed()) failures.add(e.name() + ": " + prepared.reason());
            AppStatus status = prepared.failed() ? AppStatus.FAILED : AppStatus.SKIPPED;
            return results.app(e.name()).isPresent() ? results
                    : results.withApp(ResultsDir.app(results, o.outputDir(), e, status, prepared.reason()));
        }
        AppProfiler.AppProfile p = profiler.profile(e, o.routes());
        writeRaw(p);
        AppResult app = ResultsDir.app(results, o.outputDir(), e, p.failed() == null ? AppStatus.MEASURED : AppStatus.FAILED,
                p.failed());
        if (p.failed() != null) {
            // An app the timed runs measured keeps its status: the failure is in profile.json and on the console.
            out.println("[" + e.name() + "] profile failed: " + p.failed());
            failures.add(e.name() + ": " + p.failed());
        }
        if (!p.routes().isEmpty()) {
            app = app.withProfile(new Profile(o.settings().window().toMillis() / 1000.0, p.tools(),
                    p.routes().stream().map(RouteProfile::toModel).toList()));
        }
        return results.withApp(app);
    }

    /** {@code profiles/<app>/profile.json}: every raw count, the notes and the flame graph paths. */
    private void writeRaw(AppProfiler.AppProfile p) throws IOException {
        Path file = o.outputDir().resolve("profiles").resolve(p.app()).resolve("profile.json");
        Files.createDirectories(file.getParent());
        AppProfiler.Settings s = o.settings();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("connections", s.connections());
        settings.put("loadgen_threads", s.loadgenThreads());
        settings.put("warmup_seconds", s.warmup().toMillis() / 1000.0);
        settings.put("sequential_window_seconds", s.sequentialWindow().toMillis() / 1000.0);
        settings.put("window_seconds", s.window().toMillis() / 1000.0);
        settings.put("strace_window_seconds", s.straceWindow().toMillis() / 1000.0);
        settings.put("cpu_profile_window_seconds", s.cpuProfileWindow().toMillis() / 1000.0);
        settings.put("cpus", Map.of("app", o.placement().appCpus(), "services", o.placement().servicesCpus(),
                "loadgen", o.placement().loadgenCpus()));
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("app", p.app());
        raw.put("failed", p.failed());
        raw.put("tools", p.tools());
        raw.put("notes", p.notes());
        raw.put("settings", settings);
        raw.put("routes", p.routes());
        JSON.writeValue(file.toFile(), raw);
    }
}
