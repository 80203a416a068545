package dev.fairbench.cli;

import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.services.ServiceOptions;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options every command that runs the trial loop shares ({@code run}, {@code profile}, {@code capacity}):
 * registry and build, CPU placement, load, output and report languages. {@link #builder} turns them into a
 * {@link TrialOptions.Builder} to which the command adds what is its own.
 */
public final class TrialOptionsMixin {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Mixin
    BuildMixin build;

    @Mixin
    PlacementMixin placement;

    @Mixin
    GuardMixin guard;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "" + TrialOptions.DEFAULT_CONNECTIONS,
            description = "HTTP connections of the load (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--loadgen-threads", paramLabel = "N", description = "Load generator threads (default: the "
            + "number of load generator CPUs, at most one per connection).")
    Integer loadgenThreads;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Results directory; an existing one of "
            + "'fairbench run' gains profiles and capacity searches (default: a new results/<UTC timestamp>/, with "
            + "-profile or -capacity for those commands). 'fairbench run' refuses a directory that is not empty "
            + "unless --force.")
    Path output;

    @Option(names = "--force", description = "Let 'fairbench run' write into an -o directory that is not empty, "
            + "replacing its results.json and reports (other files in it are left as they are).")
    boolean force;

    @Option(names = "--lang", split = ",", paramLabel = "LANG", defaultValue = "en,uk",
            description = "Report languages: en, uk or both (default: ${DEFAULT-VALUE}).")
    List<String> languages;

    /**
     * The shared options for a trial in the repository at {@code root}.
     *
     * @param outputSuffix appended to the default results directory's timestamp, e.g. {@code -profile}
     * @throws IllegalArgumentException with one line for a bad value
     */
    public TrialOptions.Builder builder(CommandSpec spec, Path root, ServiceOptions services, String outputSuffix) {
        int cores = CpuPlacement.onlineCpus();
        Path dir = output != null ? output.toAbsolutePath() : root.resolve("results")
                .resolve(ZonedDateTime.now(ZoneOffset.UTC).format(STAMP) + outputSuffix);
        return TrialOptions.builder().repoRoot(root).registryFile(build.registryFile(root)).build(build.build())
                .cores(cores).placement(placement.placement(cores)).connections(connections)
                .loadgenThreads(loadgenThreads).guard(guard.guard()).outputDir(dir).languages(languages).services(services)
                .commandLine("fairbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    }
}
