package dev.fairbench.report;

import dev.fairbench.report.render.Block;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.ReportBuilder;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.KnownFailure;
import dev.fairbench.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The "Robustness" section appears only when some app has hostile suite results (the golden files show it); a case an
 * app declares a known failure is shown as such, and listed with the settings that could not be equalized.
 */
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

    /** The table right after the heading {@code id}. */
    private Block.Table tableAfter(Results results, String id) {
        List<Block> blocks = ReportBuilder.build(results, Messages.of("en"), dir);
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i) instanceof Block.Heading h && h.id().equals(id)) {
                for (int j = i + 1; j < blocks.size(); j++) {
                    if (blocks.get(j) instanceof Block.Table t) return t;
                }
            }
        }
        throw new AssertionError("no table after " + id);
    }

    /** go-nethttp of the sample declares "Content-Length 10^12 on /phash" and fails it, and fails the stalled head. */
    @Test
    void aDeclaredFailureIsShownAsKnownWithoutAnAlertAndAnUndeclaredOneAsAFailure() {
        Results results = SampleResults.build();
        Block.Table table = tableAfter(results, "robustness");
        int go = table.header().indexOf(results.app("go-nethttp").orElseThrow().label());
        int declared = rowOf(table, "Content-Length 10^12 on /phash");
        int undeclared = rowOf(table, "stalled request head");
        assertThat(table.rows().get(declared).get(go)).startsWith("known failure (declared), ");
        assertThat(table.alerts().get(declared).get(go)).isFalse();
        assertThat(table.rows().get(undeclared).get(go)).startsWith("FAIL, ");
        assertThat(table.alerts().get(undeclared).get(go)).isTrue();
    }

    @Test
    void aDeclaredCaseThatPassesIsMarkedAsAStaleDeclaration() {
        Results results = SampleResults.build();
        AppResult vertx = results.app("vertx").orElseThrow();
        results = results.withApp(vertx.withKnownFailures(List.of(new KnownFailure("64 KiB header", "r", null))));
        Block.Table table = tableAfter(results, "robustness");
        int column = table.header().indexOf(vertx.label());
        int row = rowOf(table, "64 KiB header");
        assertThat(table.rows().get(row).get(column)).endsWith("though declared a known failure");
        assertThat(table.alerts().get(row).get(column)).isTrue();
    }

    @Test
    void declaredKnownFailuresAreListedWithTheSettingsThatCouldNotBeEqualized() {
        Block.Table table = tableAfter(SampleResults.build(), "unequal");
        assertThat(table.rows()).anySatisfy(row -> {
            assertThat(row.get(0)).isEqualTo("Fails the hostile case \"Content-Length 10^12 on /phash\" (a declared "
                    + "known failure, see Robustness)");
            assertThat(row.get(1)).isEqualTo("Go net/http + pgx");
            assertThat(row.get(2)).isEqualTo("The server awaits the first body bytes before any handler runs, with no "
                    + "bound. Upstream: example/server#42.");
        });
    }

    private static int rowOf(Block.Table table, String caseName) {
        for (int i = 0; i < table.rows().size(); i++) {
            if (table.rows().get(i).getFirst().equals(caseName)) return i;
        }
        throw new AssertionError("no row " + caseName);
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
