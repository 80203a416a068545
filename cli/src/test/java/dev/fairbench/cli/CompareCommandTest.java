package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fairbench.results.ResultsStore;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fairbench compare} in-process on two results directories, B 25% faster than A. */
class CompareCommandTest {
    @TempDir
    Path root;
    Path a;
    Path b;

    @BeforeEach
    void writeSessions() throws Exception {
        a = root.resolve("a");
        b = root.resolve("b");
        ResultsStore.write(a, SmallResults.session(1.0));
        ResultsStore.write(b, SmallResults.session(1.25));
    }

    @Test
    void textTableShowsRatiosPerAppAndRoute() {
        ReportCommandTest.Result r = ReportCommandTest.run("compare", a.toString(), b.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("req/s B/A").contains("vertx").contains("index").contains("detail")
                .contains("1.250").contains("0.800");
    }

    @Test
    void markdownAndJsonCarryTheSameRatios() throws Exception {
        ReportCommandTest.Result md = ReportCommandTest.run("compare", a.toString(), b.toString(), "--format", "md");
        assertThat(md.exitCode()).isZero();
        assertThat(md.out()).contains("| vertx | index | 8000 | 10000 | 1.250 | 0.800 | 0.800 | 1.000 |");

        ReportCommandTest.Result json =
                ReportCommandTest.run("compare", a.toString(), b.toString(), "--format", "json");
        assertThat(json.exitCode()).isZero();
        JsonNode rows = new ObjectMapper().readTree(json.out()).get("rows");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).get("requests_per_second_ratio").asDouble()).isEqualTo(1.25);
    }

    @Test
    void resultsNotMatchingTheSchemaAreOneLinePerProblemAndExitTwo() throws Exception {
        ReportCommandTest.writeBroken(b);
        ReportCommandTest.Result r = ReportCommandTest.run("compare", a.toString(), b.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Fairbench.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).doesNotContain("Exception");
        assertThat(r.err().lines()).hasSizeGreaterThanOrEqualTo(2)
                .allMatch(l -> l.startsWith("fairbench compare: " + b.resolve("results.json") + ": $"))
                .anyMatch(l -> l.contains(": $.setup: "));
    }

    @Test
    void badDirectoryOrFormatIsOneLineAndExitTwo() {
        ReportCommandTest.Result r = ReportCommandTest.run("compare", a.toString(), root.resolve("x").toString());
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains("no results.json in");

        ReportCommandTest.Result f = ReportCommandTest.run("compare", a.toString(), b.toString(), "--format", "xml");
        assertThat(f.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(f.err().lines()).hasSize(1);
    }
}
