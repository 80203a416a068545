package dev.fairbench.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.fairbench.results.Profile;
import dev.fairbench.runner.Pass;
import dev.fairbench.runner.RunningApp;
import dev.fairbench.runner.TrialContext;
import dev.fairbench.runner.TrialFailure;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.data.DatabaseUrl;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The profiling pass of {@code fairbench profile} and {@code run --profile}: the app is started behind a
 * PostgreSQL and a Redis {@link CountingProxy} (so the gate runs through them), then {@link AppProfiler} measures
 * every route it serves. Adds a {@code profile} section to the app in {@code results.json} (the reports'
 * "Findings" come from it) and writes {@code profiles/<app>/profile.json} with every raw count, the notes and the
 * flame graphs {@code profiles/<app>/<route>.html}. Not thread-safe; one app at a time.
 */
public final class ProfilePass implements Pass {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    private final AppProfiler.Windows windows;
    private CountingProxy postgresProxy;
    private CountingProxy redisProxy;

    public ProfilePass(AppProfiler.Windows windows) {
        this.windows = windows;
    }

    @Override
    public String name() {
        return "profile";
    }

    @Override
    public Timing timing() {
        return new Timing(windows.warmup(), windows.window(), 1);
    }

    @Override
    public Map<String, Object> rules() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("warmup_seconds", windows.warmup().toMillis() / 1000.0);
        m.put("sequential_window_seconds", windows.sequentialWindow().toMillis() / 1000.0);
        m.put("window_seconds", windows.window().toMillis() / 1000.0);
        m.put("strace_window_seconds", windows.straceWindow().toMillis() / 1000.0);
        m.put("cpu_profile_window_seconds", windows.cpuProfileWindow().toMillis() / 1000.0);
        return m;
    }

    @Override
    public Duration plannedLoad(AppEntry app, TrialOptions options) {
        return windows.loadPerRoute().multipliedBy(options.routes().stream().filter(app::serves).count());
    }

    /** Opens the counting proxies; the app gets their addresses. */
    @Override
    public Endpoints beforeStart(AppEntry app, Endpoints services, TrialContext ctx) throws IOException {
        DatabaseUrl db = DatabaseUrl.parse(services.postgresUrl());
        URI redisUri = URI.create(services.redisUrl());
        postgresProxy = CountingProxy.postgres(db.host(), db.port());
        redisProxy = CountingProxy.redis(redisUri.getHost(), redisUri.getPort());
        // withAddress keeps the password and the query (an external server's options=-c search_path=fairbench)
        String pgUrl = dev.fairbench.services.ServiceUrls.withAddress(services.postgresUrl(), "127.0.0.1",
                postgresProxy.port());
        String redisUrl = dev.fairbench.services.ServiceUrls.withAddress(services.redisUrl(), "127.0.0.1", redisProxy.port());
        return new Endpoints(pgUrl, redisUrl);
    }

    @Override
    public void run(RunningApp app, TrialContext ctx) throws IOException, InterruptedException, TrialFailure {
        ctx.activity(app.name() + " profile");
        AppProfiler.AppProfile p = new AppProfiler(ctx, windows).profile(app, postgresProxy, redisProxy);
        writeRaw(ctx, p);
        if (!p.routes().isEmpty()) {
            Profile profile = new Profile(windows.window().toMillis() / 1000.0, p.tools(),
                    p.routes().stream().map(RouteProfile::toModel).toList());
            ctx.recordApp(app.name(), a -> a.withProfile(profile));
        }
        if (p.failed() != null) throw new TrialFailure(p.failed());
    }

    @Override
    public void afterStop(AppEntry app, TrialContext ctx) {
        closeProxies();
    }

    @Override
    public void abort() {
        closeProxies();
    }

    private synchronized void closeProxies() {
        if (postgresProxy != null) postgresProxy.close();
        if (redisProxy != null) redisProxy.close();
        postgresProxy = null;
        redisProxy = null;
    }

    /** {@code profiles/<app>/profile.json}: every raw count, the notes and the flame graph paths. */
    private void writeRaw(TrialContext ctx, AppProfiler.AppProfile p) throws IOException {
        Path file = ctx.options().outputDir().resolve("profiles").resolve(p.app()).resolve("profile.json");
        Files.createDirectories(file.getParent());
        var o = ctx.options();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("connections", o.connections());
        settings.put("loadgen_threads", o.loadgenThreads());
        settings.putAll(rules());
        settings.put("cpus", Map.of("app", o.placement().appCpus(), "services", o.placement().servicesCpus(),
                "loadgen", o.placement().loadgenCpus()));
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("app", p.app());
        raw.put("failed", p.failed());
        raw.put("tools", p.tools());
        raw.put("notes", p.notes());
        raw.put("settings", settings);
        raw.put("routes", p.routes());
        JSON.writeValue(file.toFile(), raw);
    }
}
