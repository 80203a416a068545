package dev.fairbench.cli;

import dev.fairbench.profile.AppProfiler;
import dev.fairbench.profile.ProfileSession;
import dev.fairbench.runner.RunOptions;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.workload.Route;
import dev.fairbench.services.ServiceException;
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
 * {@code fairbench profile}: a profiling pass per app and route ({@link ProfileSession}), never inside the timed
 * runs. Exit codes: 0 every app was profiled (or skipped for a reason printed); 1 an app could not be profiled
 * or the session could not run; 2 usage error.
 */
@Command(name = "profile", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Profile the apps: each app alone, started behind counting proxies for PostgreSQL and Redis "
                + "(the conformance gate runs through them), then per route separate windows for the round trips "
                + "of one page, wire counts and CPU per request (app user/kernel, PostgreSQL, Redis) and GC under "
                + "load, syscalls under strace, and a CPU flame graph (async-profiler for JVM apps, perf for native "
                + "ones).",
                "Adds a profile section per app to results.json of the output directory (a new directory gets one "
                        + "with only profiles), writes profiles/<app>/profile.json with every raw count and "
                        + "profiles/<app>/<route>.html, then the reports, whose Findings come from the profiles."})
public final class ProfileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceOptionsMixin services;

    @Option(names = "--apps", split = ",", paramLabel = "APP", description = "Apps to profile, in this order "
            + "(default: every app of the registry).")
    List<String> apps = new ArrayList<>();

    @Option(names = "--routes", paramLabel = "LIST", description = "Routes to profile, comma-separated, from: "
            + "index, detail, tag, index-cached, detail-cached, compute, hello, phash (default: all).")
    String routes;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Results directory: an existing one of "
            + "'fairbench run' gains the profiles (default: a new results/<UTC timestamp>-profile/).")
    Path output;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "50",
            description = "HTTP connections of the load windows (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "2s", converter = LoadCommand.DurationConverter.class,
            description = "Load before each route's windows, not measured (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--sequential-window", paramLabel = "TIME", defaultValue = "3s",
            converter = LoadCommand.DurationConverter.class,
            description = "One connection, one request at a time: the round trips of one page (default: ${DEFAULT-VALUE}).")
    Duration sequentialWindow;

    @Option(names = "--window", paramLabel = "TIME", defaultValue = "5s", converter = LoadCommand.DurationConverter.class,
            description = "Counting window under load: wire counts, CPU, GC; wire counts come from its steady state when "
                    + "it lasts 3 s or more (default: ${DEFAULT-VALUE}).")
    Duration window;

    @Option(names = "--strace-window", paramLabel = "TIME", defaultValue = "3s",
            converter = LoadCommand.DurationConverter.class,
            description = "Syscall window under strace -c -f; 0s: none (default: ${DEFAULT-VALUE}).")
    Duration straceWindow;

    @Option(names = "--cpu-profile-window", paramLabel = "TIME", defaultValue = "5s",
            converter = LoadCommand.DurationConverter.class,
            description = "CPU-profile window for the flame graph; 0s: none (default: ${DEFAULT-VALUE}).")
    Duration cpuProfileWindow;

    @Option(names = "--lang", split = ",", paramLabel = "LANG", defaultValue = "en,uk",
            description = "Report languages: en, uk or both (default: ${DEFAULT-VALUE}).")
    List<String> languages;

    @Option(names = "--app-cpus", paramLabel = "CPUS", description = "CPUs of the app (default as in 'run').")
    String appCpus;

    @Option(names = "--services-cpus", paramLabel = "CPUS", description = "CPUs of PostgreSQL and Redis (default as "
            + "in 'run').")
    String servicesCpus;

    @Option(names = "--loadgen-cpus", paramLabel = "CPUS", description = "CPUs of this JVM: load generator and "
            + "proxies (default as in 'run').")
    String loadgenCpus;

    @Option(names = "--no-build", description = "Do not build: an app whose artifact is missing is skipped.")
    boolean noBuild;

    @Option(names = "--registry", paramLabel = "FILE", description = "The app registry (default: apps.toml in the "
            + "repository).")
    Path registry;

    @Override
    public Integer call() throws Exception {
        Path root = RunCommand.repoRoot();
        int cores = CpuPlacement.onlineCpus();
        ProfileSession.Options options;
        try {
            List<Route> routeList = routes == null ? RunOptions.allRoutes() : Route.parseList(routes);
            CpuPlacement placement = CpuPlacement.of(appCpus, servicesCpus, loadgenCpus, cores);
            int threads = Math.min(connections, CpuPlacement.parse(placement.loadgenCpus()).size());
            AppProfiler.Settings settings = new AppProfiler.Settings(connections, threads, warmup, sequentialWindow,
                    window, straceWindow, cpuProfileWindow, 0);
            Path dir = output != null ? output.toAbsolutePath() : root.resolve("results").resolve(
                    ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-profile");
            options = new ProfileSession.Options(apps, routeList, dir, placement, cores, settings, !noBuild, languages,
                    RunCommand.registryFile(root, registry), root, services.options(),
                    "fairbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        ProfileSession session = new ProfileSession(options, System.out);
        try {
            session.run();
        } catch (RegistryException | ServiceException | IllegalStateException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        if (session.failures().isEmpty()) return Fairbench.OK;
        System.out.println("profile: not profiled: " + String.join("; ", session.failures()).lines().findFirst().orElse(""));
        return Fairbench.FAILURE;
    }
}
