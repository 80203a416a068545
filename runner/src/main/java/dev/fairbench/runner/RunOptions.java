package dev.fairbench.runner;

import dev.fairbench.report.render.Messages;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.workload.Route;
import dev.fairbench.services.ServiceOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Everything {@code fairbench run} was asked to do. Immutable; validated on construction with one-line messages.
 *
 * @param apps           app names to run, in order; empty = every valid registry entry
 * @param routes         routes to measure, in {@link Route} order; an app measures those it serves
 * @param connections    HTTP connections of the load generator
 * @param duration       length of one measured run
 * @param warmup         load before a route's runs, not recorded (0 = none)
 * @param runs           measured runs per app and route; the median counts
 * @param quick          a smoke run ({@link #quick()} settings); recorded in the results
 * @param detailSlugs    how many post slugs the detail routes rotate over; 0 = all of them
 * @param outputDir      results directory
 * @param placement      CPUs of app, services and load generator
 * @param cores          online CPUs (counted before the runner pins itself)
 * @param loadgenThreads event-loop threads of the load generator
 * @param build          build apps whose artifact is missing ({@code false} with {@code --no-build})
 * @param languages      report languages ({@code en}, {@code uk})
 * @param registryFile   the app registry
 * @param repoRoot       the repository root: relative paths of the registry start there
 * @param services       where PostgreSQL and Redis are
 * @param commandLine    the command as typed, for the results
 */
public record RunOptions(List<String> apps, List<Route> routes, int connections, Duration duration, Duration warmup,
                         int runs, boolean quick, int detailSlugs, Path outputDir, CpuPlacement placement, int cores,
                         int loadgenThreads, boolean build, List<String> languages, Path registryFile,
                         Path repoRoot, ServiceOptions services, String commandLine) {
    public static final int DEFAULT_CONNECTIONS = 50;
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(20);
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(5);
    public static final int DEFAULT_RUNS = 3;
    /** {@code --quick}: 1 s warm-up, one run of 3 s, detail routes over the first 100 posts. */
    public static final Duration QUICK_WARMUP = Duration.ofSeconds(1);
    public static final Duration QUICK_DURATION = Duration.ofSeconds(3);
    public static final int QUICK_DETAIL_SLUGS = 100;

    public RunOptions {
        apps = List.copyOf(apps);
        routes = List.copyOf(routes);
        languages = List.copyOf(languages);
        if (routes.isEmpty()) throw new IllegalArgumentException("no route to measure");
        if (connections < 1) throw new IllegalArgumentException("--connections must be at least 1");
        if (duration.isZero() || duration.isNegative()) throw new IllegalArgumentException("--duration must be positive");
        if (warmup.isNegative()) throw new IllegalArgumentException("--warmup must not be negative");
        if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1");
        if (loadgenThreads < 1) throw new IllegalArgumentException("--loadgen-threads must be at least 1");
        if (loadgenThreads > connections) {
            throw new IllegalArgumentException("--loadgen-threads (" + loadgenThreads + ") must not exceed --connections ("
                    + connections + ")");
        }
        for (String lang : languages) {
            if (!Messages.LANGUAGES.contains(lang)) {
                throw new IllegalArgumentException("unknown report language '" + lang + "': expected one of "
                        + String.join(", ", Messages.LANGUAGES));
            }
        }
    }

    /** All routes, in order. */
    public static List<Route> allRoutes() {
        return Arrays.asList(Route.values());
    }

    /** Wall time one app is expected to spend under load, warm-ups included, for the routes it serves. */
    public Duration loadTimePerRoute() {
        return warmup.plus(duration.multipliedBy(runs));
    }
}
