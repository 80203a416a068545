package dev.fairbench.runner;

import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a trial will do, from its options and passes alone: the app starts of each round (one, or one per route),
 * the load they plan, and the one line that says it all before anything starts, with an estimate. Immutable.
 */
final class TrialPlan {
    private final TrialOptions o;
    private final List<Pass> passes;

    TrialPlan(TrialOptions o, List<Pass> passes) {
        this.o = o;
        this.passes = List.copyOf(passes);
    }

    /**
     * The routes of each start of app {@code e} in one round of {@code pass}: one start for every selected route it
     * serves, or, with {@link TrialOptions#startPerRoute()} and a pass that measures route by route, one per route.
     */
    List<List<Route>> starts(Pass pass, AppEntry e) {
        return starts(pass, o.routes().stream().filter(e::serves).toList());
    }

    /** The starts that measure {@code routes}: all in one, or one per route as {@link #starts(Pass, AppEntry)} says. */
    List<List<Route>> starts(Pass pass, List<Route> routes) {
        if (!o.startPerRoute() || !pass.measuresRouteByRoute() || routes.size() <= 1) return List.of(routes);
        return routes.stream().map(List::of).toList();
    }

    /** The load every pass that applies to {@code e} plans for it, over all its rounds. */
    Duration plannedLoad(AppEntry e) {
        return passes.stream().filter(p -> p.skipReason(e) == null).map(p -> p.plannedLoad(e, o).multipliedBy(p.rounds()))
                .reduce(Duration.ZERO, Duration::plus);
    }

    /** The app starts that the passes plan for {@code ready}, over all their rounds. */
    int plannedStarts(List<AppEntry> ready) {
        int n = 0;
        for (AppEntry e : ready) {
            for (Pass p : passes) if (p.skipReason(e) == null) n += p.rounds() * starts(p, e).size();
        }
        return n;
    }

    /** Load planned for {@code e} after round {@code round} of {@code pass}, which failed having spent {@code spent}. */
    Duration remainingLoad(AppEntry e, Pass pass, int round, Duration spent) {
        Duration left = Duration.ZERO;
        boolean after = false;
        for (Pass p : passes) {
            if (p == pass) after = true;
            if (!after || p.skipReason(e) != null) continue;
            int rounds = p == pass ? p.rounds() - round + 1 : p.rounds();
            left = left.plus(p.plannedLoad(e, o).multipliedBy(rounds));
        }
        return left.minus(spent);
    }

    /**
     * One line, before anything starts: per pass the apps, routes, rounds and load per route, and an estimate of the
     * whole, e.g. {@code plan: run: 6 apps × 8 routes × 3 rounds × (5 s + 20 s) ≈ 1h05m (load 1h00m, about 20 s
     * per app start)}. The estimate is the planned load plus a guess per app start (build, gate, stop).
     */
    String line(List<AppEntry> entries) {
        List<String> parts = new ArrayList<>();
        for (Pass p : passes) {
            long apps = entries.stream().filter(e -> p.skipReason(e) == null).count();
            Pass.Timing t = p.timing();
            String window = t.runs() > 1 && p.rounds() == 1 ? t.runs() + " × " + seconds(t.duration())
                    : seconds(t.duration());
            String per = t.warmup().isZero() ? window : seconds(t.warmup()) + " + " + window;
            parts.add(p.name() + ": " + apps + (apps == 1 ? " app" : " apps") + " × " + o.routes().size()
                    + (o.routes().size() == 1 ? " route" : " routes")
                    + (p.rounds() > 1 ? " × " + p.rounds() + " rounds" : "") + " × (" + per + ")");
        }
        Duration load = entries.stream().map(this::plannedLoad).reduce(Duration.ZERO, Duration::plus);
        int starts = plannedStarts(entries);
        Duration total = load.plus(ProgressPrinter.FIRST_OVERHEAD_GUESS.multipliedBy(starts));
        return "plan: " + String.join("; ", parts) + " ≈ " + ProgressPrinter.human(total.toSeconds()) + " (load "
                + ProgressPrinter.human(load.toSeconds()) + ", " + starts + " app starts at about "
                + ProgressPrinter.FIRST_OVERHEAD_GUESS.toSeconds() + " s each)";
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.ROOT, "%.1f s",
                d.toMillis() / 1000.0);
    }
}
