package dev.fairbench.cli;

import dev.fairbench.profile.AppProfiler;
import dev.fairbench.profile.ProfilePass;
import dev.fairbench.runner.TrialOptions;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code fairbench profile}: the trial loop with the profiling pass ({@link ProfilePass}), never inside the
 * timed runs. Exit codes: 0 every app was profiled (or skipped for a reason printed); 1 an app could not be profiled
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
public final class ProfileCommand extends TrialCommand {
    @Override
    String name() {
        return "profile";
    }

    @Mixin
    AppSelectionMixin apps;

    @Mixin
    RoutesMixin routes;

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

    @Override
    public Integer call() throws Exception {
        AppProfiler.Windows windows;
        try {
            windows = new AppProfiler.Windows(warmup, sequentialWindow, window, straceWindow, cpuProfileWindow);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        TrialOptions options = options("-profile", b -> b.apps(apps.apps()).routes(routes.routes()));
        return runTrial(options, List.of(new ProfilePass(windows)));
    }
}
