package dev.fairbench.cli;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.profile.CapacityPass;
import dev.fairbench.profile.CapacitySession;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.workload.Route;
import dev.fairbench.services.ServiceException;
import dev.fairbench.workload.phash.PHash;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench capacity APP/ROUTE | URL}: the highest fixed rate with p99 under the SLO, then an overload step
 * at 1.2 times that rate ({@link CapacityPass}). For {@code APP/ROUTE} the app is started alone and pinned, after
 * the conformance gate, and the search lands in results.json ({@link CapacitySession}); for a URL only the load
 * is applied (CPU and memory need {@code --pid}) and {@code -o} gets {@code capacity/url.json}. Exit codes: 0 the
 * search ran; 1 the app could not be measured; 2 usage error.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Find the highest fixed request rate at which the p99 latency (corrected for coordinated "
                + "omission) stays under the SLO, by fixed-rate steps: doubling from half the closed-loop "
                + "throughput, then bisection. Then an overload step at 1.2 times that rate: completed req/s, p99, "
                + "timeouts (over 2 s) and RSS. Each step reports requests per CPU-second of the app.",
                "TARGET is APP/ROUTE (an app of the registry, started alone and pinned after the conformance gate) "
                        + "or a URL of a running server (e.g. http://127.0.0.1:8080/phash; /phash posts the test "
                        + "image)."})
public final class CapacityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceOptionsMixin services;

    @Parameters(index = "0", paramLabel = "TARGET", description = "APP/ROUTE, e.g. go-nethttp/phash, or a URL.")
    String target;

    @Option(names = "--slo", paramLabel = "TIME", defaultValue = "15ms", converter = LoadCommand.DurationConverter.class,
            description = "p99 latency bound (default: ${DEFAULT-VALUE}).")
    Duration slo;

    @Option(names = "--step-duration", paramLabel = "TIME", defaultValue = "10s",
            converter = LoadCommand.DurationConverter.class,
            description = "Measured length of each fixed-rate step (default: ${DEFAULT-VALUE}).")
    Duration step;

    @Option(names = "--step-warmup", paramLabel = "TIME", defaultValue = "2s", converter = LoadCommand.DurationConverter.class,
            description = "Load at the step's rate before each step, not measured (default: ${DEFAULT-VALUE}).")
    Duration stepWarmup;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "10s", converter = LoadCommand.DurationConverter.class,
            description = "Closed-loop load before the search; half its throughput is the first rate (default: "
                    + "${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--start-rate", paramLabel = "N", defaultValue = "0",
            description = "First rate of the search in requests per second (default: from the warm-up).")
    double startRate;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "16",
            description = "Most search steps, a step that broke the SLO and is run again included; the overload step "
                    + "comes on top (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "50",
            description = "HTTP connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--pid", paramLabel = "PID", description = "URL target: the server's pid, for CPU per request "
            + "and RSS.")
    Long pid;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Results directory; an existing one gains "
            + "the search (default for APP/ROUTE: a new results/<UTC timestamp>-capacity/).")
    Path output;

    @Option(names = "--lang", split = ",", paramLabel = "LANG", defaultValue = "en,uk",
            description = "Report languages: en, uk or both (default: ${DEFAULT-VALUE}).")
    List<String> languages;

    @Option(names = "--app-cpus", paramLabel = "CPUS", description = "CPUs of the app (default as in 'run').")
    String appCpus;

    @Option(names = "--services-cpus", paramLabel = "CPUS", description = "CPUs of PostgreSQL and Redis (default as "
            + "in 'run').")
    String servicesCpus;

    @Option(names = "--loadgen-cpus", paramLabel = "CPUS", description = "CPUs of the load generator (default as in "
            + "'run').")
    String loadgenCpus;

    @Option(names = "--no-build", description = "Do not build: an app whose artifact is missing is skipped.")
    boolean noBuild;

    @Option(names = "--registry", paramLabel = "FILE", description = "The app registry (default: apps.toml in the "
            + "repository).")
    Path registry;

    @Override
    public Integer call() throws Exception {
        CapacityPass.Settings settings;
        try {
            settings = new CapacityPass.Settings(slo.toNanos() / 1e6, step, warmup, stepWarmup, 0.05, maxSteps,
                    startRate);
            if (connections < 1) throw new IllegalArgumentException("--connections must be at least 1");
            if (maxSteps < 2) throw new IllegalArgumentException("--max-steps must be at least 2");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return target.contains("://") ? url(settings) : app(settings);
    }

    private int app(CapacityPass.Settings settings) throws Exception {
        int slash = target.indexOf('/');
        if (slash <= 0 || slash == target.length() - 1) {
            throw new ParameterException(spec.commandLine(), "expected APP/ROUTE (e.g. go-nethttp/phash) or a URL, got '"
                    + target + "'");
        }
        Path root = RunCommand.repoRoot();
        int cores = CpuPlacement.onlineCpus();
        CapacitySession.Options options;
        try {
            Route route = Route.byName(target.substring(slash + 1));
            CpuPlacement placement = CpuPlacement.of(appCpus, servicesCpus, loadgenCpus, cores);
            int threads = Math.min(connections, CpuPlacement.parse(placement.loadgenCpus()).size());
            Path dir = output != null ? output.toAbsolutePath() : root.resolve("results").resolve(
                    ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-capacity");
            options = new CapacitySession.Options(List.of(target.substring(0, slash)), route, dir, placement, cores,
                    connections, threads, settings, !noBuild, languages, RunCommand.registryFile(root, registry), root,
                    services.options(), "fairbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        CapacitySession session = new CapacitySession(options, System.out);
        try {
            session.run();
        } catch (RegistryException | ServiceException | IllegalStateException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        if (session.failures().isEmpty()) return Fairbench.OK;
        System.out.println("capacity: not measured: " + String.join("; ", session.failures()).lines().findFirst().orElse(""));
        return Fairbench.FAILURE;
    }

    private int url(CapacityPass.Settings settings) throws Exception {
        LoadSpec base;
        try {
            URI uri = URI.create(target);
            base = LoadSpec.closedLoop(uri, connections, 1, step);
            if (Route.ofPath(uri.getRawPath() == null ? "/" : uri.getRawPath()) == Route.PHASH) {
                base = base.withMethod("POST").withBody(PHash.testImage(1))
                        .withHeaders(List.of("Content-Type: application/octet-stream"));
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Route route = Route.ofPath(base.effectivePaths().getFirst().replaceAll("\\?.*", ""));
        String name = route == null ? "url" : route.routeName();
        System.out.println(target + ": capacity, p99 under " + settings.sloP99Millis() + " ms");
        CapacityPass.Outcome outcome;
        try {
            outcome = new CapacityPass(settings, System.out).measure(name, base,
                    pid == null ? OptionalLong.empty() : OptionalLong.of(pid));
        } catch (LoadException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        System.out.println(CapacitySession.describe(outcome));
        if (output != null) {
            Path file = output.toAbsolutePath().resolve("capacity").resolve("url.json");
            Files.createDirectories(file.getParent());
            Map<String, Object> raw = new LinkedHashMap<>();
            raw.put("url", target);
            raw.put("pid", pid);
            raw.put("best", outcome.best());
            raw.put("overload", outcome.overload());
            raw.put("result", outcome.result());
            JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .enable(SerializationFeature.INDENT_OUTPUT).build().writeValue(file.toFile(), raw);
            System.out.println("written: " + file);
        }
        return Fairbench.OK;
    }
}
