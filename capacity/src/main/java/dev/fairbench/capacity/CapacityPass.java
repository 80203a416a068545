package dev.fairbench.capacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.runner.Pass;
import dev.fairbench.runner.RunningApp;
import dev.fairbench.runner.TrialContext;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.HashSet;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The capacity pass of {@code fairbench capacity APP/ROUTE} and {@code run --capacity}: a {@link CapacityProbe} on
 * one route of each app that serves it. Replaces the route's entry in the app's {@code capacity} list of
 * {@code results.json} and writes {@code capacity/<app>-<route>.json} with the overload step spelled out. Not
 * thread-safe; one app at a time.
 */
public final class CapacityPass implements Pass {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    private final Route route;
    private final CapacityProbe.Settings settings;

    public CapacityPass(Route route, CapacityProbe.Settings settings) {
        this.route = route;
        this.settings = settings;
    }

    /** {@code run --capacity}: /phash, p99 under 15 ms, as in the pHash write-up. */
    public static CapacityPass afterRun() {
        return new CapacityPass(Route.PHASH, CapacityProbe.Settings.defaults(15));
    }

    @Override
    public String name() {
        return "capacity";
    }

    @Override
    public Timing timing() {
        return new Timing(settings.warmup(), settings.step(), 1);
    }

    @Override
    public Map<String, Object> rules() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("route", route.routeName());
        m.put("slo_p99_ms", settings.sloP99Millis());
        m.put("step_s", settings.step().toMillis() / 1000.0);
        m.put("step_warmup_s", settings.stepWarmup().toMillis() / 1000.0);
        m.put("warmup_s", settings.warmup().toMillis() / 1000.0);
        m.put("max_steps", settings.maxSteps());
        return m;
    }

    @Override
    public Duration plannedLoad(AppEntry app, TrialOptions options) {
        return settings.warmup().plus(settings.step().plus(settings.stepWarmup()).multipliedBy(settings.maxSteps() + 1L));
    }

    @Override
    public String skipReason(AppEntry app) {
        return app.serves(route) ? null : "does not serve " + route.routeName() + ": skipped";
    }

    @Override
    public void run(RunningApp app, TrialContext ctx) throws IOException, InterruptedException, LoadException {
        String r = route.routeName();
        ctx.session().redis().clearPageCache();
        ctx.line("[" + app.name() + "] " + r + " capacity, p99 under " + settings.sloP99Millis() + " ms (pid "
                + app.pid() + ", CPUs " + ctx.options().placement().appCpus() + ")");
        ctx.activity(app.name() + " " + r + " capacity search");
        LoadSpec spec = ctx.targets().spec(route, app.port(), ctx.options().connections(),
                ctx.options().loadgenThreads(), settings.step());
        var services = ctx.session().services();
        Set<Long> roots = new HashSet<>();
        roots.add(app.pid());
        services.postgresPid().ifPresent(roots::add);
        services.redisPid().ifPresent(roots::add);
        var guard = new CapacityProbe.Guard(() -> roots, ctx.options().guard().maxForeignCores(),
                ctx.options().guard().retries());
        CapacityProbe.Outcome outcome = new CapacityProbe(settings, ctx.out(), guard).measure(r, spec,
                OptionalLong.of(app.pid()));
        ctx.line("[" + app.name() + "] " + describe(outcome));
        writeRaw(ctx.options().outputDir(), app.name(), ctx.options().connections(), outcome);
        ctx.recordApp(app.name(), a -> a.withCapacity(outcome.result()));
    }

    /** One line: the capacity and the overload step. */
    public static String describe(CapacityProbe.Outcome outcome) {
        var best = outcome.best();
        if (best == null) return "no rate met the SLO";
        String s = String.format(Locale.ROOT, "capacity %,.0f req/s: p99 %.2f ms, p99.9 %.2f ms, RSS %s, %s req/CPU-s",
                best.targetRatePerSecond(), best.latency().p99Ms(), best.latency().p999Ms(), mib(best.appRssPeakBytes()),
                best.requestsPerCpuSecond() == null ? "-" : String.format(Locale.ROOT, "%,.0f", best.requestsPerCpuSecond()));
        var ov = outcome.overload();
        if (ov == null) return s;
        return s + String.format(Locale.ROOT, "; overload at %,.0f req/s: %,.0f completed/s, p99 %.2f ms, %d timeouts, "
                        + "%d other errors, RSS %s", ov.offeredRate(), ov.completedPerSecond(), ov.step().latency().p99Ms(),
                ov.timeouts(), ov.otherErrors(), mib(ov.step().appRssPeakBytes()));
    }

    private static String mib(Long bytes) {
        return bytes == null ? "-" : String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    private void writeRaw(Path dir, String app, int connections, CapacityProbe.Outcome outcome) throws IOException {
        Path file = dir.resolve("capacity").resolve(app + "-" + outcome.result().route() + ".json");
        Files.createDirectories(file.getParent());
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("app", app);
        raw.put("route", outcome.result().route());
        raw.put("slo_p99_ms", outcome.result().sloP99Ms());
        raw.put("step_seconds", outcome.result().stepSeconds());
        raw.put("step_warmup_seconds", settings.stepWarmup().toMillis() / 1000.0);
        raw.put("connections", connections);
        raw.put("timeout_seconds", CapacityProbe.TIMEOUT.toMillis() / 1000.0);
        raw.put("best", outcome.best());
        raw.put("best_requests_per_cpu_second", outcome.best() == null ? null : outcome.best().requestsPerCpuSecond());
        raw.put("overload", outcome.overload());
        raw.put("steps", outcome.result().steps());
        JSON.writeValue(file.toFile(), raw);
    }
}
