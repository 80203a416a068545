package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.ProgressListener;
import dev.fairbench.results.Canary;
import dev.fairbench.results.Interference;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.TrialContext;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.canary.HostSpeedWatch;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A measured window under the interference guard and the host-speed canary: the canary is timed just before and
 * just after it (outside the window, whose CPU readings it must not touch), and when foreign CPU disturbed the
 * window or the canary found the host slowed around it, it is kept among the route's discarded runs and measured
 * again, up to {@link TrialOptions.Guard#retries()} times; the last measurement is returned whether or not it is
 * still disturbed (the report then shows it as disturbed). Each attempt writes its own interval log:
 * {@code hlog/APP/ROUTE/STEM.hlog}, then {@code STEM.retry-K.hlog}. One app at a time; not thread-safe.
 */
final class GuardedRun {
    private final TrialContext ctx;
    private final RunMeasurement.Parties parties;
    private final RunMeasurement.Watch watch;
    private final int retries;

    GuardedRun(TrialContext ctx, RunMeasurement.Parties parties) {
        this.ctx = ctx;
        this.parties = parties;
        TrialOptions.Guard guard = ctx.options().guard();
        this.watch = new RunMeasurement.Watch(ctx.options().placement(), guard.maxForeignCores(), ctx.load(),
                ctx.acrossHosts(), ctx.ownNamespaces());
        this.retries = guard.retries();
    }

    /**
     * Measures {@code spec} (its duration, no warm-up) as run number {@code run}.
     *
     * @param stem      file name of the interval log without extension, e.g. {@code round-2}
     * @param sampleRss take the memory samples (in the first attempt only)
     */
    RunResult measure(int run, String app, String route, LoadSpec spec, String stem, boolean sampleRss,
                      ProgressListener listener) throws LoadException, IOException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            String hlog = "hlog/" + app + "/" + route + "/" + stem + (attempt == 0 ? "" : ".retry-" + attempt) + ".hlog";
            Files.createDirectories(ctx.options().outputDir().resolve(hlog).getParent());
            Optional<HostSpeedWatch> canary = ctx.hostSpeed();
            Canary.Times before = canary.isPresent() ? canary.get().time() : null;
            RunResult result = RunMeasurement.measure(run, spec.withHlog(ctx.options().outputDir().resolve(hlog)), parties,
                    watch, sampleRss, hlog, listener);
            if (canary.isPresent()) result = result.withCanary(canary.get().judge(before, canary.get().time()));
            ctx.loadDone(spec.duration());
            if (!result.disturbed()) return result;
            String why = describe(result);
            if (attempt >= retries) {
                ctx.line("[" + app + "] " + route + " " + stem + " stays disturbed after " + retries + " retries: " + why);
                return result;
            }
            ctx.recordDiscarded(app, route, result);
            ctx.line("[" + app + "] " + route + " " + stem + " disturbed, measuring again: " + why);
        }
    }

    /** One line: why {@code r} is disturbed: foreign CPU, a slowed host, or both. */
    static String describe(RunResult r) {
        List<String> why = new ArrayList<>();
        if (r.interference() != null && r.interference().disturbed()) why.add(describe(r.interference()));
        if (r.slowed()) why.add(r.canary().reason());
        return String.join("; ", why);
    }

    /** One line: how much foreign CPU, against what threshold, and by whom. */
    static String describe(Interference i) {
        String who = i.top().stream().map(p -> String.format(Locale.ROOT, "pid %d %s %.2f s", p.pid(), p.command(),
                p.cpuSeconds())).collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "foreign CPU %.2f cores (limit %.2f)%s", i.foreignCores(),
                i.maxForeignCores(), who.isEmpty() ? "" : " by " + who);
    }
}
