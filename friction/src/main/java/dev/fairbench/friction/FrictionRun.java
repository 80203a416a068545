package dev.fairbench.friction;

import dev.fairbench.report.ReportWriter;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.ResultsException;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.friction.Friction;
import dev.fairbench.results.friction.FrictionApp;
import dev.fairbench.results.friction.FrictionApp.Build;
import dev.fairbench.results.friction.FrictionStore;
import dev.fairbench.runner.AppLauncher;
import dev.fairbench.runner.Session;
import dev.fairbench.runner.Toolchains;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.Commands;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code fairbench friction}: what each app costs to build and ship, measured one app at a time, the results in
 * {@code friction.json} of the output directory (rewritten after every app). For each app, in a fresh copy of the
 * repository ({@link ProjectCopy}) with empty build caches ({@link BuildEnvironment}):
 * <ol>
 *   <li>lines of code of its {@code sources} and, apart, its {@code shared_sources} ({@link SourceLines})</li>
 *   <li>its lockfile's packages fetched, untimed (cargo, go: a download is not a build)</li>
 *   <li>the clean build: its registry {@code build} command, timed ({@link TimedBuild})</li>
 *   <li>the artifact's size and linking, and the runtime it needs ({@link ArtifactFacts})</li>
 *   <li>the incremental build: a comment line appended to its {@code handler} ({@link HandlerEdit}), the build
 *       command again, timed</li>
 *   <li>cold starts to the first 200 OK ({@link ColdStarts}), with PostgreSQL and Redis of a {@link Session}
 *       opened at the first cold start</li>
 *   <li>its third-party dependencies ({@link LockfileDependencies})</li>
 * </ol>
 * The copy is deleted afterwards. An app whose toolchain is missing, or that declares no build, handler or sources,
 * is skipped; a step that fails ends the app's measurement as failed, keeping what was measured before. Run it
 * alone on the machine (the caller holds the benchmark lock): builds and starts are timed. Not thread-safe.
 */
public final class FrictionRun {
    private final FrictionOptions options;
    private final PrintStream out;
    private final Path logs;
    private Session session;

    private FrictionRun(FrictionOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
        this.logs = options.outputDir().resolve("logs").resolve("friction");
    }

    /**
     * Measures {@code apps} (registry names, in this order; empty = every app of the registry) and writes
     * {@code friction.json} into the output directory; when that directory holds a {@code results.json}, its
     * reports are rewritten in {@link FrictionOptions#languages()} and gain the "Build and ship" section.
     *
     * @param console where progress and one summary line per app are printed
     * @return what was written
     * @throws dev.fairbench.runner.registry.RegistryException for an unknown app or a bad registry
     * @throws IllegalStateException                         when PostgreSQL or Redis cannot be started or reached
     * @throws IOException                                   when friction.json or the work folder cannot be written
     */
    public static Friction measure(FrictionOptions options, List<String> apps, PrintStream console)
            throws IOException, InterruptedException {
        return new FrictionRun(options, console).run(apps);
    }

    private Friction run(List<String> apps) throws IOException, InterruptedException {
        List<AppEntry> entries = AppRegistry.load(options.registryFile(), options.repoRoot()).select(apps);
        Friction friction = new Friction(Friction.SCHEMA_VERSION, fairbenchVersion(), Instant.now(), null,
                gitCommit(), gitDirty(), host(), rules(), List.of());
        FrictionStore.write(options.outputDir(), friction);
        Path work = Files.createTempDirectory("fairbench-friction-");
        Thread cleanup = new Thread(() -> deleteQuietly(work), "fairbench-friction-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            for (AppEntry e : entries) {
                FrictionApp app = measureOne(e, work.resolve(e.name()));
                friction = friction.withApp(app);
                FrictionStore.write(options.outputDir(), friction);
                out.println("[" + e.name() + "] " + Summary.line(app));
                out.flush();
            }
            friction = friction.finishedAt(Instant.now());
            FrictionStore.write(options.outputDir(), friction);
        } finally {
            if (session != null) session.close();
            deleteQuietly(work);
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
        }
        out.println("friction: written " + FrictionStore.file(options.outputDir()));
        rewriteReports();
        return friction;
    }

    /** What one app's measurement has so far; a failure keeps it. */
    private static final class Parts {
        Build clean;
        Build incremental;
        FrictionApp.Artifact artifact;
        FrictionApp.RuntimeNeeded runtime;
        FrictionApp.ColdStart coldStart;
        FrictionApp.LinesOfCode lines;
        FrictionApp.Dependencies dependencies;

        FrictionApp app(AppEntry e, AppStatus status, String reason) {
            return new FrictionApp(e.name(), e.label(), e.language(), status, reason, clean, incremental, artifact,
                    runtime, coldStart, lines, dependencies);
        }
    }

    /** A step that failed: its one-line reason, with the log's tail for the console. */
    private static final class StepFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final String details;

        StepFailure(String reason, String details) {
            super(reason);
            this.details = details;
        }
    }

    private FrictionApp measureOne(AppEntry e, Path work) throws IOException, InterruptedException {
        Parts parts = new Parts();
        Optional<String> missing = Toolchains.firstMissing(e.toolchains());
        if (missing.isPresent()) return parts.app(e, AppStatus.SKIPPED, "toolchain missing: " + missing.get());
        if (e.build() == null) return parts.app(e, AppStatus.SKIPPED, "no 'build' in apps.toml: nothing to build");
        if (!e.sources().declared()) {
            return parts.app(e, AppStatus.SKIPPED, "no 'handler' and 'sources' in apps.toml: nothing to change "
                    + "for the incremental build, no lines to count");
        }
        for (String log : List.of(".fetch.log", ".clean.log", ".incremental.log", ".dependencies.log", ".log")) {
            Files.deleteIfExists(logs.resolve(e.name() + log));
        }
        out.println("[" + e.name() + "] copying the repository (files git does not ignore) into " + work);
        out.flush();
        try (ProjectCopy copy = ProjectCopy.of(options.repoRoot(), work.resolve("project"))) {
            Path root = copy.root();
            AppEntry c = AppRegistry.load(options.registryFile(), root).select(List.of(e.name())).getFirst();
            parts.lines = new FrictionApp.LinesOfCode(SourceLines.count(root, c.sources().own()),
                    SourceLines.count(root, c.sources().shared()));
            BuildEnvironment env = BuildEnvironment.fresh(root, c.buildDir(), work);
            Optional<LockfileDependencies.Plan> plan = LockfileDependencies.plan(c, root);
            fetch(c, plan, env);
            List<String> build = AppEntry.expand(c.build(), Map.of("JAVA", Toolchains.java().toString(),
                    "JVM_FLAGS", c.runtimeFlags(), "REPO", root.toString()));
            parts.clean = timedBuild(c, build, env, "clean", null);
            if (!Files.isRegularFile(c.artifact())) {
                throw new StepFailure("clean build: it succeeded but did not produce " + root.relativize(c.artifact()),
                        "");
            }
            parts.artifact = new FrictionApp.Artifact(root.relativize(c.artifact()).toString(),
                    Files.size(c.artifact()), ArtifactFacts.linking(c.artifact()));
            parts.runtime = ArtifactFacts.runtime(c);
            HandlerEdit.appendComment(c.sources().handler());
            parts.incremental = timedBuild(c, build, env, "incremental",
                    root.relativize(c.sources().handler()).toString());
            out.println("[" + e.name() + "] cold start: " + options.coldStarts() + " starts, readiness " + c.readiness()
                    + " probed every " + options.readinessPoll().toMillis() + " ms");
            out.flush();
            Session s = session();
            try {
                parts.coldStart = ColdStarts.measure(new AppLauncher(root, logs, options.cores()), c,
                        s.services().postgresUrl(), s.services().redisUrl(), options.appCpus(), options.coldStarts(),
                        options.readinessPoll());
            } catch (AppLauncher.StartFailure failed) {
                String first = failed.getMessage().lines().findFirst().orElse("");
                throw new StepFailure("cold start: " + first, failed.getMessage());
            }
            if (plan.isPresent()) {
                out.println("[" + e.name() + "] dependencies: " + String.join(" ", plan.get().argv()));
                Path log = logs.resolve(e.name() + ".dependencies.log");
                try {
                    parts.dependencies = LockfileDependencies.list(plan.get(), root, env, log);
                } catch (IOException failed) {
                    throw new StepFailure("dependencies: " + failed.getMessage() + " (log "
                            + rel(e.name() + ".dependencies.log") + ")", AppProcess.tail(log, 15));
                }
            }
            return parts.app(e, AppStatus.MEASURED, null);
        } catch (StepFailure failed) {
            out.println("[" + e.name() + "] FAILED: " + failed.getMessage());
            if (!failed.details.isBlank()) out.println(failed.details);
            return parts.app(e, AppStatus.FAILED, failed.getMessage());
        } catch (SessionFailure failed) {
            throw (RuntimeException) failed.getCause();
        } catch (IOException | RuntimeException failed) {
            String reason = failed.getMessage() == null ? failed.toString() : failed.getMessage().lines().findFirst()
                    .orElse("");
            out.println("[" + e.name() + "] FAILED: " + reason);
            return parts.app(e, AppStatus.FAILED, reason);
        }
    }

    /** Downloads the lockfile's packages before the clean build, so that no download is timed (cargo, go). */
    private void fetch(AppEntry c, Optional<LockfileDependencies.Plan> plan, BuildEnvironment env)
            throws IOException, InterruptedException, StepFailure {
        if (plan.isEmpty() || plan.get().kind().equals("maven")) return;
        List<String> argv = plan.get().kind().equals("cargo") ? List.of("cargo", "fetch", "--locked")
                : List.of("go", "mod", "download");
        Path log = logs.resolve(c.name() + ".fetch.log");
        out.println("[" + c.name() + "] fetching, untimed: " + String.join(" ", argv));
        TimedBuild.Outcome fetched = TimedBuild.run(argv, plan.get().workDir(), env, options.buildCpus(), log,
                "[" + c.name() + "] fetching", out);
        if (fetched.exitCode() != 0) {
            throw new StepFailure("fetch: " + String.join(" ", argv) + " failed with exit code " + fetched.exitCode()
                    + " (log " + rel(c.name() + ".fetch.log") + ")", AppProcess.tail(log, 15));
        }
    }

    private Build timedBuild(AppEntry c, List<String> argv, BuildEnvironment env, String which, String changedFile)
            throws IOException, InterruptedException, StepFailure {
        String logName = c.name() + "." + which + ".log";
        Path log = logs.resolve(logName);
        out.println("[" + c.name() + "] " + which + " build: " + c.build() + "  (log " + rel(logName) + ")");
        out.flush();
        TimedBuild.Outcome o = TimedBuild.run(argv, c.buildDir(), env, options.buildCpus(), log,
                "[" + c.name() + "] " + which + " build", out);
        if (o.exitCode() != 0) {
            throw new StepFailure(which + " build: " + (o.exitCode() < 0 ? "did not finish within "
                    + AppLauncher.BUILD_TIMEOUT.toMinutes() + " min" : "failed with exit code " + o.exitCode())
                    + " (log " + rel(logName) + ")", AppProcess.tail(log, 15));
        }
        return new Build(c.build(), round(o.wallSeconds()), round(o.cpuSeconds()), rel(logName), changedFile);
    }

    private Session session() {
        if (session == null) {
            try {
                session = Session.open(options.services(), out);
            } catch (RuntimeException e) {
                throw new SessionFailure(e);
            }
        }
        return session;
    }

    /** PostgreSQL or Redis could not be started or reached: the end of the whole measurement, not of one app. */
    private static final class SessionFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SessionFailure(RuntimeException cause) {
            super(cause);
        }
    }

    /** A log's path relative to the output directory. */
    private String rel(String logName) {
        return options.outputDir().relativize(logs.resolve(logName)).toString();
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }

    private void rewriteReports() throws IOException {
        if (!Files.exists(ResultsStore.file(options.outputDir()))) {
            out.println("friction: no results.json in " + options.outputDir() + ": no report rewritten (the "
                    + "\"Build and ship\" section appears in the report of a results directory that holds both)");
            return;
        }
        try {
            for (String language : options.languages()) {
                for (Path file : ReportWriter.write(options.outputDir(), language)) out.println("wrote " + file);
            }
        } catch (ResultsException e) {
            out.println("friction: reports not rewritten: " + e.getMessage());
        }
    }

    private Friction.Rules rules() {
        Map<String, String> tools = new LinkedHashMap<>();
        tools.put("java", Toolchains.version("java"));
        for (String tool : List.of("go", "cargo", "rustc", "mvn")) {
            String version = Toolchains.version(tool);
            if (version != null) tools.put(tool, version);
        }
        return new Friction.Rules(options.buildCpus(), options.appCpus(), options.coldStarts(),
                options.readinessPoll().toNanos() / 1e6, BuildEnvironment.keptCaches(), BuildEnvironment.FRESH, tools);
    }

    private Friction.Host host() {
        String cpu = "unknown";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse(cpu);
        } catch (IOException ignored) {
            // not Linux: unknown
        }
        String kernel = System.getProperty("os.version");
        try {
            kernel = Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
        } catch (IOException ignored) {
            // the JVM's idea of it
        }
        return new Friction.Host(cpu, options.cores(), kernel);
    }

    private String gitCommit() {
        Commands.Result r = Commands.run(List.of("git", "-C", options.repoRoot().toString(), "rev-parse", "HEAD"),
                Duration.ofSeconds(10));
        return r.ok() && r.firstLine().matches("[0-9a-f]{7,64}") ? r.firstLine() : null;
    }

    private boolean gitDirty() {
        // the results directory is the measurement's own output, not a change to what it measures
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", options.repoRoot().toString(), "status",
                "--porcelain", "--untracked-files=normal"));
        Path root = options.repoRoot().toAbsolutePath().normalize();
        Path out = options.outputDir().toAbsolutePath().normalize();
        if (out.startsWith(root) && !out.equals(root)) command.addAll(List.of("--", ".", ":(exclude)" + root.relativize(out)));
        Commands.Result r = Commands.run(command, Duration.ofSeconds(30));
        return r.ok() && !r.output().isBlank();
    }

    private static String fairbenchVersion() {
        Properties p = new Properties();
        try (InputStream in = FrictionRun.class.getResourceAsStream("version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException ignored) {
            // unknown version
        }
        String v = p.getProperty("version", "unknown");
        return v.startsWith("${") ? "unknown" : v;
    }

    private static void deleteQuietly(Path dir) {
        try {
            ProjectCopy.deleteTree(dir);
        } catch (IOException ignored) {
            // a temporary folder left behind; the OS cleans /tmp
        }
    }
}
