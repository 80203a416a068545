package dev.fairbench.report;

import dev.fairbench.report.render.Block;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.ReportBuilder;
import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Results written before p95 was stored get it in the latency table from the median run's hlog, said so. */
class OldP95ReportTest {
    @TempDir
    Path dir;

    private Results withoutP95() throws Exception {
        String json = Files.readString(ResultsStore.file(ReportGoldenTest.SAMPLE))
                .replaceAll("\"p95_ms\"\\s*:\\s*[0-9.eE+-]+\\s*,", "");
        assertThat(json).doesNotContain("p95_ms");
        return ResultsStore.fromJson(json, "sample without p95");
    }

    private static List<List<String>> latencyRows(List<Block> blocks, Messages m) {
        int at = 0;
        while (!(blocks.get(at) instanceof Block.Heading h && h.text().equals(m.get("latency")))) at++;
        for (int i = at; i < blocks.size(); i++) {
            if (blocks.get(i) instanceof Block.Table t) return t.rows();
        }
        throw new AssertionError("no latency table");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void p95ComesFromTheMedianRunsHlog(String language) throws Exception {
        Messages m = Messages.of(language);
        Results results = withoutP95();
        SampleResults.writeHlogs(dir);
        List<Block> blocks = ReportBuilder.build(results, m, dir);
        List<List<String>> rows = latencyRows(blocks, m);
        var vertx = results.apps().stream().filter(a -> a.name().equals("vertx")).findFirst().orElseThrow();
        var index = vertx.route("index").orElseThrow();
        var median = index.runs().stream().filter(r -> r.run() == index.summary().medianRun()).findFirst()
                .orElseThrow();
        double expected = Hlogs.percentileMs(Hlogs.read(dir.resolve(median.hlog())), 95);
        List<String> row = rows.stream().filter(r -> r.get(0).equals(m.route("index"))
                && r.get(1).equals(vertx.label())).findFirst().orElseThrow();
        assertThat(row.get(4)).isEqualTo(m.number(expected, 2));
        // the sample has hlogs of the index route only: elsewhere the p95 stays unknown
        assertThat(rows).filteredOn(r -> r.get(0).equals(m.route("detail"))).isNotEmpty()
                .allMatch(r -> r.get(4).equals("—"));
        assertThat(blocks).contains(new Block.Paragraph(m.get("latency.p95.hlog"), true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void withoutTheHlogsP95IsADashAndNothingIsClaimed(String language) throws Exception {
        Messages m = Messages.of(language);
        List<Block> blocks = ReportBuilder.build(withoutP95(), m, dir);
        assertThat(latencyRows(blocks, m)).allMatch(r -> r.get(4).equals("—"));
        assertThat(blocks).doesNotContain(new Block.Paragraph(m.get("latency.p95.hlog"), true));
    }
}
