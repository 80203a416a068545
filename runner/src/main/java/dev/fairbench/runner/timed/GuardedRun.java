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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A measured window under the interference guard and the host-speed canary: the canary is timed just before and
 * just after it (outside the window, whose CPU readings it must not touch), and when foreign CPU or the hypervisor's
 * steal over its threshold disturbed the window, or the canary found the host slowed around it, it is kept among the
 * route's discarded runs and measured again, up to {@link TrialOptions.Guard#retries()} times; the last measurement
 * is returned whether or not it is still disturbed (the report then shows it as disturbed). Before measuring a
 * window again that the host slowed while no foreign process used the CPUs, it waits up to
 * {@link TrialOptions.Guard#maxHostWait()} for the canary to be back to the host's usual speed
 * ({@link HostSpeedWatch#awaitSpeed}): a slow stretch of the host can last minutes, and a retry inside it measures
 * the same stretch again. A window that only the hypervisor's steal disturbed is measured again at once: in
 * docs/results/2026-12-02-repeat-3 steal went from 0.6 to 0.03 cores and back between consecutive windows. Each
 * attempt writes its own interval log: {@code hlog/APP/ROUTE/STEM.hlog}, then {@code STEM.retry-K.hlog}. One app at
 * a time; not thread-safe.
 */
final class GuardedRun {
    private final TrialContext ctx;
    private final RunMeasurement.Parties parties;
    private final RunMeasurement.Watch watch;
    private final int retries;
    private final Duration maxHostWait;

    GuardedRun(TrialContext ctx, RunMeasurement.Parties parties) {
        this.ctx = ctx;
        this.parties = parties;
        TrialOptions.Guard guard = ctx.options().guard();
        this.watch = new RunMeasurement.Watch(ctx.options().placement(), guard.maxForeignCores(),
                guard.maxStealCores(), ctx.load(), ctx.acrossHosts(), ctx.ownNamespaces());
        this.retries = guard.retries();
        this.maxHostWait = guard.maxHostWait();
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
            if (canary.isPresent()) awaitHost(canary.get(), result, "[" + app + "] " + route + " " + stem);
        }
    }

    /**
     * When only the host slowed {@code r} (no foreign process over the limit, which would explain the canary too),
     * waits for the host to be back to its speed before the retry, and says how that ended.
     */
    private void awaitHost(HostSpeedWatch canary, RunResult r, String what) throws IOException, InterruptedException {
        boolean foreign = r.interference() != null && r.interference().disturbed();
        if (!r.slowed() || foreign || maxHostWait.isZero()) return;
        HostSpeedWatch.Wait w = canary.awaitSpeed(maxHostWait);
        ctx.line(what + (w.atSpeed()
                ? String.format(Locale.ROOT, ": host back to its speed after %d s", w.waited().toSeconds())
                : String.format(Locale.ROOT, ": host still slowed after %d s, measuring again anyway",
                w.waited().toSeconds())));
    }

    /** One line: why {@code r} is disturbed: foreign CPU, the hypervisor's steal, a slowed host, or several. */
    static String describe(RunResult r) {
        List<String> why = new ArrayList<>();
        if (r.interference() != null && r.interference().disturbed()) why.add(describe(r.interference()));
        if (r.stolen()) {
            why.add(String.format(Locale.ROOT, "hypervisor steal %.3f cores (limit %.3f)", r.interference().stealCores(),
                    r.interference().maxStealCores()));
        }
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
