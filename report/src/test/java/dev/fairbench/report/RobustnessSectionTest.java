package dev.fairbench.report;

import dev.fairbench.report.render.Block;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.ReportBuilder;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The "Robustness" section appears only when some app has hostile suite results (the golden files show it). */
class RobustnessSectionTest {
    @TempDir
    Path dir;

    private List<String> headingIds(Results results) {
        return ReportBuilder.build(results, Messages.of("en"), dir).stream()
                .filter(b -> b instanceof Block.Heading).map(b -> ((Block.Heading) b).id()).toList();
    }

    @Test
    void shownAfterConformanceWhenAnAppHasRobustness() {
        List<String> ids = headingIds(SampleResults.build());
        assertThat(ids).containsSubsequence("conformance", "robustness", "not-measured");
    }

    @Test
    void omittedWhenNoAppHasRobustness() {
        Results results = SampleResults.build();
        for (AppResult app : results.apps()) {
            results = results.withApp(app.withRobustness(List.of()));
        }
        assertThat(headingIds(results)).doesNotContain("robustness").contains("conformance", "not-measured");
    }
}
