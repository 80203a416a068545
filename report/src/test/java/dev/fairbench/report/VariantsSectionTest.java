package dev.fairbench.report;

import dev.fairbench.report.render.Messages;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.Summaries;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The "Variants" section pairs each variant with its base from the results alone: the same runs give a ratio of 1
 * within noise; one round gives no interval and no verdict; a variant whose base is not in the results is not shown.
 */
class VariantsSectionTest {
    private static AppResult copyAs(AppResult app, String name, String label, int rounds) {
        List<RouteResult> routes = app.routes().stream().map(r -> {
            var runs = r.runs().subList(0, Math.min(rounds, r.runs().size()));
            return new RouteResult(r.route(), runs, Summaries.summarize(runs));
        }).toList();
        return new AppResult(name, label, app.language(), app.status(), app.reason(), app.versions(),
                app.runtimeFlags(), app.conformance(), app.notEqualized(), routes, null, List.of(), null, List.of());
    }

    @Test
    void aVariantIsComparedWithItsBaseWithAnIntervalPerRoute() {
        Results sample = SampleResults.build();
        AppResult go = sample.app("go-nethttp").orElseThrow();
        Results results = sample.withApp(copyAs(go, "go-gogc400", "Go, GOGC=400", 3).asVariantOf("go-nethttp", "GOGC=400"))
                .withApp(copyAs(go, "go-once", "Go, once", 1).asVariantOf("go-nethttp", "one round"));

        String en = ReportWriter.markdown(results, Messages.of("en"));
        assertThat(en).contains("## Variants against their base");
        String section = en.substring(en.indexOf("## Variants against their base"));
        section = section.substring(0, section.indexOf("\n## ", 5));
        assertThat(section).contains("| Go, GOGC=400 | Go net/http + pgx | GOGC=400 | ")
                .contains("| ×1.00 \\[0.98–1.03\\] |", "within noise")
                .contains("| Go, once | Go net/http + pgx | one round | ", "one round: no interval");
        assertThat(ReportWriter.markdown(results, Messages.of("uk"))).contains("## Варіанти проти їхньої основи",
                "у межах шуму");
    }

    @Test
    void aVariantWithoutItsBaseIsNotShown() {
        Results sample = SampleResults.build();
        AppResult go = sample.app("go-nethttp").orElseThrow();
        Results results = sample.withApp(copyAs(go, "go-x", "Go x", 3).asVariantOf("go-elsewhere", "GOGC=off"));
        assertThat(ReportWriter.markdown(results, Messages.of("en"))).doesNotContain("Variants against their base");
        assertThat(ReportWriter.markdown(sample, Messages.of("en"))).doesNotContain("Variants against their base");
    }
}
