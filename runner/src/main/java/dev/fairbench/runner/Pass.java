package dev.fairbench.runner;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One kind of measurement that the {@link TrialLoop} runs against a started app that passed the conformance gate:
 * the timed runs, the profiling pass, the capacity search. The loop owns the app's process (build, start, gate,
 * stop, PostgreSQL back to its baseline), the CPU placement, the services, the results file and Ctrl-C; a pass
 * only measures and records, through its {@link TrialContext}. Hooks are called on the loop's thread, in this
 * order: {@link #beforeTrial} (every pass, before any app starts), then per pass, per round and per app
 * {@link #skipReason}, then per start (one, or one per route: {@link #measuresRouteByRoute}) {@link #beforeStart},
 * {@link #run}, {@link #afterStop}; after its last round, per app, {@link #lateRetries} and for each round it
 * names one more start ({@link #beforeStart}, {@link #run}, {@link #afterStop}); and at the end
 * {@link #afterTrial}; {@link #abort} comes from the shutdown hook's thread. A pass that comes later sees what
 * the earlier ones recorded (e.g. the cost runs take their rate from the timed runs).
 */
public interface Pass {
    /**
     * Where the app under test finds PostgreSQL and Redis.
     *
     * @param postgresUrl {@code DATABASE_URL}
     * @param redisUrl    {@code REDIS_URL}
     */
    record Endpoints(String postgresUrl, String redisUrl) {}

    /**
     * How the pass loads each route, as recorded in the results' setup when the pass is the first of a trial.
     *
     * @param warmup   load before the measured load of a route, not recorded
     * @param duration length of one measured window
     * @param runs     measured windows per route
     */
    record Timing(Duration warmup, Duration duration, int runs) {}

    /**
     * How many rounds the pass makes: in each round every app is started fresh, in an order rotated by one from
     * the round before, and {@link #run} is called once. Passes run one after the other over all apps.
     */
    default int rounds() {
        return 1;
    }

    /**
     * Whether the pass measures route by route, so that with {@link TrialOptions#startPerRoute()} the loop gives
     * each route a start of its own ({@link RunningApp#routes()} then holds that one route). A pass that does not
     * (the profile, the capacity search) gets one start per app and round with every route.
     */
    default boolean measuresRouteByRoute() {
        return false;
    }

    /** Short name for messages and results keys: {@code run}, {@code profile}, {@code capacity}. */
    String name();

    /** The pass's load per route, for the results' setup. */
    Timing timing();

    /** Its settings for {@code environment.json}'s rules (units in the keys). */
    default Map<String, Object> rules() {
        return Map.of();
    }

    /** Whether a trial that starts with this pass replaces the output directory's results instead of adding to them. */
    default boolean startsNewResults() {
        return false;
    }

    /** Load time this pass plans for {@code app} in one round, for the progress estimate. */
    default Duration plannedLoad(AppEntry app, TrialOptions options) {
        return Duration.ZERO;
    }

    default void beforeTrial(TrialContext ctx) throws IOException {}

    /** Why this pass does not apply to {@code app} (it is then not started for it), or null. */
    default String skipReason(AppEntry app) {
        return null;
    }

    /** Before the app starts: the addresses it gets (e.g. counting proxies in front of {@code services}). */
    default Endpoints beforeStart(AppEntry app, Endpoints services, TrialContext ctx) throws IOException {
        return services;
    }

    /**
     * Measures the started app and records what it measured.
     *
     * @throws TrialFailure  with one line when the app cannot be measured (what was measured stays recorded)
     * @throws LoadException when the load cannot be applied (the loop records it with what the trial was doing)
     */
    void run(RunningApp app, TrialContext ctx) throws IOException, InterruptedException, LoadException, TrialFailure;

    /**
     * The windows of {@code app} that stayed disturbed after their retries, to be measured once more after the
     * pass's last round, when the loop has started every app again (and a slow stretch of the host has had the
     * time of a whole round to pass): per round, the routes whose window of that round is kept disturbed, in the
     * trial's order. The loop gives each round a fresh start of the app with those routes, as a {@link RunningApp}
     * that is {@link RunningApp#late() late}. None by default; only with {@link TrialOptions.Guard#lateRetry()}.
     */
    default Map<Integer, List<Route>> lateRetries(AppEntry app, TrialContext ctx) {
        return Map.of();
    }

    /** After the app stopped, also after a failure: closes what {@link #beforeStart} opened. */
    default void afterStop(AppEntry app, TrialContext ctx) {}

    /** After every app: e.g. a summary on the console. */
    default void afterTrial(TrialContext ctx) {}

    /** Ctrl-C: stops what the pass runs besides the app (a tracer, a profiler); called from another thread. */
    default void abort() {}
}
