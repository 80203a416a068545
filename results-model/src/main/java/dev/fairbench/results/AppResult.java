package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One app under test and everything measured about it.
 *
 * @param name         identifier of the app in the registry, e.g. {@code vertx}, {@code go-nethttp}
 * @param label        name shown in reports, e.g. {@code Vert.x + pg-client}
 * @param language     language of the app, lower case, e.g. {@code java}, {@code go}, {@code rust}: bar colours
 *                     are chosen per language
 * @param status       measured, failed or skipped
 * @param reason       why the app failed or was skipped, one line in English; for a measured app
 *                     only when it is partial (interrupted after earlier rounds), else {@code null}
 * @param versions     the app's own stack versions (framework, driver, runtime), sorted by key
 * @param runtimeFlags runtime flags the app was started with, e.g. JVM options; empty when none
 * @param conformance  outcome of the conformance gate, or {@code null} when it did not run (skipped apps)
 * @param notEqualized settings of this app that differ from the rules, each with the reason
 * @param routes       the routes measured so far, in setup order
 * @param profile      the profiling run, or {@code null} when the app was not profiled
 * @param capacity     fixed-rate capacity searches, one per route searched; empty when none ran
 * @param logFile      the app's output (stdout and stderr) relative to the results directory, e.g.
 *                     {@code logs/vertx.log}, or {@code null} when the app never started
 * @param robustness   the hostile suite's cases (docs/workload.md §5.1), in suite order; empty when it did not run
 * @param variantOf    the registry name of the app this one is a variant of (the same app with differences, e.g.
 *                     {@code go-nethttp}), so that a report can pair the two; {@code null} for an app of its own and
 *                     in files written before variants existed
 * @param variant      what the variant changes, a few words, e.g. {@code GOGC=400}; {@code null} exactly when
 *                     {@code variantOf} is
 * @param knownFailures the hostile cases the registry declares the app to fail, each with why; empty when none (and in
 *                     files written before they existed)
 * @param build        the artifact the app was started from and how it was built ({@link Build}), or {@code null} when
 *                     the app has none (no {@code artifact} in the registry), never started, or in files written
 *                     before it was recorded
 */
public record AppResult(String name, String label, String language, AppStatus status, String reason,
                        Map<String, String> versions, List<String> runtimeFlags, Conformance conformance,
                        List<NotEqualized> notEqualized, List<RouteResult> routes, Profile profile,
                        List<CapacityResult> capacity, String logFile,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RobustnessCase> robustness,
                        String variantOf, String variant,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<KnownFailure> knownFailures,
                        Build build) {

    public AppResult {
        knownFailures = Lists.copy(knownFailures);
        robustness = Lists.copy(robustness);
        versions = Lists.sorted(versions);
        runtimeFlags = Lists.copy(runtimeFlags);
        notEqualized = Lists.copy(notEqualized);
        routes = Lists.copy(routes);
        capacity = Lists.copy(capacity);
        if ((variantOf == null) != (variant == null)) {
            throw new IllegalArgumentException("variantOf and variant are set together: " + variantOf + ", " + variant);
        }
    }

    /** An app whose build is not recorded. */
    public AppResult(String name, String label, String language, AppStatus status, String reason,
                     Map<String, String> versions, List<String> runtimeFlags, Conformance conformance,
                     List<NotEqualized> notEqualized, List<RouteResult> routes, Profile profile,
                     List<CapacityResult> capacity, String logFile, List<RobustnessCase> robustness,
                     String variantOf, String variant, List<KnownFailure> knownFailures) {
        this(name, label, language, status, reason, versions, runtimeFlags, conformance, notEqualized, routes, profile,
                capacity, logFile, robustness, variantOf, variant, knownFailures, null);
    }

    /** An app that declares no known failure. */
    public AppResult(String name, String label, String language, AppStatus status, String reason,
                     Map<String, String> versions, List<String> runtimeFlags, Conformance conformance,
                     List<NotEqualized> notEqualized, List<RouteResult> routes, Profile profile,
                     List<CapacityResult> capacity, String logFile, List<RobustnessCase> robustness,
                     String variantOf, String variant) {
        this(name, label, language, status, reason, versions, runtimeFlags, conformance, notEqualized, routes, profile,
                capacity, logFile, robustness, variantOf, variant, List.of());
    }

    /** An app of its own (not a variant). */
    public AppResult(String name, String label, String language, AppStatus status, String reason,
                     Map<String, String> versions, List<String> runtimeFlags, Conformance conformance,
                     List<NotEqualized> notEqualized, List<RouteResult> routes, Profile profile,
                     List<CapacityResult> capacity, String logFile, List<RobustnessCase> robustness) {
        this(name, label, language, status, reason, versions, runtimeFlags, conformance, notEqualized, routes, profile,
                capacity, logFile, robustness, null, null);
    }

    /** An app without a log file (it never started, or the log is not kept). */
    public AppResult(String name, String label, String language, AppStatus status, String reason,
                     Map<String, String> versions, List<String> runtimeFlags, Conformance conformance,
                     List<NotEqualized> notEqualized, List<RouteResult> routes, Profile profile,
                     List<CapacityResult> capacity) {
        this(name, label, language, status, reason, versions, runtimeFlags, conformance, notEqualized, routes, profile,
                capacity, null);
    }

    /** An app whose hostile suite did not run. */
    public AppResult(String name, String label, String language, AppStatus status, String reason,
                     Map<String, String> versions, List<String> runtimeFlags, Conformance conformance,
                     List<NotEqualized> notEqualized, List<RouteResult> routes, Profile profile,
                     List<CapacityResult> capacity, String logFile) {
        this(name, label, language, status, reason, versions, runtimeFlags, conformance, notEqualized, routes, profile,
                capacity, logFile, List.of());
    }

    /** A copy that is a variant of app {@code base}, differing by {@code difference}. */
    public AppResult asVariantOf(String base, String difference) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, routes, profile, capacity, logFile, robustness, base, difference, knownFailures,
                build);
    }

    /** A copy with this log file. */
    public AppResult withLogFile(String newLogFile) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, routes, profile, capacity, newLogFile, robustness,
                variantOf, variant, knownFailures, build);
    }

    /** A copy with this conformance gate outcome. */
    public AppResult withConformance(Conformance newConformance) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, newConformance,
                notEqualized, routes, profile, capacity, logFile, robustness,
                variantOf, variant, knownFailures, build);
    }

    /** A copy with these declared known failures. */
    public AppResult withKnownFailures(List<KnownFailure> newKnownFailures) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, routes, profile, capacity, logFile, robustness, variantOf, variant, newKnownFailures,
                build);
    }

    /** A copy with this build. */
    public AppResult withBuild(Build newBuild) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, routes, profile, capacity, logFile, robustness, variantOf, variant, knownFailures,
                newBuild);
    }

    /** The measurements of this route, if it was measured. */
    public Optional<RouteResult> route(String route) {
        return routes.stream().filter(r -> r.route().equals(route)).findFirst();
    }

    /**
     * A copy with the route of the same name replaced where it stands, or appended when absent: the routes stay in
     * the order they were first measured in, even when one is measured again later (a late retry).
     */
    public AppResult withRoute(RouteResult route) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, Lists.replacedOrAppended(routes, route, RouteResult::route), profile, capacity, logFile,
                robustness, variantOf, variant, knownFailures, build);
    }

    /** A copy with this status and reason. */
    public AppResult withStatus(AppStatus newStatus, String newReason) {
        return new AppResult(name, label, language, newStatus, newReason, versions, runtimeFlags, conformance,
                notEqualized, routes, profile, capacity, logFile, robustness,
                variantOf, variant, knownFailures, build);
    }

    /** A copy with this profile section. */
    public AppResult withProfile(Profile newProfile) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, routes, newProfile, capacity, logFile, robustness,
                variantOf, variant, knownFailures, build);
    }

    /** A copy with these capacity searches. */
    public AppResult withCapacity(List<CapacityResult> newCapacity) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, routes, profile, newCapacity, logFile, robustness,
                variantOf, variant, knownFailures, build);
    }

    /**
     * A copy with the capacity result of the same route replaced where it stands, or appended when absent: a route
     * searched again keeps its place.
     */
    public AppResult withCapacity(CapacityResult result) {
        return withCapacity(Lists.replacedOrAppended(capacity, result, CapacityResult::route));
    }

    /** A copy with these hostile suite results. */
    public AppResult withRobustness(List<RobustnessCase> newRobustness) {
        return new AppResult(name, label, language, status, reason, versions, runtimeFlags, conformance,
                notEqualized, routes, profile, capacity, logFile, newRobustness,
                variantOf, variant, knownFailures, build);
    }
}
