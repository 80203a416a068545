package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Bullets;
import dev.fairbench.report.render.Block.Heading;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.report.render.Block.Table;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RobustnessCase;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The "Robustness" section: the hostile suite (docs/workload.md §5.1), one row per case (in suite order), one
 * column per app that ran it, each cell pass or fail with the time in ms (a failure marked as an alert, unless the
 * app declares the case a known failure; a declared case that passes is marked, since its declaration is stale); the
 * failures' details listed under the table. Empty when no app has robustness data, so results written before the
 * suite was recorded (or with {@code --no-hostile}) render as before.
 */
final class RobustnessBuilder {
    private RobustnessBuilder() {
    }

    static List<Block> build(Results results, Messages m) {
        List<AppResult> apps = results.apps().stream().filter(a -> !a.robustness().isEmpty()).toList();
        if (apps.isEmpty()) {
            return List.of();
        }
        Set<String> cases = new LinkedHashSet<>();
        for (AppResult app : apps) {
            for (RobustnessCase c : app.robustness()) {
                cases.add(c.name());
            }
        }
        List<String> header = new ArrayList<>();
        header.add(m.get("col.case"));
        List<Boolean> numeric = new ArrayList<>();
        numeric.add(false);
        for (AppResult app : apps) {
            header.add(app.label());
            numeric.add(false);
        }
        List<List<String>> rows = new ArrayList<>();
        List<List<Boolean>> alerts = new ArrayList<>();
        for (String name : cases) {
            List<String> row = new ArrayList<>();
            List<Boolean> alert = new ArrayList<>();
            row.add(name);
            alert.add(false);
            for (AppResult app : apps) {
                Optional<RobustnessCase> c = app.robustness().stream().filter(r -> r.name().equals(name)).findFirst();
                boolean declared = declared(app, name);
                row.add(c.map(r -> m.get(cellKey(r.passed(), declared), m.integer(r.millis())))
                        .orElse(m.get("robustness.none")));
                // A declared failure is what the entry says; a declared case that passes is a stale declaration.
                alert.add(c.map(r -> r.passed() == declared).orElse(false));
            }
            rows.add(row);
            alerts.add(alert);
        }
        List<Block> out = new ArrayList<>();
        out.add(new Heading(2, m.get("robustness"), "robustness"));
        out.add(new Paragraph(m.get("robustness.intro")));
        out.add(new Table(header, numeric, rows, alerts));
        List<String> failures = new ArrayList<>();
        for (AppResult app : apps) {
            for (RobustnessCase c : app.robustness()) {
                if (!c.passed()) {
                    failures.add(app.label() + ": " + c.name() + " — " + (c.detail() == null ? "—" : c.detail())
                            + (declared(app, c.name()) ? " " + m.get("robustness.declared") : ""));
                }
            }
        }
        if (!failures.isEmpty()) {
            out.add(new Paragraph(m.get("robustness.failures")));
            out.add(new Bullets(failures));
        }
        return out;
    }

    private static boolean declared(AppResult app, String caseName) {
        return app.knownFailures().stream().anyMatch(k -> k.caseName().equals(caseName));
    }

    private static String cellKey(boolean passed, boolean declared) {
        if (declared) return passed ? "robustness.stale" : "robustness.known";
        return passed ? "robustness.passed" : "robustness.failed";
    }
}
