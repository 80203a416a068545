package dev.fairbench.cli;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.capacity.CapacityPass;
import dev.fairbench.capacity.CapacityProbe;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.workload.Route;
import dev.fairbench.workload.phash.PHash;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

/**
 * {@code fairbench capacity APP/ROUTE | URL}: the highest fixed rate with p99 under the SLO, then an overload step
 * at 1.2 times that rate ({@link CapacityProbe}). For {@code APP/ROUTE} it is the trial loop with the
 * {@link CapacityPass}: the app started alone and pinned, after the conformance gate; the search lands in
 * results.json; for a URL only the load
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
public final class CapacityCommand extends TrialCommand {
    @Override
    String name() {
        return "capacity";
    }

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

    @Option(names = "--start-rate", paramLabel = "N", defaultValue = "0", converter = LoadCommand.RateConverter.class,
            description = "First rate of the search in requests per second (default: from the warm-up).")
    double startRate;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "16",
            description = "Most search steps, a step that broke the SLO and is run again included; the overload step "
                    + "comes on top (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--pid", paramLabel = "PID", description = "URL target: the server's pid, for CPU per request "
            + "and RSS.")
    Long pid;

    @Override
    public Integer call() throws Exception {
        CapacityProbe.Settings settings;
        try {
            settings = new CapacityProbe.Settings(slo.toNanos() / 1e6, step, warmup, stepWarmup, 0.05, maxSteps,
                    startRate);
            if (trial.connections < 1) throw new IllegalArgumentException("--connections must be at least 1");
            if (maxSteps < 2) throw new IllegalArgumentException("--max-steps must be at least 2");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return target.contains("://") ? url(settings) : app(settings);
    }

    private int app(CapacityProbe.Settings settings) throws Exception {
        int slash = target.indexOf('/');
        if (slash <= 0 || slash == target.length() - 1) {
            throw new ParameterException(spec.commandLine(), "expected APP/ROUTE (e.g. go-nethttp/phash) or a URL, got '"
                    + target + "'");
        }
        Route route;
        try {
            route = Route.byName(target.substring(slash + 1));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        TrialOptions options = options("-capacity", b -> b.apps(List.of(target.substring(0, slash)))
                .routes(List.of(route)));
        return runTrial(options, List.of(new CapacityPass(route, settings)));
    }

    private int url(CapacityProbe.Settings settings) throws Exception {
        LoadSpec base;
        try {
            URI uri = URI.create(target);
            base = LoadSpec.closedLoop(uri, trial.connections, 1, step);
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
        CapacityProbe.Outcome outcome;
        try {
            outcome = new CapacityProbe(settings, System.out).measure(name, base,
                    pid == null ? OptionalLong.empty() : OptionalLong.of(pid));
        } catch (LoadException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        System.out.println(CapacityPass.describe(outcome));
        if (trial.output != null) {
            Path file = trial.output.toAbsolutePath().resolve("capacity").resolve("url.json");
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
