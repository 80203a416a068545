package dev.fairbench.runner;

import dev.fairbench.results.Host;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsException;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Setup;
import dev.fairbench.runner.placed.SessionHosts;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.proc.MachineLoad;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.AppEnvironment;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.nio.file.Files;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How a trial opens its results: added to the output directory's, or new ones with their provenance. Stateless. */
final class ResultsOpening {
    private ResultsOpening() {}

    /**
     * The recorder of a trial's results, and the suffix of the keys under which it records the machine's load
     * ({@code load_average_before<suffix>}, {@code load_average_after<suffix>}): empty for new results.
     */
    record Opened(ResultsRecorder recorder, String loadKeySuffix) {}

    /**
     * The one place the results' metadata is recorded: the output directory's results are added to, unless the
     * first pass starts new ones or there are none; new ones record the version from the build, the contract
     * version, the commit and whether (and by what digest) the tree was dirty, the machine and how busy it was, the
     * tools and the rules (also in {@code environment.json}). Added results get the machine's load under keys
     * suffixed with {@code .<first pass>}. {@code hosts}: the placement's hosts, or null when every role is on this
     * machine; {@code machineBefore}: how busy the machine was before the services started.
     */
    static Opened open(TrialOptions o, List<Pass> passes, SessionHosts hosts, MachineLoad.Sample machineBefore,
                       ProgressPrinter progress, Session s, List<AppEntry> entries) throws IOException {
        Pass first = passes.getFirst();
        if (!first.startsNewResults() && Files.exists(ResultsStore.file(o.outputDir()))) {
            try {
                ResultsRecorder added = new ResultsRecorder(o.outputDir(),
                        ResultsStore.read(o.outputDir()).finishedAt(null));
                String loadKeySuffix = "." + first.name();
                added.environment(Map.of("load_average_before" + loadKeySuffix, machineBefore.loadAverage(),
                        "idle_share_before" + loadKeySuffix, machineBefore.idle()));
                return new Opened(added, loadKeySuffix);
            } catch (ResultsException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        Host host = EnvironmentCapture.host(o.cores());
        Map<String, String> versions = new TreeMap<>(EnvironmentCapture.toolVersions());
        versions.putAll(EnvironmentCapture.appJdks(entries));
        try {
            versions.put("postgresql", s.postgres().version());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot ask PostgreSQL its version: " + e.getMessage(), e);
        }
        versions.put("redis", s.redis().version());
        Map<String, String> environment = new TreeMap<>(EnvironmentCapture.machine());
        environment.put("command", o.commandLine());
        environment.put("passes", String.join(", ", passes.stream().map(Pass::name).toList()));
        environment.put("detail_slugs", o.detailSlugs() == 0 ? "all" : Integer.toString(o.detailSlugs()));
        SessionHosts h = hosts;
        if (h == null || h.loadIsLocal()) {
            environment.put("load_generator", "fairbench loadgen, in the runner's JVM");
        } else {
            environment.put("load_generator", "fairbench loadgen on " + h.load().size() + " load host(s): "
                    + String.join(", ", h.load().stream().map(l -> l.role().host()).toList())
                    + ", started at one instant, merged exactly");
        }
        if (h != null && !h.app().isLocal()) {
            environment.put("not_measured_remotely", "the app runs on " + h.app().role().host() + ": its CPU, "
                    + "context switches and memory are read from that host's /proc at the window's two ends "
                    + "(switches of its threads between them, a thread that ended inside the window missed; memory "
                    + "at the end, not at peak CPU of six samples), and the interference guard watches that host "
                    + "too; its GC and JIT CPU are not read there (null: they need jstat and thread names), and the "
                    + "host-speed canary runs on this machine only");
        }
        environment.put("pipeline", Integer.toString(o.pipeline()));
        if (o.placement().sharedCpus() && o.hosts().isAllLocal()) environment.put("shared_cpus", "the app shares its CPUs with the load generator");
        first.rules().forEach((k, v) -> environment.put(k, String.valueOf(v)));
        if (o.startPerRoute() && first.measuresRouteByRoute()) {
            environment.put("start_per_route", "each route measured in an app start of its own, in every round");
        }
        environment.put("load_average_before", machineBefore.loadAverage());
        environment.put("idle_share_before", machineBefore.idle());
        String commit = EnvironmentCapture.gitCommit(o.repoRoot());
        boolean dirty = Provenance.dirty(o.repoRoot(), o.resultsRoot());
        String diff = dirty ? Provenance.diffSha256(o.repoRoot(), o.resultsRoot()) : null;
        if (dirty) progress.line(Provenance.dirtyWarning(commit, diff));
        EnvironmentCapture.writeEnvironmentJson(o.outputDir(), host, versions, environment, commit, dirty, diff,
                rules(o, passes), entries, o.repoRoot());
        CpuPlacement p = o.placement();
        Pass.Timing t = first.timing();
        Setup setup = new Setup(commit, dirty, diff, host, new Pinning(false, p.appCpus(), p.servicesCpus(),
                p.servicesCpus(), p.loadgenCpus()), p.appCpuCount(), AppEnvironment.DEFAULT_POOL_MAX,
                AppEnvironment.DEFAULT_POOL_MIN, o.connections(), o.loadgenThreads(), t.warmup().toMillis() / 1000.0,
                t.duration().toMillis() / 1000.0, t.runs(), o.routes().stream().map(Route::routeName).toList(),
                versions, environment);
        if (h != null) setup = setup.withPlacement(h.recorded());
        return new Opened(new ResultsRecorder(o.outputDir(), new Results(Results.SCHEMA_VERSION,
                EnvironmentCapture.fairbenchVersion(), EnvironmentCapture.CONTRACT_VERSION, Instant.now(), null,
                setup, List.of())), "");
    }

    private static Map<String, Object> rules(TrialOptions o, List<Pass> passes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("connections", o.connections());
        m.put("loadgen_threads", o.loadgenThreads());
        m.put("pipeline", o.pipeline());
        m.put("shared_cpus", o.placement().sharedCpus() && o.hosts().isAllLocal());
        m.put("detail_slugs", o.detailSlugs());
        m.put("pool_max", AppEnvironment.DEFAULT_POOL_MAX);
        m.put("pool_min", AppEnvironment.DEFAULT_POOL_MIN);
        m.put("app_cpus", o.placement().appCpus());
        m.put("services_cpus", o.placement().servicesCpus());
        m.put("loadgen_cpus", o.placement().loadgenCpus());
        m.put("workers", o.placement().appCpuCount());
        m.put("routes", o.routes().stream().map(Route::routeName).toList());
        m.put("pg_baseline_timeout_s", TrialLoop.PG_BASELINE_TIMEOUT.toSeconds());
        m.put("ready_timeout_s", AppLauncher.READY_TIMEOUT.toSeconds());
        m.put("start_per_route", o.startPerRoute());
        for (Pass p : passes) m.put(p.name(), p.rules());
        return m;
    }
}
