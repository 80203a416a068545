package dev.fairbench.cli;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Results;
import dev.fairbench.profile.CapacitySession;
import dev.fairbench.profile.ProfileSession;
import dev.fairbench.runner.Benchmark;
import dev.fairbench.runner.RunOptions;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.workload.Route;
import dev.fairbench.services.FairbenchHome;
import dev.fairbench.services.ServiceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench run}: the benchmark ({@link Benchmark}). Exit codes: 0 every app was measured or skipped for a
 * reason printed (e.g. a missing toolchain); 1 an app failed (build, start, gate, or under load) or the session
 * could not run; 2 usage error (unknown route, bad CPU list, ...). Ctrl-C stops the app and the services this
 * command started; results.json keeps what was measured.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Benchmark the apps of the registry: for each app alone, build if needed, start it pinned to "
                + "its CPUs, check every page against the reference (the gate), then per route a warm-up and "
                + "--runs measured runs; the median counts.",
                "Writes results.json (rewritten after every run), environment.json, hlog/, logs/ and the reports "
                        + "into the output directory."})
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceOptionsMixin services;

    @Option(names = "--apps", split = ",", paramLabel = "APP", description = "Apps to run, in this order (default: "
            + "every app of the registry).")
    List<String> apps = new ArrayList<>();

    @Option(names = "--routes", paramLabel = "LIST", description = "Routes to measure, comma-separated, from: "
            + "index, detail, tag, index-cached, detail-cached, compute, hello, phash (default: all).")
    String routes;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "50",
            description = "HTTP connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "20s", converter = LoadCommand.DurationConverter.class,
            description = "Length of one measured run (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "5s", converter = LoadCommand.DurationConverter.class,
            description = "Load before each route's runs, not recorded (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Measured runs per route (default: "
            + "${DEFAULT-VALUE}); the median counts.")
    int runs;

    @Option(names = "--quick", description = "A short smoke run that still measures everything: 1 s warm-up, one "
            + "run of 3 s, detail pages over 100 posts (--duration, --warmup, --runs given explicitly still win).")
    boolean quick;

    @Option(names = "--lang", split = ",", paramLabel = "LANG", defaultValue = "en,uk",
            description = "Report languages: en, uk or both (default: ${DEFAULT-VALUE}).")
    List<String> languages;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Results directory (default: results/<UTC timestamp>/ in the repository).")
    Path output;

    @Option(names = "--app-cpus", paramLabel = "CPUS", description = "CPUs of the app, e.g. 0 or 0-3 (default on 2 "
            + "cores: 0; on more: the first half).")
    String appCpus;

    @Option(names = "--services-cpus", paramLabel = "CPUS", description = "CPUs of PostgreSQL and Redis (default on 2 "
            + "cores: 1).")
    String servicesCpus;

    @Option(names = "--loadgen-cpus", paramLabel = "CPUS", description = "CPUs of the load generator, i.e. of this "
            + "JVM (default on 2 cores: 1).")
    String loadgenCpus;

    @Option(names = "--loadgen-threads", paramLabel = "N", description = "Load generator threads (default: the "
            + "number of load generator CPUs).")
    Integer loadgenThreads;

    @Option(names = "--profile", description = "After the runs, profile every app and route (wire counts, CPU split, "
            + "syscalls, flame graphs, GC): `fairbench profile` on the same results.")
    boolean profile;

    @Option(names = "--capacity", description = "After the runs, search every app's highest /phash rate with p99 "
            + "under 15 ms, then overload it at 1.2x: `fairbench capacity` on the same results.")
    boolean capacity;

    @Option(names = "--no-build", description = "Do not build: an app whose artifact is missing is skipped.")
    boolean noBuild;

    @Option(names = "--registry", paramLabel = "FILE", description = "The app registry (default: apps.toml in the "
            + "repository).")
    Path registry;

    @Override
    public Integer call() throws Exception {
        Path root = repoRoot();
        int cores = CpuPlacement.onlineCpus();
        List<Route> routeList;
        CpuPlacement placement;
        RunOptions options;
        try {
            routeList = routes == null ? RunOptions.allRoutes() : Route.parseList(routes);
            placement = CpuPlacement.of(appCpus, servicesCpus, loadgenCpus, cores);
            var parsed = spec.commandLine().getParseResult();
            Duration d = quick && !parsed.hasMatchedOption("--duration") ? RunOptions.QUICK_DURATION : duration;
            Duration w = quick && !parsed.hasMatchedOption("--warmup") ? RunOptions.QUICK_WARMUP : warmup;
            int n = quick && !parsed.hasMatchedOption("--runs") ? 1 : runs;
            int threads = loadgenThreads != null ? loadgenThreads
                    : Math.min(connections, CpuPlacement.parse(placement.loadgenCpus()).size());
            Path dir = output != null ? output.toAbsolutePath()
                    : root.resolve("results").resolve(ZonedDateTime.now(ZoneOffset.UTC)
                    .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
            options = new RunOptions(apps, routeList, connections, d, w, n, quick,
                    quick ? RunOptions.QUICK_DETAIL_SLUGS : 0, dir, placement, cores, threads, !noBuild, languages,
                    registryFile(root, registry), root, services.options(), "fairbench " + String.join(" ",
                    spec.commandLine().getParseResult().originalArgs()));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Results results;
        try {
            results = new Benchmark(options, System.out, isTerminal()).run();
            // Profiles and capacity searches are passes of their own after the timed runs, never inside them;
            // they add their sections to the same results.json and rewrite the reports.
            if (profile) results = new ProfileSession(ProfileSession.Options.afterRun(options), System.out).run();
            if (capacity) results = new CapacitySession(CapacitySession.Options.afterRun(options), System.out).run();
        } catch (RegistryException | ServiceException | IllegalStateException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        boolean anyFailed = results.apps().stream().anyMatch(a -> a.status() == AppStatus.FAILED);
        return anyFailed ? Fairbench.FAILURE : Fairbench.OK;
    }

    /** The repository root; a command run outside it is a failure with one line. */
    static Path repoRoot() {
        try {
            return FairbenchHome.root();
        } catch (ServiceException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
    }

    /** {@code --registry} when given, else the repository's apps.toml. */
    static Path registryFile(Path root, Path given) {
        return given != null ? given.toAbsolutePath() : root.resolve(AppRegistry.FILE_NAME);
    }

    /** Logs of verify and serve: {@code .fairbench/logs} in the repository. */
    static Path logsDir(Path root) throws IOException {
        return Files.createDirectories(root.resolve(".fairbench").resolve("logs"));
    }

    /** True when standard output is a terminal (then progress is a line rewritten in place). */
    static boolean isTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
