package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.results.ResultsStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code fairbench report} in-process on a results directory written through the report model. */
class ReportCommandTest {
    @TempDir
    Path dir;

    record Result(int exitCode, String out, String err) {
    }

    static Result run(String... args) {
        CommandLine cl = Fairbench.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exitCode = cl.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    @Test
    void writesBothFilesInEachLanguage() throws Exception {
        ResultsStore.write(dir, SmallResults.session(1.0));

        Result en = run("report", dir.toString());
        assertThat(en.exitCode()).as(en.err()).isZero();
        assertThat(en.out()).contains("report.md").contains("report.html");
        assertThat(Files.readString(dir.resolve("report.md"))).contains("## Requests per second", "Vert.x");
        assertThat(Files.readString(dir.resolve("report.html"))).startsWith("<!DOCTYPE html>").contains("<svg ");

        Result uk = run("report", dir.toString(), "--lang", "uk");
        assertThat(uk.exitCode()).as(uk.err()).isZero();
        assertThat(Files.readString(dir.resolve("report.uk.md"))).contains("## Запитів на секунду");
        assertThat(Files.readString(dir.resolve("report.uk.html"))).contains("<html lang=\"uk\">");
    }

    @Test
    void summaryPrintsTheVerdictsAndCostsAndWritesNothing() throws Exception {
        ResultsStore.write(dir, SmallResults.session(1.0));
        Result r = run("report", dir.toString(), "--summary");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("Measured on", "#### Verdicts per route", "#### Cost per request", "| Route |");
        // it goes under the headings of the document quoting it: every heading of its own is at level 4
        assertThat(r.out().lines().filter(l -> l.startsWith("#"))).allMatch(l -> l.startsWith("#### "));
        assertThat(Files.exists(dir.resolve("report.md"))).isFalse();
    }

    @Test
    void badDirectoryOrLanguageIsOneLineAndExitTwo() throws Exception {
        Result missing = run("report", dir.resolve("nope").toString());
        assertThat(missing.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(missing.err().lines()).hasSize(1);
        assertThat(missing.err()).contains("is not a directory");

        Result empty = run("report", dir.toString());
        assertThat(empty.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(empty.err().lines()).hasSize(1);
        assertThat(empty.err()).contains("no results.json in");

        Files.writeString(dir.resolve("results.json"), "{\"schema_version\": 1, \"apps\": [");
        Result broken = run("report", dir.toString());
        assertThat(broken.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(broken.err().lines()).hasSize(1);
        assertThat(broken.err()).contains("not valid results JSON");

        ResultsStore.write(dir, SmallResults.session(1.0));
        Result german = run("report", dir.toString(), "--lang", "de");
        assertThat(german.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(german.err()).contains("en, uk");
        assertThat(dir.resolve("report.de.md")).doesNotExist();
    }

    /** SmallResults as written, then without its setup and with a negative count: two schema problems. */
    static void writeBroken(Path dir) throws Exception {
        ResultsStore.write(dir, SmallResults.session(1.0));
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(dir.resolve("results.json").toFile());
        tree.remove("setup");
        tree.put("contract_version", -1);
        mapper.writeValue(dir.resolve("results.json").toFile(), tree);
    }

    @Test
    void resultsNotMatchingTheSchemaAreOneLinePerProblemAndExitTwo() throws Exception {
        writeBroken(dir);
        String file = dir.resolve("results.json").toString();
        for (Result r : java.util.List.of(run("report", dir.toString()), run("report", dir.toString(), "--summary"))) {
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Fairbench.USAGE);
            assertThat(r.err()).doesNotContain("NullPointerException", "Exception");
            assertThat(r.err().lines()).hasSizeGreaterThanOrEqualTo(2).allMatch(l -> l.startsWith("fairbench report: " + file + ": $"));
            assertThat(r.err().lines()).anyMatch(l -> l.contains(": $.setup: "))
                    .anyMatch(l -> l.contains(": $.contract_version: "));
        }
        assertThat(dir.resolve("report.md")).doesNotExist();
    }
}
