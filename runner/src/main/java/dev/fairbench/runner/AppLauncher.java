package dev.fairbench.runner;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.multiload.MultiHostLoad;
import dev.fairbench.multiload.PlacedHost;
import dev.fairbench.runner.placed.PlacedRoleHost;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.ParentDeath;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.AppEnvironment;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Builds and starts apps of the registry, the steps {@code run}, {@code verify} and {@code serve} share. Build
 * output goes to {@code <logs>/<app>.build.log}, the app's own output to {@code <logs>/<app>.log}. Builds run on
 * every CPU (the runner itself may be pinned to the load generator's), with {@code JAVA_HOME} set to the JDK the
 * runner runs on. One build or start at a time; {@link #abort()} may be called from another thread (Ctrl-C).
 */
public final class AppLauncher {
    public static final Duration BUILD_TIMEOUT = Duration.ofMinutes(30);
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    /** What {@link #prepare} found: ready to start, or why not (and whether that is a skip or a failure). */
    public record Prepared(boolean ready, boolean failed, String reason) {
        static Prepared ok() {
            return new Prepared(true, false, null);
        }

        static Prepared skipped(String reason) {
            return new Prepared(false, false, reason);
        }

        static Prepared failed(String reason) {
            return new Prepared(false, true, reason);
        }
    }

    /** An app that could not be started or did not become ready; the message holds the log tail. */
    public static final class StartFailure extends Exception {
        private static final long serialVersionUID = 1L;

        StartFailure(String message) {
            super(message);
        }
    }

    private final Path repoRoot;
    private final Path logsDir;
    private final int cores;
    private volatile Process currentBuild;
    /** Artifacts copied to a host in this launcher's life: host, NUL, local path. */
    private final java.util.Set<String> copied = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The Java found on each host, by SSH destination. */
    private final Map<String, String> remoteJava = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param cores online CPUs, counted before the runner pinned itself (builds use all of them)
     */
    public AppLauncher(Path repoRoot, Path logsDir, int cores) {
        this.repoRoot = repoRoot;
        this.logsDir = logsDir;
        this.cores = cores;
    }

    /** The state {@code fairbench apps} shows: {@code built}, {@code not built}, {@code toolchain missing: X}. */
    public static String state(AppEntry e) {
        Optional<String> missing = Toolchains.firstMissing(e.toolchains());
        if (missing.isPresent()) return "toolchain missing: " + missing.get();
        if (e.artifact() == null) return "built";
        if (!Files.exists(e.artifact())) return "not built";
        return isStale(e) ? "built, sources changed since" : "built";
    }

    /** True when the app has nothing to build: no artifact declared, or its artifact is there and not {@link #isStale}. */
    static boolean isUpToDate(AppEntry e) {
        return e.artifact() == null || (Files.exists(e.artifact()) && !isStale(e));
    }

    /**
     * True when a file under the entry's own build folder (not the repository root: the Java apps are rebuilt by the
     * launcher's reactor build) is newer than its artifact, e.g. a peer's source edited after its last build.
     * Build output folders ({@code target}, {@code .git}) and the artifact itself do not count.
     */
    static boolean isStale(AppEntry e) {
        if (e.artifact() == null || e.buildDir() == null || !Files.exists(e.artifact())) return false;
        Path root = e.buildDir().toAbsolutePath().normalize();
        if (Files.exists(root.resolve(".git"))) return false;
        try (Stream<Path> files = Files.walk(root)) {
            FileTime built = Files.getLastModifiedTime(e.artifact());
            Path artifact = e.artifact().toAbsolutePath().normalize();
            return files.filter(f -> !f.equals(artifact))
                    .filter(f -> root.relativize(f).toString().split("/")[0].matches("(?!target$|\\.).*"))
                    .filter(Files::isRegularFile)
                    .anyMatch(f -> {
                        try {
                            return Files.getLastModifiedTime(f).compareTo(built) > 0;
                        } catch (IOException ex) {
                            return false;
                        }
                    });
        } catch (IOException ex) {
            return false;
        }
    }

    /**
     * Checks the toolchains and builds the app when its artifact is missing or older than its sources (see
     * {@link #isStale}), unless {@code build} is false. A build that succeeds leaves its {@link BuildStamp}.
     * Never throws for a problem of the app: the result says what happened.
     */
    public Prepared prepare(AppEntry e, boolean build, java.io.PrintStream out) {
        Optional<String> missing = Toolchains.firstMissing(e.toolchains());
        if (missing.isPresent()) return Prepared.skipped("toolchain missing: " + missing.get());
        if (isUpToDate(e)) return Prepared.ok();
        if (!build && Files.exists(e.artifact())) return Prepared.ok();
        if (!build) return Prepared.skipped("not built (--no-build): " + repoRoot.relativize(e.artifact()) + " is missing");
        Path log = logsDir.resolve(e.name() + ".build.log");
        out.println("[" + e.name() + "] building: " + e.build() + "  (in " + rel(e.buildDir()) + ", log " + rel(log) + ")");
        out.flush();
        long start = System.nanoTime();
        Map<String, String> buildEnvironment = Map.of();
        try {
            List<String> argv = new ArrayList<>(List.of("taskset", "-c", "0-" + (cores - 1)));
            argv.addAll(AppEntry.expand(e.build(), variables(e, null)));
            Files.createDirectories(logsDir);
            ProcessBuilder pb = new ProcessBuilder(argv).directory(e.buildDir().toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).redirectErrorStream(true);
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
            buildEnvironment = Map.copyOf(pb.environment());
            // tied to the runner's life: a SIGKILLed runner leaves no build behind (its direct child, the build tool)
            Process p = ParentDeath.start(pb);
            currentBuild = p;
            try {
                // a long build (cargo, Maven) says every 15 s that it is alive, with its log's last line
                long deadline = start + BUILD_TIMEOUT.toNanos();
                boolean done;
                while (!(done = p.waitFor(15, TimeUnit.SECONDS)) && System.nanoTime() < deadline) {
                    String last = AppProcess.tail(log, 1).strip();
                    out.println("[" + e.name() + "] building: " + (System.nanoTime() - start) / 1_000_000_000L + " s"
                            + (last.isEmpty() ? "" : ", " + (last.length() > 100 ? last.substring(0, 100) + "…" : last)));
                    out.flush();
                }
                if (!done) {
                    destroyTree(p);
                    return Prepared.failed("build did not finish within " + BUILD_TIMEOUT.toMinutes() + " min (log "
                            + rel(log) + ")");
                }
            } finally {
                currentBuild = null;
            }
            if (p.exitValue() != 0) {
                return Prepared.failed("build failed with exit code " + p.exitValue() + " (log " + rel(log) + "):\n"
                        + AppProcess.tail(log, 15));
            }
        } catch (IOException | RuntimeException ex) {
            return Prepared.failed("cannot run the build '" + e.build() + "': " + ex.getMessage());
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return Prepared.failed("build interrupted");
        }
        if (!Files.exists(e.artifact())) {
            return Prepared.failed("the build succeeded but did not produce " + rel(e.artifact()));
        }
        try {
            BuildStamp.write(repoRoot, e.artifact(), e.build(), buildEnvironment);
        } catch (IOException ex) {
            out.println("[" + e.name() + "] warning: cannot record the build's stamp (results.json will not say how "
                    + "it was built): " + ex.getMessage());
        }
        out.printf("[%s] built in %.0f s%n", e.name(), (System.nanoTime() - start) / 1e9);
        return Prepared.ok();
    }

    /**
     * Starts the app pinned to {@code cpus} with the contract's environment and waits until it answers 200 on its
     * readiness path.
     *
     * @param port the port to give it; 0 picks a free one (an entry's fixed port wins over both)
     * @throws StartFailure when the port is taken, the command cannot start, the app exits, or it is not ready
     *                      within {@link #READY_TIMEOUT}; the app's processes are stopped before it is thrown
     */
    public AppProcess start(AppEntry e, String postgresUrl, String redisUrl, String cpus, int port)
            throws StartFailure, InterruptedException {
        return start(e, postgresUrl, redisUrl, cpus, port, AppProcess.READINESS_POLL);
    }

    /**
     * {@link #start(AppEntry, String, String, String, int)} probing the readiness path every {@code readinessPoll}
     * instead of {@link AppProcess#READINESS_POLL} (the cold-start measurement polls every millisecond).
     */
    public AppProcess start(AppEntry e, String postgresUrl, String redisUrl, String cpus, int port,
                            Duration readinessPoll) throws StartFailure, InterruptedException {
        int workers = e.workers() > 0 ? e.workers() : CpuPlacement.parse(cpus).size();
        int chosen = e.port() > 0 ? e.port() : port;
        try {
            if (chosen == 0) chosen = AppProcess.freePort();
        } catch (IOException ex) {
            throw new StartFailure("no free TCP port on 127.0.0.1: " + ex.getMessage());
        }
        if (!AppProcess.portFree(chosen)) {
            throw new StartFailure("port " + chosen + " on 127.0.0.1 is in use by another program");
        }
        AppEnvironment contract = new AppEnvironment(chosen, postgresUrl, redisUrl, AppEnvironment.DEFAULT_POOL_MAX,
                AppEnvironment.DEFAULT_POOL_MIN, workers);
        Map<String, String> env = new HashMap<>(e.env());
        env.putAll(contract.toMap());
        Path log = logsDir.resolve(e.name() + ".log");
        AppProcess app;
        try {
            List<String> argv = AppEntry.expand(e.start(), variables(e, contract));
            app = AppProcess.start(argv, e.startDir(), env, cpus, log, chosen);
        } catch (IOException | RuntimeException ex) {
            throw new StartFailure("cannot start '" + e.start() + "': " + ex.getMessage());
        }
        String notReady = app.awaitReady(e.readiness(), READY_TIMEOUT, readinessPoll);
        if (notReady != null) {
            app.stop();
            String tail = app.logTail();
            throw new StartFailure("did not start: " + notReady + " (log " + rel(log) + ")"
                    + (tail.isBlank() ? "" : "; last lines:\n" + tail));
        }
        return app;
    }

    /**
     * Starts the app on {@code where}'s host (not this machine): its built artifact is copied, once per launcher, to
     * the same path under the role's work folder as under the repository here (so that the start command's
     * relative paths hold, with {@code ${REPO}} the work folder and {@code ${JAVA}} a Java of 21 or newer there),
     * then it is started in the matching folder, pinned to the role's CPUs, tied to the SSH session, with the
     * contract's environment ({@code HOST} the host's address, {@code WORKERS} its CPU count), and probed from
     * here at {@code http://ADDRESS:PORT} until ready.
     *
     * @param port the port to give it; 0 picks one that nothing answers on there (an entry's fixed port wins)
     * @throws StartFailure as {@link #start(AppEntry, String, String, String, int)}, and when the app has no
     *                      artifact to copy or the copy fails
     */
    public AppProcess startOn(PlacedRoleHost where, AppEntry e, String postgresUrl, String redisUrl, int port)
            throws StartFailure, InterruptedException {
        String cpus = where.cpus();
        int workers = e.workers() > 0 ? e.workers() : CpuPlacement.parse(cpus).size();
        String address = where.address();
        int chosen = e.port() > 0 ? e.port() : port;
        try {
            if (chosen == 0) chosen = AppProcess.freePort();
        } catch (IOException ex) {
            throw new StartFailure("no free TCP port number: " + ex.getMessage());
        }
        if (answers(address, chosen)) {
            throw new StartFailure("port " + chosen + " on " + address + " is in use by another program");
        }
        if (e.artifact() == null) {
            throw new StartFailure("has no build artifact in apps.toml to copy to " + where.role().host());
        }
        String workdir = where.workdir();
        Path artifact = e.artifact().toAbsolutePath().normalize();
        String java;
        try {
            if (copied.add(where.role().host() + "\u0000" + artifact)) {
                where.host().copyTo(artifact, workdir + "/" + repoRoot.relativize(artifact));
            }
            java = remoteJava.computeIfAbsent(where.role().host(), h -> findJava(where));
        } catch (RuntimeException ex) {
            throw new StartFailure("cannot prepare it on " + where.role().host() + ": " + ex.getMessage());
        }
        AppEnvironment contract = new AppEnvironment(address, chosen, postgresUrl, redisUrl,
                AppEnvironment.DEFAULT_POOL_MAX, AppEnvironment.DEFAULT_POOL_MIN, workers);
        Map<String, String> env = new HashMap<>(e.env());
        env.putAll(contract.toMap());
        Map<String, String> vars = variables(e, contract);
        vars.put("JAVA", java);
        vars.put("REPO", workdir);
        Path log = logsDir.resolve(e.name() + ".log");
        String dir = workdir + "/" + repoRoot.relativize(e.startDir().toAbsolutePath().normalize());
        AppProcess app;
        try {
            app = AppProcess.startOn(where.host(), AppEntry.expand(e.start(), vars), dir, env, cpus, log, address,
                    chosen);
        } catch (IOException | RuntimeException ex) {
            throw new StartFailure("cannot start '" + e.start() + "' on " + where.role().host() + ": "
                    + ex.getMessage());
        }
        String notReady = app.awaitReady(e.readiness(), READY_TIMEOUT, AppProcess.READINESS_POLL);
        if (notReady != null) {
            app.stop();
            String tail = app.logTail();
            throw new StartFailure("did not start on " + where.role().host() + ": " + notReady + " (log " + rel(log)
                    + ")" + (tail.isBlank() ? "" : "; last lines:\n" + tail));
        }
        return app;
    }

    private static String findJava(PlacedRoleHost where) {
        try {
            return MultiHostLoad.findJava(PlacedHost.of(where.host(), where.role()), Toolchains.java().toString());
        } catch (LoadException ex) {
            throw new IllegalStateException(ex.getMessage().replace("load host", "app host"), ex);
        }
    }

    /** Whether something accepts TCP connections on {@code address:port} within a second. */
    private static boolean answers(String address, int port) {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(address, port), 1_000);
            return true;
        } catch (IOException ex) {
            return false;
        }
    }

    /** The values of the {@code ${...}} variables; PORT and WORKERS only once the environment is known. */
    Map<String, String> variables(AppEntry e, AppEnvironment contract) {
        Map<String, String> v = new HashMap<>();
        v.put("JAVA", Toolchains.java().toString());
        v.put("JVM_FLAGS", e.runtimeFlags());
        v.put("REPO", repoRoot.toString());
        if (contract != null) {
            v.put("PORT", Integer.toString(contract.port()));
            v.put("WORKERS", Integer.toString(contract.workers()));
        }
        return v;
    }

    /** Ends a running build and its children (Ctrl-C). */
    public void abort() {
        Process p = currentBuild;
        if (p != null) destroyTree(p);
    }

    private static void destroyTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private String rel(Path p) {
        Path abs = p.toAbsolutePath();
        if (!abs.startsWith(repoRoot)) return abs.toString();
        String r = repoRoot.relativize(abs).toString();
        return r.isEmpty() ? "." : r;
    }
}
