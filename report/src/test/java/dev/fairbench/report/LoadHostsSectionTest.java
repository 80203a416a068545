package dev.fairbench.report;

import dev.fairbench.report.render.Block;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.ReportBuilder;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.LoadHostRun;
import dev.fairbench.results.Results;
import dev.fairbench.results.RouteResult;
import dev.fairbench.results.RunResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The load hosts' table of the "Placement" section (the placed golden files show it whole): per app, route and load
 * host, the median share of the responses over the counted rounds and the highest busy share, a saturated host
 * named so and marked; no table without load hosts.
 */
class LoadHostsSectionTest {
    /** The tables between the heading {@code placement} and the next heading. */
    private static List<Block.Table> placementTables(Results results, String language) {
        List<Block.Table> tables = new ArrayList<>();
        boolean in = false;
        for (Block b : ReportBuilder.build(results, Messages.of(language))) {
            if (b instanceof Block.Heading h) {
                if (in) break;
                in = h.id().equals("placement");
            } else if (in && b instanceof Block.Table t) {
                tables.add(t);
            }
        }
        return tables;
    }

    /** The hello route of the placed sample with each round split as {@code split} says from its responses. */
    private static Results withHello(java.util.function.BiFunction<Integer, Long, List<LoadHostRun>> split) {
        Results placed = SampleResults.buildPlaced();
        AppResult app = placed.apps().getFirst();
        RouteResult hello = app.route("hello").orElseThrow();
        List<RunResult> runs = new ArrayList<>();
        for (RunResult run : hello.runs()) {
            runs.add(run.withLoadHosts(split.apply(run.run(), run.requestsCompleted())));
        }
        return placed.withApp(app.withRoute(hello.withRuns(runs, hello.summary())));
    }

    private static List<List<String>> helloRows(Block.Table table) {
        return table.rows().stream().filter(r -> r.get(1).equals("Hello")).toList();
    }

    /**
     * Host a serves 60%, 50% and all of the three rounds' responses, its CPUs read in the first only; host b the
     * rest of the first two, 91% busy in the second.
     */
    @Test
    void mediansTheSharesAndTakesTheHighestBusyShareThatWasRead() {
        Results results = withHello((round, n) -> switch (round) {
            case 1 -> List.of(new LoadHostRun("a", n * 6 / 10, 1, 0, 0.50),
                    new LoadHostRun("b", n - n * 6 / 10, 1, 0, null));
            case 2 -> List.of(new LoadHostRun("a", n / 2, 1, 0, null), new LoadHostRun("b", n - n / 2, 1, 0, 0.91));
            default -> List.of(new LoadHostRun("a", n, 1, 0, null));
        });
        Block.Table table = placementTables(results, "en").get(1);
        List<List<String>> hello = helloRows(table);
        assertThat(hello).extracting(r -> r.get(2)).containsExactly("a", "b");
        assertThat(hello.get(0).subList(3, 5)).containsExactly("60.0%", "50.0%");
        assertThat(hello.get(1).subList(3, 5)).containsExactly("45.0%", "91.0%, saturated");
        assertThat(table.alerts().get(table.rows().indexOf(hello.get(1))).get(4)).isTrue();
        assertThat(table.alerts().get(table.rows().indexOf(hello.get(0))).get(4)).isFalse();
        assertThat(helloRows(placementTables(results, "uk").get(1)).get(1).get(4)).isEqualTo("91,0%, перевантажений");
    }

    @Test
    void aHostWhoseCpusWereNeverReadShowsADash() {
        Results results = withHello((round, n) -> List.of(new LoadHostRun("a", n, 1, 0, null)));
        assertThat(helloRows(placementTables(results, "uk").get(1)).getFirst().subList(3, 5))
                .containsExactly("100,0%", "—");
    }

    @Test
    void noLoadHostsNoTable() {
        assertThat(placementTables(SampleResults.build(), "en")).isEmpty();
        Results placed = SampleResults.buildPlaced();
        AppResult app = placed.apps().getFirst();
        for (RouteResult r : app.routes()) {
            app = app.withRoute(r.withRuns(r.runs().stream().map(run -> run.withLoadHosts(List.of())).toList(),
                    r.summary()));
        }
        assertThat(placementTables(placed.withApp(app), "en")).hasSize(1);
    }
}
