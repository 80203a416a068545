package dev.fairbench.cli;

import dev.fairbench.friction.FrictionOptions;
import dev.fairbench.friction.FrictionRun;
import dev.fairbench.report.render.Messages;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.friction.Friction;
import dev.fairbench.results.friction.FrictionApp;
import dev.fairbench.runner.MachineLock;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.services.ServiceException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench friction [--apps ...] [-o DIR]}: what each app costs to build and ship ({@link FrictionRun}),
 * into {@code DIR/friction.json}, under the machine-wide benchmark lock. Exit codes: 0 every app was measured or
 * skipped for a printed reason (a toolchain missing, no sources declared); 1 an app failed, the services could
 * not run, or the lock is held under {@code --no-wait}; 2 usage error.
 */
@Command(name = "friction", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measure what each app costs to build and ship: in a fresh copy of the repository (the files "
                + "git does not ignore) with empty build caches (downloaded sources kept), its build command timed "
                + "(wall and CPU), then again after a comment line is appended to its handler; the artifact's size "
                + "and the runtime it needs; cold starts to the first 200 OK (median of --starts); the lines of its "
                + "sources and of the libraries it shares; the third-party packages of its lockfile.",
                "Writes friction.json and logs/friction/ into the output directory; a directory that holds a "
                        + "results.json gets its reports rewritten with a \"Build and ship\" section."})
public final class FrictionCommand implements Callable<Integer> {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Spec
    CommandSpec spec;

    @Mixin
    ServiceOptionsMixin services;

    @Mixin
    RegistryMixin registry;

    @Mixin
    AppSelectionMixin apps;

    @Mixin
    MachineLockMixin lock;

    @Option(names = {"-o", "--out", "--output"}, paramLabel = "DIR", description = "Results directory (default: a new "
            + "results/<UTC timestamp>-friction/); one of 'fairbench run' gains the section in its reports.")
    Path output;

    @Option(names = "--app-cpus", paramLabel = "CPUS", description = "CPUs each cold start pins the app to, e.g. 0 "
            + "or 0-3 (default: the app's CPUs of 'fairbench run'). Builds use every CPU.")
    String appCpus;

    @Option(names = "--starts", paramLabel = "N", defaultValue = "" + FrictionOptions.DEFAULT_COLD_STARTS,
            description = "Cold starts per app (default: ${DEFAULT-VALUE}); the median counts.")
    int starts;

    @Option(names = "--lang", split = ",", paramLabel = "LANG", defaultValue = "en,uk",
            description = "Languages of the reports rewritten (default: ${DEFAULT-VALUE}).")
    List<String> languages;

    @Override
    public Integer call() throws Exception {
        Path root = RunCommand.repoRoot();
        int cores = CpuPlacement.onlineCpus();
        FrictionOptions options;
        try {
            for (String language : languages) {
                if (!Messages.LANGUAGES.contains(language)) {
                    throw new IllegalArgumentException("unknown language '" + language + "' for --lang (expected one "
                            + "of " + String.join(", ", Messages.LANGUAGES) + ")");
                }
            }
            String cpus = appCpus != null ? appCpus : CpuPlacement.defaults(cores).appCpus();
            for (int cpu : CpuPlacement.parse(cpus)) {
                if (cpu >= cores) {
                    throw new IllegalArgumentException("CPU " + cpu + " does not exist: this machine has CPUs 0-"
                            + (cores - 1));
                }
            }
            Path dir = output != null ? output.toAbsolutePath() : root.resolve("results")
                    .resolve(ZonedDateTime.now(ZoneOffset.UTC).format(STAMP) + "-friction");
            options = new FrictionOptions(root, registry.registryFile(root), services.options(), dir, cores, cpus,
                    starts, FrictionOptions.DEFAULT_READINESS_POLL, languages);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        String commandLine = "fairbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        Friction friction;
        try (MachineLock held = lock.acquire(commandLine, System.out::println)) {
            friction = FrictionRun.measure(options, apps.apps(), System.out);
        } catch (RegistryException | ServiceException | IllegalStateException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        List<String> failed = friction.apps().stream().filter(a -> a.status() == AppStatus.FAILED)
                .map(FrictionApp::name).toList();
        if (failed.isEmpty()) return Fairbench.OK;
        System.out.println("friction: not measured: " + String.join(", ", failed));
        return Fairbench.FAILURE;
    }
}
