package dev.fairbench.cli;

import dev.fairbench.friction.FrictionOptions;
import dev.fairbench.friction.FrictionRun;
import dev.fairbench.report.ReportWriter;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.results.SuiteStore;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.runner.suite.SuiteException;
import dev.fairbench.runner.suite.SuiteFile;
import dev.fairbench.runner.timed.TimedRuns;
import dev.fairbench.services.FairbenchHome;
import dev.fairbench.services.ServiceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code fairbench run}: the benchmark, the {@link TrialLoop} with the timed runs (and, with {@code --profile}
 * and {@code --capacity}, the profiling and capacity passes after them). Exit codes: 0 every app was
 * measured or skipped for a reason printed (e.g. a missing toolchain); 1 an app or a pass failed (build, start,
 * gate, or under load) or the session could not run; 2 usage error (unknown route, bad CPU list, ...). Ctrl-C stops the app and the services this
 * command started; results.json keeps what was measured.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Benchmark the apps of the registry in --rounds rounds: in each round every app alone, in an "
                + "order rotated by one per round, is started fresh pinned to its CPUs, checked page by page against "
                + "the reference (the gate), then per route warmed up and measured once; the median counts. Then "
                + "each route at one fixed rate, the same for every app, in as many rounds (the cost runs). A "
                + "window that other "
                + "processes disturbed is measured again.",
                "Writes suite.json, results.json (rewritten after every run), environment.json, hlog/, logs/ and the "
                        + "reports into the output directory; a suite of several loads (--suite hello) writes one "
                        + "results directory per load under loads/ and the suite's report above them."})
public final class RunCommand extends TrialCommand {
    @Override
    String name() {
        return "run";
    }

    @Mixin
    AppSelectionMixin apps;

    @Mixin
    RoutesMixin routes;

    @Mixin
    RunHostsMixin hosts;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "20s", converter = LoadCommand.DurationConverter.class,
            description = "Length of one measured run, and of each cost run (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "5s", converter = LoadCommand.DurationConverter.class,
            description = "Load before each measured run, not recorded (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--jit-settle", paramLabel = "TIME", defaultValue = "30s", converter = LoadCommand.DurationConverter.class,
            description = "Let each warm-up grow by up to TIME while a JIT compiler (the app's or the load "
                    + "generator's) is still busy, so that measuring starts once compilation has settled; every app "
                    + "gets the same rule and the warm-up used is recorded per run (default: ${DEFAULT-VALUE}; "
                    + "0s: fixed warm-up; --quick: 0s).")
    Duration jitSettle;

    @Option(names = {"--rounds", "--runs"}, paramLabel = "N", defaultValue = "" + TimedRuns.Settings.DEFAULT_ROUNDS,
            description = "Rounds: each starts every app fresh and measures each route once (default: "
                    + "${DEFAULT-VALUE}); the median counts.")
    int rounds;

    @Option(names = "--cost-rate", paramLabel = "ROUTE=N", split = ",",
            description = "Offered rate of the cost run of ROUTE, requests per second, the same for every app "
                    + "(default: half of the slowest app's median closed-loop rate on the route in this run, rounded down to 1, 2 or 5 "
                    + "times a power of 10, so that two runs of one commit offer the same rate).")
    Map<String, Double> costRates = new LinkedHashMap<>();

    @Option(names = "--no-cost", description = "Leave out the cost runs at a fixed rate.")
    boolean noCost;

    @Option(names = "--quick", description = "A short smoke run that still measures everything: one round, 1 s "
            + "warm-up, 3 s runs, detail pages over 100 posts (--duration, --warmup, --rounds given explicitly "
            + "still win).")
    boolean quick;

    @Option(names = "--profile", description = "After the runs, profile it on every route (wire counts, CPU "
            + "split, syscalls, flame graphs, GC): the pass of `fairbench profile`, into the same results.")
    boolean profile;

    @Option(names = "--capacity", description = "After the runs, search its highest /phash rate with p99 "
            + "under 15 ms, then overload it at 1.2x: the pass of `fairbench capacity`, into the same results.")
    boolean capacity;

    @Option(names = "--suite", paramLabel = "NAME", defaultValue = "blog",
            description = "The benchmark: a suite file suites/NAME.toml (or a path to one) that declares its apps, "
                    + "routes, loads, CPU placement, passes and report: blog (seed 000, the default), hello (seed 002: "
                    + "hello-world under loopback, server-bound and pipelined loads), phash (seed 001: capacity under "
                    + "a p99 SLO, one fixed rate, overload). --apps, --routes, --rounds, --connections, --loadgen-threads "
                    + "and the CPU options given here win over the suite's; with --registry the suite's app list is not "
                    + "used (it names apps.toml's apps). In the phash suite --duration and --warmup are the fixed-rate and "
                    + "overload runs', --cost-rate phash=N sets the fixed rate, and each capacity step is 10 s (3 s "
                    + "with --quick).")
    String suite;

    @Option(names = "--friction", description = "After the trials, measure what each app of the run costs to build and "
            + "ship (the measurement of `fairbench friction`: clean and incremental build, artifact, cold start, lines, "
            + "dependencies) into the same directory, and add it to the report. A variant shares its base's build: it "
            + "is measured only when its base is not in the run.")
    boolean friction;

    @Option(names = "--hostile", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also run the hostile suite (slow, huge and odd requests, docs/workload.md 5.1) once per app, "
                    + "about 3 s, and report it as robustness; a failure is a finding, the app is still measured "
                    + "(default: on; --no-hostile skips it).")
    boolean hostile;

    @Option(names = "--start-per-route", description = "In every round, start each app once per route (start, gate on "
            + "the route, warm-up, measure, stop) in the timed and the cost runs, as JMH forks a JVM per benchmark: "
            + "the code a JIT compiled under one route's load cannot shape the next route's figures. Costs one app "
            + "start per route and round (default: one start per app and round measures every route; "
            + "docs/benchmarks.md §2, 'A start of its own per route', has what it changed on Vert.x).")
    boolean startPerRoute;

    @Override
    public Integer call() throws Exception {
        Path root = repoRoot();
        SuiteRun declared;
        try {
            declared = SuiteFile.load(SuiteFile.locate(suite, root));
        } catch (SuiteException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        var parsed = spec.commandLine().getParseResult();
        if (hosts.hostsFile != null && (profile || capacity)) {
            // The profiling and capacity passes drive their loads and read their costs on this machine only.
            throw new ParameterException(spec.commandLine(), "--hosts does not combine with --profile or --capacity: "
                    + "their passes load and read the app on this machine only");
        }
        SuitePlan plan;
        try {
            TimedRuns.Settings smoke = TimedRuns.Settings.smoke();
            boolean ownRounds = parsed.hasMatchedOption("--rounds");
            TimedRuns.Settings settings = new TimedRuns.Settings(
                    quick && !parsed.hasMatchedOption("--warmup") ? smoke.warmup() : warmup,
                    quick && !parsed.hasMatchedOption("--duration") ? smoke.duration() : duration,
                    ownRounds ? rounds : quick ? smoke.rounds() : declared.rounds(), quick,
                    quick && !parsed.hasMatchedOption("--jit-settle") ? smoke.jitSettleMax() : jitSettle);
            plan = new SuitePlan(declared, settings, costRates, noCost, profile, capacity);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        boolean ownRegistry = parsed.hasMatchedOption("--registry");
        List<String> appNames = !apps.apps().isEmpty() || ownRegistry ? apps.apps() : declared.apps();
        TrialOptions base = options("", b -> hosts.apply(b.apps(appNames)
                .routes(parsed.hasMatchedOption("--routes") ? routes.routes() : plan.routes())
                .detailSlugs(quick ? TimedRuns.Settings.QUICK_DETAIL_SLUGS : 0).hostile(hostile)
                .startPerRoute(startPerRoute)));
        refuseToReplace(base.outputDir());
        SuiteRun run = plan.recorded(appNames, base);
        List<TrialOptions> trials = new java.util.ArrayList<>();
        for (SuiteRun.Load load : run.loads()) {
            try {
                trials.add(SuitePlan.options(load, base, parsed::hasMatchedOption));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), suite + ": load '" + load.name() + "': " + e.getMessage());
            }
        }
        return locked(base, () -> {
            SuiteStore.write(base.outputDir(), run);
            int status = Fairbench.OK;
            for (int i = 0; i < trials.size(); i++) {
                SuiteRun.Load load = run.loads().get(i);
                if (trials.size() > 1) System.out.println("suite " + run.name() + ", load " + load.name() + ": " + load.title());
                status = Math.max(status, trialLocked(trials.get(i), plan.passes()));
            }
            if (friction) {
                FrictionRun.measure(FrictionOptions.from(base), frictionApps(base), System.out);
            }
            if (trials.size() > 1) {
                for (String lang : base.languages()) {
                    for (Path f : ReportWriter.writeSuite(base.outputDir(), lang)) System.out.println("report: " + f);
                }
            }
            return status;
        });
    }

    /** The apps whose friction {@code --friction} measures: those of the run, less variants whose base is among them. */
    private static List<String> frictionApps(TrialOptions base) {
        List<AppEntry> entries = AppRegistry.load(base.registryFile(), base.repoRoot()).select(base.apps());
        java.util.Set<String> names = new java.util.HashSet<>(entries.stream().map(AppEntry::name).toList());
        return entries.stream().filter(e -> !e.isVariant() || !names.contains(e.variantOf())).map(AppEntry::name).toList();
    }

    /** The repository root; a command run outside it is a failure with one line. */
    static Path repoRoot() {
        try {
            return FairbenchHome.root();
        } catch (ServiceException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
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
