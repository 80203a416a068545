package dev.fairbench.report;

import dev.fairbench.results.AppResult;
import dev.fairbench.results.Bound;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RouteSummary;
import dev.fairbench.results.RunResult;
import dev.fairbench.stats.Contender;
import dev.fairbench.stats.Verdict;
import dev.fairbench.stats.Verdicts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the runs of one route support, computed from the raw runs of a results file (never stored): which figure
 * ranks the apps and the verdict on it, by {@link Verdicts#decide} (a winner only when the 95% interval of the
 * ratio to the runner-up excludes 1, otherwise a tie within noise).
 *
 * <p>The rules: apps are ranked by req/s only when every run of every compared app was
 * {@link Bound#APP_BOUND}; otherwise req/s measured the shared CPUs or the round trips, and the apps are ranked
 * by app CPU per request (lower is better), with the reason. The cheapest verdict (app CPU per request) is always
 * given. A route where any compared app kept a run the interference guard found disturbed gets no verdict at all.
 *
 * @param route        contract route name
 * @param figure       what ranks the apps: {@link Figure#REQUESTS_PER_SECOND} or {@link Figure#APP_CPU_PER_REQUEST}
 * @param notAppBound  when ranked by CPU, the apps whose runs were not all app-bound and their bound
 * @param ranking      the verdict on {@code figure}, or {@code null} when the route is disturbed
 * @param cheapest     the verdict on app CPU per request, or {@code null} when disturbed or not measured
 * @param disturbed    apps with a run that stayed disturbed after the retries
 */
public record RouteVerdict(String route, Figure figure, Map<String, String> notAppBound, Verdict ranking,
                           Verdict cheapest, List<String> disturbed) {

    /** A ranking figure. */
    public enum Figure { REQUESTS_PER_SECOND, APP_CPU_PER_REQUEST }

    public RouteVerdict {
        notAppBound = Collections.unmodifiableMap(new LinkedHashMap<>(notAppBound));
        disturbed = List.copyOf(disturbed);
    }

    /** The verdicts of every route of the results with at least one summarized app, in the setup's route order. */
    public static List<RouteVerdict> of(Results results) {
        List<RouteVerdict> out = new ArrayList<>();
        for (String route : results.setup().routes()) {
            RouteVerdict v = of(results, route);
            if (v != null) out.add(v);
        }
        return out;
    }

    /** The verdict of {@code route}, or {@code null} when no app has a summary there. */
    public static RouteVerdict of(Results results, String route) {
        List<AppResult> apps = new ArrayList<>();
        for (AppResult a : results.apps()) {
            RouteSummary s = a.route(route).map(RouteResult::summary).orElse(null);
            if (s != null && s.requestsPerSecond() > 0) apps.add(a);
        }
        if (apps.isEmpty()) return null;
        Map<String, String> notAppBound = new LinkedHashMap<>();
        List<String> disturbed = new ArrayList<>();
        for (AppResult a : apps) {
            RouteSummary s = a.route(route).orElseThrow().summary();
            if (s.bound() != Bound.APP_BOUND) notAppBound.put(a.name(), s.bound() == null ? "unknown" : s.bound().json());
            if (s.disturbedRuns() > 0) disturbed.add(a.name());
        }
        List<Contender> rps = new ArrayList<>();
        List<Contender> cpu = new ArrayList<>();
        for (AppResult a : apps) {
            List<RunResult> runs = a.route(route).orElseThrow().runs();
            rps.add(new Contender(a.name(), runs.stream().mapToDouble(RunResult::requestsPerSecond).filter(v -> v > 0).toArray()));
            double[] perRequest = runs.stream().mapToDouble(RouteVerdict::appCpuUsPerRequest).filter(v -> v > 0).toArray();
            if (perRequest.length > 0) cpu.add(new Contender(a.name(), perRequest));
        }
        boolean byRps = notAppBound.isEmpty();
        Verdict cheapest = disturbed.isEmpty() && cpu.size() == apps.size() ? Verdicts.decide(cpu, false) : null;
        Verdict ranking = !disturbed.isEmpty() ? null : byRps ? Verdicts.decide(rps, true) : cheapest;
        return new RouteVerdict(route, byRps ? Figure.REQUESTS_PER_SECOND : Figure.APP_CPU_PER_REQUEST,
                byRps ? Map.of() : notAppBound, ranking, cheapest, disturbed);
    }

    /** App CPU per request of one run in microseconds, or 0 when not measured. */
    public static double appCpuUsPerRequest(RunResult run) {
        if (run.resources() == null || run.resources().appCpuSeconds() == null || run.requestsCompleted() == 0) return 0;
        return run.resources().appCpuSeconds() * 1e6 / run.requestsCompleted();
    }

    /**
     * The cell verdict of app {@code app} on this route's ranking: {@code winner}, {@code tie} (within noise of the
     * best, the best included when no winner), {@code behind}, or {@code none} (disturbed, or not compared).
     */
    public String cell(String app) {
        if (ranking == null || ranking.kind() == Verdict.Kind.NONE) return "none";
        if (ranking.kind() == Verdict.Kind.WINNER) return app.equals(ranking.best()) ? "winner" : "behind";
        return ranking.tiedWithBest().contains(app) ? "tie" : "behind";
    }
}
