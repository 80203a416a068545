package dev.fairbench.runner;

import dev.fairbench.hosts.Placement;
import dev.fairbench.report.render.Messages;
import dev.fairbench.runner.canary.HostSpeedRule;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.InterferenceGuard;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.workload.Route;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a {@link TrialLoop} is asked to do, whatever its passes: which apps and routes, where they run, how much
 * load, where the results go. What differs between passes (run lengths, profiling windows, the SLO) is in each
 * pass's own settings. Immutable; built by a {@link Builder}, which takes unset values from a parent (as JMH's
 * {@code ChainedOptionsBuilder.parent}) and then from the defaults, and validates with one-line messages.
 *
 * <pre>{@code
 * TrialOptions base = TrialOptions.builder().repoRoot(root).outputDir(dir).services(services).build();
 * TrialOptions one = TrialOptions.builder().parent(base).apps(List.of("vertx")).routes(List.of(Route.PHASH)).build();
 * }</pre>
 */
public final class TrialOptions {
    public static final int DEFAULT_CONNECTIONS = 50;
    /** Measurements of a window found disturbed, after the first, before it is kept as disturbed. */
    public static final int DEFAULT_RETRIES = 2;

    /**
     * The rules of the interference guard and of the host-speed canary.
     *
     * @param maxForeignCores foreign CPU, in cores, above which a measured window is disturbed
     * @param retries         how many times a disturbed or slowed window is measured again before it is kept as
     *                        disturbed
     * @param maxHostSlowdown how much slower than the run's baseline the canary may run around a window (a
     *                        fraction: 0.10 = 10%) before the window counts as slowed by the host
     * @param maxHostWait     before a window slowed by the host (and not by a foreign process) is measured again,
     *                        how long to wait at most for the canary to be back within {@code maxHostSlowdown}
     *                        ({@code 0} measures again at once)
     * @param maxStealCores   the hypervisor's steal, in cores summed over this machine's CPUs, above which a measured
     *                        window is stolen and measured again at once
     * @param lateRetry       whether a window still disturbed after its retries is measured once more after the
     *                        pass's last round, in a fresh start of its app ({@code Pass#lateRetries})
     */
    public record Guard(double maxForeignCores, int retries, double maxHostSlowdown, Duration maxHostWait,
                        double maxStealCores, boolean lateRetry) {
        /**
         * Default of {@code --max-host-wait}: 120 s. In the second run of docs/results/2026-12-02-repeat the host's
         * memory stayed slow for about five minutes, and retries made at once stayed slowed on every route; two
         * waits of up to two minutes each cover most of such a stretch, and on a steady host they cost nothing.
         */
        public static final Duration DEFAULT_MAX_HOST_WAIT = Duration.ofSeconds(120);

        public Guard {
            if (!(maxForeignCores >= 0)) throw new IllegalArgumentException("--max-foreign must not be negative");
            if (retries < 0) throw new IllegalArgumentException("--retries must not be negative");
            if (!(maxHostSlowdown >= 0)) throw new IllegalArgumentException("--max-host-slowdown must not be negative");
            if (maxHostWait == null || maxHostWait.isNegative()) {
                throw new IllegalArgumentException("--max-host-wait must not be negative");
            }
            if (!(maxStealCores >= 0)) throw new IllegalArgumentException("--max-steal must not be negative");
        }

        /** The guard's rules with a late retry of every window that stays disturbed. */
        public Guard(double maxForeignCores, int retries, double maxHostSlowdown, Duration maxHostWait,
                     double maxStealCores) {
            this(maxForeignCores, retries, maxHostSlowdown, maxHostWait, maxStealCores, true);
        }

        /** The guard's rules with the default steal threshold. */
        public Guard(double maxForeignCores, int retries, double maxHostSlowdown, Duration maxHostWait) {
            this(maxForeignCores, retries, maxHostSlowdown, maxHostWait, InterferenceGuard.DEFAULT_MAX_STEAL_CORES);
        }

        /** The guard's rules with the default wait for a slowed host. */
        public Guard(double maxForeignCores, int retries, double maxHostSlowdown) {
            this(maxForeignCores, retries, maxHostSlowdown, DEFAULT_MAX_HOST_WAIT);
        }

        /** The guard's rules with the default host-speed threshold and wait. */
        public Guard(double maxForeignCores, int retries) {
            this(maxForeignCores, retries, HostSpeedRule.DEFAULT_MAX_HOST_SLOWDOWN);
        }

        public static Guard defaults() {
            return new Guard(InterferenceGuard.DEFAULT_MAX_FOREIGN_CORES, DEFAULT_RETRIES);
        }
    }

    private final List<String> apps;
    private final List<Route> routes;
    private final Path outputDir;
    private final Path resultsRoot;
    private final CpuPlacement placement;
    private final int cores;
    private final int connections;
    private final int pipeline;
    private final int loadgenThreads;
    private final int detailSlugs;
    private final boolean build;
    private final List<String> languages;
    private final Path registryFile;
    private final Path repoRoot;
    private final ServiceOptions services;
    private final String commandLine;
    private final Guard guard;
    private final boolean hostile;
    private final boolean startPerRoute;
    private final Placement hosts;
    private final Path fairbenchJar;

    private TrialOptions(Builder b, TrialOptions p) {
        repoRoot = pick(b.repoRoot, p == null ? null : p.repoRoot, null, "the repository root");
        outputDir = pick(b.outputDir, p == null ? null : p.outputDir, null, "the results directory");
        // a child given its own output directory measures into it unless told the whole measurement is wider
        resultsRoot = b.resultsRoot != null ? b.resultsRoot
                : b.outputDir != null || p == null ? outputDir : p.resultsRoot;
        services = pick(b.services, p == null ? null : p.services, null, "the services");
        apps = List.copyOf(pick(b.apps, p == null ? null : p.apps, List::of, null));
        routes = List.copyOf(pick(b.routes, p == null ? null : p.routes, () -> Arrays.asList(Route.values()), null));
        cores = pick(b.cores, p == null ? null : p.cores, CpuPlacement::onlineCpus, null);
        Placement placed = pick(b.hosts, p == null ? null : p.hosts, Placement::allLocal, null);
        placement = placed.isAllLocal()
                ? pick(b.placement, p == null ? null : p.placement, () -> CpuPlacement.defaults(cores), null)
                : new CpuPlacement(placed.app().cpus().orElseThrow().toString(),
                        placed.services().cpus().orElseThrow().toString(),
                        placed.load().getFirst().cpus().orElseThrow().toString(), true);
        connections = pick(b.connections, p == null ? null : p.connections, () -> DEFAULT_CONNECTIONS, null);
        pipeline = pick(b.pipeline, p == null ? null : p.pipeline, () -> 1, null);
        loadgenThreads = pick(b.loadgenThreads, p == null ? null : p.loadgenThreads,
                () -> Math.min(connections, placed.isAllLocal() ? CpuPlacement.parse(placement.loadgenCpus()).size()
                        : placed.load().stream().mapToInt(l -> l.cpus().orElseThrow().cpus().size()).sum()), null);
        detailSlugs = pick(b.detailSlugs, p == null ? null : p.detailSlugs, () -> 0, null);
        build = pick(b.build, p == null ? null : p.build, () -> true, null);
        languages = List.copyOf(pick(b.languages, p == null ? null : p.languages, () -> Messages.LANGUAGES, null));
        registryFile = pick(b.registryFile, p == null ? null : p.registryFile, () -> repoRoot.resolve("apps.toml"), null);
        commandLine = pick(b.commandLine, p == null ? null : p.commandLine, () -> "fairbench", null);
        guard = pick(b.guard, p == null ? null : p.guard, Guard::defaults, null);
        hostile = pick(b.hostile, p == null ? null : p.hostile, () -> false, null);
        startPerRoute = pick(b.startPerRoute, p == null ? null : p.startPerRoute, () -> false, null);
        hosts = placed;
        fairbenchJar = b.fairbenchJar != null ? b.fairbenchJar : p == null ? null : p.fairbenchJar;
        if (!hosts.isAllLocal() && fairbenchJar == null) {
            throw new IllegalArgumentException("a placement with roles on other hosts needs the fairbench jar to "
                    + "copy there");
        }

        if (routes.isEmpty()) throw new IllegalArgumentException("no route given");
        if (connections < 1) throw new IllegalArgumentException("--connections must be at least 1");
        if (pipeline < 1 || pipeline > 1024) throw new IllegalArgumentException("the pipeline must be 1 to 1024 requests");
        if (loadgenThreads < 1) throw new IllegalArgumentException("--loadgen-threads must be at least 1");
        if (loadgenThreads > connections) {
            throw new IllegalArgumentException("--loadgen-threads (" + loadgenThreads + ") must not exceed --connections ("
                    + connections + ")");
        }
        if (detailSlugs < 0) throw new IllegalArgumentException("detail slugs must not be negative");
        for (String lang : languages) {
            if (!Messages.LANGUAGES.contains(lang)) {
                throw new IllegalArgumentException("unknown report language '" + lang + "': expected one of "
                        + String.join(", ", Messages.LANGUAGES));
            }
        }
    }

    /** The value set here, else the parent's, else the default (computed only then), else a missing-value error. */
    private static <T> T pick(T own, T parent, Supplier<T> fallback, String required) {
        if (own != null) return own;
        if (parent != null) return parent;
        if (fallback == null) throw new IllegalArgumentException(required + " is not given");
        return fallback.get();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** App names in order; empty = every valid app of the registry. */
    public List<String> apps() {
        return apps;
    }

    /** Routes in {@link Route} order; each app takes those it serves. */
    public List<Route> routes() {
        return routes;
    }

    public Path outputDir() {
        return outputDir;
    }

    /**
     * The directory of the whole measurement: the output directory, or for a load of a suite the suite's directory.
     * What lies under it does not make the checkout dirty ({@link Provenance}): a run's own results do not change
     * what it measures.
     */
    public Path resultsRoot() {
        return resultsRoot;
    }

    /** CPUs of the app, the services and this JVM (the load generator). */
    public CpuPlacement placement() {
        return placement;
    }

    /** Online CPUs, counted before this JVM pinned itself. */
    public int cores() {
        return cores;
    }

    /** HTTP connections of the load generator. */
    public int connections() {
        return connections;
    }

    /**
     * Requests each connection writes at once in the closed-loop runs of {@code TimedRuns} (1: no pipelining); the
     * fixed-rate passes never pipeline.
     */
    public int pipeline() {
        return pipeline;
    }

    /** Event-loop threads of the load generator; by default one per load generator CPU, at most one per connection. */
    public int loadgenThreads() {
        return loadgenThreads;
    }

    /** How many post slugs the detail routes rotate over; 0 = all of them. */
    public int detailSlugs() {
        return detailSlugs;
    }

    /** Build apps whose artifact is missing or stale ({@code false} with {@code --no-build}). */
    public boolean build() {
        return build;
    }

    /** Report languages ({@code en}, {@code uk}). */
    public List<String> languages() {
        return languages;
    }

    public Path registryFile() {
        return registryFile;
    }

    /** The repository root: relative paths of the registry start there. */
    public Path repoRoot() {
        return repoRoot;
    }

    /** Where PostgreSQL and Redis are. */
    public ServiceOptions services() {
        return services;
    }

    /** The command as typed, for the results, with passwords (of {@code --pg-url}, {@code --redis-url}) redacted. */
    public String commandLine() {
        return commandLine;
    }

    /** The interference guard's threshold and retries. */
    public Guard guard() {
        return guard;
    }

    /**
     * Run the hostile suite (docs/workload.md §5.1) once per app, after its first start that passed the gate was
     * measured, and record it as the app's robustness ({@code false} unless set; {@code fairbench run} sets it unless
     * {@code --no-hostile}).
     */
    public boolean hostile() {
        return hostile;
    }

    /**
     * Give each route a start of its own in every round of a pass that measures routes (the timed runs, the cost
     * runs): start, gate on that route, warm up, measure, stop, as JMH forks a JVM per benchmark, so that the code a
     * JIT compiled under one route's load never shapes the next route's figures ({@code false} unless set, as by
     * {@code fairbench run --start-per-route}: one start per app and round measures every route).
     */
    public boolean startPerRoute() {
        return startPerRoute;
    }

    /**
     * Which host runs the app, the services and the load ({@code --hosts hosts.toml}); everything on this machine
     * unless set, where the CPU lists are {@link #placement()}'s. With roles on other hosts, each role's CPUs are
     * its entry's, and {@link #placement()} holds those lists.
     */
    public Placement hosts() {
        return hosts;
    }

    /** The fairbench jar that is copied to the hosts that are not this machine; null when every role is local. */
    public Path fairbenchJar() {
        return fairbenchJar;
    }

    /** Collects values; each unset one comes from the parent, else from the default. Not thread-safe. */
    public static final class Builder {
        private TrialOptions parent;
        private List<String> apps;
        private List<Route> routes;
        private Path outputDir;
        private Path resultsRoot;
        private CpuPlacement placement;
        private Integer cores;
        private Integer connections;
        private Integer pipeline;
        private Integer loadgenThreads;
        private Integer detailSlugs;
        private Boolean build;
        private Placement hosts;
        private Path fairbenchJar;
        private List<String> languages;
        private Path registryFile;
        private Path repoRoot;
        private ServiceOptions services;
        private String commandLine;
        private Guard guard;
        private Boolean hostile;
        private Boolean startPerRoute;

        private Builder() {}

        /** Values not set here are taken from {@code parent}. */
        public Builder parent(TrialOptions parent) {
            this.parent = parent;
            return this;
        }

        public Builder apps(List<String> apps) {
            this.apps = apps;
            return this;
        }

        public Builder routes(List<Route> routes) {
            this.routes = routes;
            return this;
        }

        public Builder outputDir(Path outputDir) {
            this.outputDir = outputDir;
            return this;
        }

        /** Default: the output directory. */
        public Builder resultsRoot(Path resultsRoot) {
            this.resultsRoot = resultsRoot;
            return this;
        }

        public Builder placement(CpuPlacement placement) {
            this.placement = placement;
            return this;
        }

        public Builder cores(int cores) {
            this.cores = cores;
            return this;
        }

        public Builder connections(int connections) {
            this.connections = connections;
            return this;
        }

        public Builder pipeline(int requestsPerWrite) {
            this.pipeline = requestsPerWrite;
            return this;
        }

        /** {@code null}: derived from the load generator's CPUs and the connections. */
        public Builder loadgenThreads(Integer loadgenThreads) {
            this.loadgenThreads = loadgenThreads;
            return this;
        }

        public Builder detailSlugs(int detailSlugs) {
            this.detailSlugs = detailSlugs;
            return this;
        }

        public Builder build(boolean build) {
            this.build = build;
            return this;
        }

        public Builder languages(List<String> languages) {
            this.languages = languages;
            return this;
        }

        public Builder registryFile(Path registryFile) {
            this.registryFile = registryFile;
            return this;
        }

        public Builder repoRoot(Path repoRoot) {
            this.repoRoot = repoRoot;
            return this;
        }

        public Builder services(ServiceOptions services) {
            this.services = services;
            return this;
        }

        public Builder commandLine(String commandLine) {
            this.commandLine = dev.fairbench.services.Redaction.redact(commandLine);
            return this;
        }

        public Builder guard(Guard guard) {
            this.guard = guard;
            return this;
        }

        public Builder hostile(boolean hostile) {
            this.hostile = hostile;
            return this;
        }

        public Builder startPerRoute(boolean startPerRoute) {
            this.startPerRoute = startPerRoute;
            return this;
        }

        public Builder hosts(Placement hosts) {
            this.hosts = hosts;
            return this;
        }

        public Builder fairbenchJar(Path fairbenchJar) {
            this.fairbenchJar = fairbenchJar;
            return this;
        }

        /** @throws IllegalArgumentException with one line for a value out of range or a required one missing */
        public TrialOptions build() {
            return new TrialOptions(this, parent);
        }
    }
}
