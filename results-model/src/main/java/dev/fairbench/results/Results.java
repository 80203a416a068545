package dev.fairbench.results;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The whole of {@code results.json}: everything measured in one benchmark session, from which every report is
 * generated. The file format is defined by {@code dev/fairbench/results/results.schema.json} (JSON Schema 2020-12)
 * and read and written by {@link dev.fairbench.results.ResultsStore}: property names are snake_case, optional
 * values are left out rather than written as {@code null}, timestamps are ISO-8601 UTC strings.
 *
 * <p>Records of this package are immutable and thread-safe; lists and maps are copied on construction and
 * {@code null} lists or maps become empty ones.
 *
 * @param schemaVersion     format version of this file, {@link #SCHEMA_VERSION} when written by this code
 * @param fairbenchVersion  version of fairbench that measured, e.g. {@code 0.1.0-SNAPSHOT}
 * @param contractVersion   version of docs/workload.md the apps were checked against
 * @param startedAt         when the session started
 * @param finishedAt        when the session ended, or {@code null} while it runs or when it was interrupted
 * @param setup             the rules and the machine, the same for every app
 * @param apps              every app of the session in the order they ran, measured, failed or skipped
 * @param hostSpeed         how steady the host-speed canary was over every measured window
 *                          ({@link HostSpeed#of}), or {@code null} when no window had one
 */
public record Results(int schemaVersion, String fairbenchVersion, int contractVersion, Instant startedAt,
                      Instant finishedAt, Setup setup, List<AppResult> apps, HostSpeed hostSpeed) {

    /** The format version this code writes and the only one it reads. */
    public static final int SCHEMA_VERSION = 1;

    public Results {
        apps = Lists.copy(apps);
    }

    /** Results without a host-speed summary (files written before it existed, tests). */
    public Results(int schemaVersion, String fairbenchVersion, int contractVersion, Instant startedAt,
                   Instant finishedAt, Setup setup, List<AppResult> apps) {
        this(schemaVersion, fairbenchVersion, contractVersion, startedAt, finishedAt, setup, apps, null);
    }

    /** A copy whose host-speed summary is recomputed from its windows' canaries. */
    public Results withHostSpeed() {
        return new Results(schemaVersion, fairbenchVersion, contractVersion, startedAt, finishedAt, setup, apps,
                HostSpeed.of(this));
    }

    /** The app with this name, if present. */
    public Optional<AppResult> app(String name) {
        return apps.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** A copy with the app of the same name replaced, or appended when absent (the runner's update step). */
    public Results withApp(AppResult app) {
        return new Results(schemaVersion, fairbenchVersion, contractVersion, startedAt, finishedAt, setup,
                Lists.replacedOrAppended(apps, app, AppResult::name), hostSpeed);
    }

    /**
     * A copy in which every route of every app is replaced by {@code mapping} of it, apps and routes in the same
     * order. An app whose routes the mapping leaves equal is kept as it was, and so is the host-speed summary.
     * {@code mapping} must keep each route's name.
     */
    public Results withRoutesMapped(UnaryOperator<RouteResult> mapping) {
        Results next = this;
        for (AppResult app : apps) {
            List<RouteResult> routes = app.routes().stream().map(mapping).toList();
            if (routes.equals(app.routes())) continue;
            AppResult nextApp = app;
            for (RouteResult route : routes) nextApp = nextApp.withRoute(route);
            next = next.withApp(nextApp);
        }
        return next;
    }

    /** A copy marked as finished at this instant. */
    public Results finishedAt(Instant at) {
        return new Results(schemaVersion, fairbenchVersion, contractVersion, startedAt, at, setup, apps, hostSpeed);
    }
}
