package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.ProgressListener;
import dev.fairbench.results.Interference;
import dev.fairbench.results.RunResult;
import dev.fairbench.runner.TrialContext;
import dev.fairbench.runner.TrialOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A measured window under the interference guard: measured once, and when foreign CPU disturbed it, kept among
 * the route's discarded runs and measured again, up to {@link TrialOptions.Guard#retries()} times; the last
 * measurement is returned whether or not it is still disturbed (the report then shows it as disturbed). Each
 * attempt writes its own interval log: {@code hlog/APP/ROUTE/STEM.hlog}, then {@code STEM.retry-K.hlog}. One
 * app at a time; not thread-safe.
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
        this.watch = new RunMeasurement.Watch(ctx.options().placement(), guard.maxForeignCores());
        this.retries = guard.retries();
    }

    /**
     * Measures {@code spec} (its duration, no warm-up) as run number {@code run}.
     *
     * @param stem      file name of the interval log without extension, e.g. {@code round-2}
     * @param sampleRss take the memory samples (in the first attempt only)
     */
    RunResult measure(int run, String app, String route, LoadSpec spec, String stem, boolean sampleRss,
                      ProgressListener listener) throws LoadException, IOException {
        for (int attempt = 0; ; attempt++) {
            String hlog = "hlog/" + app + "/" + route + "/" + stem + (attempt == 0 ? "" : ".retry-" + attempt) + ".hlog";
            Files.createDirectories(ctx.options().outputDir().resolve(hlog).getParent());
            RunResult result = RunMeasurement.measure(run, spec.withHlog(ctx.options().outputDir().resolve(hlog)), parties,
                    watch, sampleRss, hlog, listener);
            ctx.loadDone(spec.duration());
            if (!result.disturbed()) return result;
            String why = describe(result.interference());
            if (attempt >= retries) {
                ctx.line("[" + app + "] " + route + " " + stem + " stays disturbed after " + retries + " retries: " + why);
                return result;
            }
            ctx.recordDiscarded(app, route, result);
            ctx.line("[" + app + "] " + route + " " + stem + " disturbed, measuring again: " + why);
        }
    }

    /** One line: how much foreign CPU, against what threshold, and by whom. */
    static String describe(Interference i) {
        String who = i.top().stream().map(p -> String.format(Locale.ROOT, "pid %d %s %.2f s", p.pid(), p.command(),
                p.cpuSeconds())).collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "foreign CPU %.2f cores (limit %.2f)%s", i.foreignCores(),
                i.maxForeignCores(), who.isEmpty() ? "" : " by " + who);
    }
}
