package dev.fairbench.cli;

import dev.fairbench.capacity.CapacityPass;
import dev.fairbench.capacity.CapacityProbe;
import dev.fairbench.profile.AppProfiler;
import dev.fairbench.profile.ProfilePass;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.runner.Pass;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.timed.CostRuns;
import dev.fairbench.runner.timed.TimedRuns;
import dev.fairbench.workload.Route;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What {@code fairbench run} does for a suite ({@link SuiteRun}, from {@code suites/NAME.toml}): the passes its
 * names stand for, with the run's settings, and for each of its loads the trial options (connections, pipeline,
 * CPUs, results directory), where an option given on the command line wins over the suite. Immutable.
 */
final class SuitePlan {
    /** Capacity steps of {@code --quick}: short steps, few of them, still a bisection. */
    static final CapacityProbe.Settings QUICK_CAPACITY = new CapacityProbe.Settings(15, Duration.ofSeconds(3),
            Duration.ofSeconds(3), Duration.ofSeconds(1), 0.1, 8, 0);

    private final SuiteRun suite;
    private final List<Pass> passes;

    /**
     * @param suite     the suite as declared
     * @param timed     the timed runs' settings (rounds already resolved between the command line and the suite)
     * @param costRates {@code --cost-rate}, also the rates of the fixed-rate pass
     * @param noCost    {@code --no-cost}: the cost pass is left out
     * @param profile   {@code --profile}: a profiling pass after the suite's passes (unless the suite has one)
     * @param capacity  {@code --capacity}: a /phash capacity pass after them (unless the suite has one)
     * @throws IllegalArgumentException with one line for a setting out of range
     */
    SuitePlan(SuiteRun suite, TimedRuns.Settings timed, Map<String, Double> costRates, boolean noCost, boolean profile,
              boolean capacity) {
        this.suite = suite;
        List<Pass> list = new ArrayList<>();
        Duration warmup = timed.warmup();
        Duration duration = timed.duration();
        for (String name : suite.passes()) {
            switch (name) {
                case "timed" -> list.add(new TimedRuns(timed));
                case "cost" -> {
                    if (!noCost) list.add(new CostRuns(new CostRuns.Settings(warmup, duration, costRates,
                            timed.jitSettleMax(), timed.rounds())));
                }
                case "capacity" -> {
                    CapacityProbe.Settings d = timed.quick() ? QUICK_CAPACITY : CapacityProbe.Settings.defaults(suite.sloP99Ms());
                    CapacityProbe.Settings s = new CapacityProbe.Settings(suite.sloP99Ms(), d.step(), d.warmup(),
                            d.stepWarmup(), d.toleranceFraction(), d.maxSteps(), d.startRate());
                    for (String route : suite.routes()) list.add(new CapacityPass(Route.byName(route), s));
                }
                case "fixed-rate" -> list.add(new CostRuns(new CostRuns.Settings(warmup, duration, costRates,
                        timed.jitSettleMax(), CostRuns.Kind.FIXED_RATE, suite.fixedRateShare())));
                case "overload" -> list.add(new CostRuns(new CostRuns.Settings(warmup, duration, Map.of(),
                        timed.jitSettleMax(), CostRuns.Kind.OVERLOAD, suite.overloadFactor())));
                case "profile" -> list.add(new ProfilePass(AppProfiler.Windows.defaults()));
                default -> throw new IllegalArgumentException("unknown pass '" + name + "'");
            }
        }
        if (profile && !suite.passes().contains("profile")) list.add(new ProfilePass(AppProfiler.Windows.defaults()));
        if (capacity && !suite.passes().contains("capacity")) list.add(CapacityPass.afterRun());
        if (list.isEmpty()) throw new IllegalArgumentException("--no-cost leaves suite " + suite.name() + " no pass");
        this.passes = List.copyOf(list);
    }

    /** The passes, in the suite's order, then {@code --profile} and {@code --capacity}. */
    List<Pass> passes() {
        return passes;
    }

    /** The suite's routes. */
    List<Route> routes() {
        return Route.parseList(String.join(",", suite.routes()));
    }

    /** The suite as this run measures it, for {@code suite.json}: the apps and routes it takes, the rounds it makes. */
    SuiteRun recorded(List<String> apps, TrialOptions base) {
        int rounds = passes.stream().filter(p -> p instanceof TimedRuns).mapToInt(Pass::rounds).findFirst()
                .orElse(suite.rounds());
        return new SuiteRun(suite.schemaVersion(), suite.name(), suite.title(), suite.seed(), suite.report(), apps,
                base.routes().stream().map(Route::routeName).toList(), suite.passes(), rounds, suite.sloP99Ms(),
                suite.fixedRateShare(), suite.overloadFactor(), suite.loads(), suite.findings());
    }

    /**
     * The trial options of one load: its connections, load generator threads, pipeline and CPUs unless the command
     * line gave them ({@code given} tells which options it matched), and its results directory under the base's.
     *
     * @throws IllegalArgumentException with one line when the placement or the load is not possible here
     */
    static TrialOptions options(SuiteRun.Load load, TrialOptions base, Predicate<String> given) {
        TrialOptions.Builder b = TrialOptions.builder().parent(base)
                .outputDir(base.outputDir().resolve(load.dir()).normalize()).resultsRoot(base.outputDir())
                .pipeline(load.pipeline());
        int connections = given.test("--connections") ? base.connections() : load.connections();
        b.connections(connections);
        // With roles on other hosts the placement file's CPU lists hold, and the load's threads follow its load hosts.
        boolean ownCpus = given.test("--app-cpus") || given.test("--loadgen-cpus") || given.test("--services-cpus")
                || !base.hosts().isAllLocal();
        CpuPlacement placement = ownCpus ? base.placement()
                : CpuPlacement.of(load.appCpus(), null, load.loadgenCpus(), base.cores(), load.sharedCpus());
        b.placement(placement);
        Integer threads = given.test("--loadgen-threads") ? Integer.valueOf(base.loadgenThreads()) : load.loadgenThreads();
        b.loadgenThreads(threads != null ? threads : !base.hosts().isAllLocal() ? Math.min(connections,
                base.hosts().load().stream().mapToInt(l -> l.cpus().orElseThrow().cpus().size()).sum())
                : Math.min(connections, CpuPlacement.parse(placement.loadgenCpus()).size()));
        return b.build();
    }
}
