package dev.fairbench.runner.suite;

import dev.fairbench.results.SuiteRun;
import dev.fairbench.results.SuiteStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Suite files: the committed three load; each mistake is one line naming the file and the key. */
class SuiteFileTest {
    private static final String GOOD = """
            title = "t"
            routes = ["hello"]
            passes = ["timed"]
            [[loads]]
            name = "a"
            connections = 4
            """;

    @TempDir
    Path dir;

    @Test
    void theCommittedSuitesLoadAndRoundTripThroughTheirSchema() throws Exception {
        Path suites = repoRoot().resolve(SuiteFile.DIR);
        for (String name : new String[] {"blog", "hello", "phash"}) {
            SuiteRun suite = SuiteFile.load(suites.resolve(name + ".toml"));
            assertThat(suite.name()).isEqualTo(name);
            assertThat(suite.report()).isEqualTo(name);
            assertThat(SuiteStore.fromJson(SuiteStore.toJson(suite), name)).isEqualTo(suite);
        }
        SuiteRun hello = SuiteFile.load(suites.resolve("hello.toml"));
        assertThat(hello.loads()).extracting(SuiteRun.Load::dir)
                .containsExactly("loads/loopback-100", "loads/loopback-1000", "loads/server-bound", "loads/pipelined");
        SuiteRun.Load piped = hello.load("pipelined").orElseThrow();
        assertThat(piped.pipeline()).isEqualTo(16);
        assertThat(piped.latency()).isFalse();
        assertThat(hello.load("loopback-100").orElseThrow().sharedCpus()).isTrue();
        SuiteRun phash = SuiteFile.load(suites.resolve("phash.toml"));
        assertThat(phash.loads().getFirst().inSuiteDir()).isTrue();
        assertThat(phash.fixedRateShare()).isEqualTo(0.6);
        assertThat(phash.overloadFactor()).isEqualTo(1.2);
    }

    @Test
    void eachMistakeIsOneLine() throws IOException {
        assertMistake(GOOD + "colour = \"red\"\n", "s.toml: loads[0]: unknown key 'colour' (expected one of "
                + "app_cpus, connections, latency, loadgen_cpus, loadgen_threads, name, pipeline, shared_cpus, title)");
        assertMistake("colour = 1\n" + GOOD, "s.toml: unknown key 'colour' (expected one of apps, findings, fixed_rate_share, "
                + "loads, overload_factor, passes, report, rounds, routes, seed, slo_p99_ms, title)");
        assertMistake(GOOD.replace("title = \"t\"\n", ""), "s.toml: title is required");
        assertMistake(GOOD.replace("[\"hello\"]", "[\"helo\"]"), "s.toml: routes unknown route 'helo': expected one of "
                + "index, detail, tag, index-cached, detail-cached, compute, hello, phash");
        assertMistake(GOOD.replace("[\"timed\"]", "[\"timd\"]"), "s.toml: passes has 'timd': expected some of "
                + "timed, cost, capacity, fixed-rate, overload, profile");
        assertMistake(GOOD.replace("[\"timed\"]", "[\"cost\"]"), "s.toml: passes has 'cost' without 'timed': the cost "
                + "runs take their rate from the timed runs");
        assertMistake(GOOD.replace("[\"timed\"]", "[\"capacity\"]"), "s.toml: slo_p99_ms is required with the "
                + "capacity pass");
        assertMistake(GOOD.replace("[\"timed\"]", "[\"capacity\", \"overload\"]\nslo_p99_ms = 15\noverload_factor = 0.9"),
                "s.toml: overload_factor must be above 1: the rate must exceed every app's capacity");
        assertMistake(GOOD.replace("[\"timed\"]", "[\"overload\", \"capacity\"]\nslo_p99_ms = 15\noverload_factor = 2"),
                "s.toml: passes has 'overload' without 'capacity' before it: its rate comes from the capacities");
        assertMistake(GOOD.replace("report", "x").replace("title = \"t\"", "title = \"t\"\nreport = \"tables\""),
                "s.toml: report is 'tables': expected one of blog, hello, phash");
        assertMistake(GOOD.replace("connections = 4", "connections = 0"), "s.toml: loads[0]: connections must be at least 1");
        assertMistake(GOOD.replace("connections = 4", "connections = \"4\""), "s.toml: loads[0]: connections must be a whole number");
        assertMistake(GOOD.replace("connections = 4", "connections = 4\npipeline = 2\n").replace("[\"timed\"]",
                "[\"timed\", \"cost\"]"), "s.toml: loads[0]: pipeline is only for a suite whose only pass is 'timed': "
                + "fixed-rate loads are not pipelined");
        assertMistake(GOOD.replace("connections = 4", "connections = 4\napp_cpus = \"0\"\nloadgen_cpus = \"0-1\""),
                "s.toml: loads[0]: app_cpus shares CPUs with loadgen_cpus: set shared_cpus = true if that is the load's point");
        assertMistake(GOOD.replace("connections = 4", "connections = 4\napp_cpus = \"0-\""),
                "s.toml: loads[0]: bad CPU list '0-': expected e.g. 0, 0-3 or 0,2");
        assertMistake(GOOD + "[[loads]]\nname = \"a\"\nconnections = 2\n", "s.toml: loads has two loads named 'a'");
        assertMistake(GOOD.substring(0, GOOD.indexOf("[[loads]]")), "s.toml: loads is missing: declare at least one "
                + "[[loads]] table");
        assertMistake("title = \n", "s.toml: not valid TOML: ");
    }

    /** A suite with one declared finding on apps a and b; {@code finding} replaces its keys' text. */
    private static String withFinding(String finding) {
        return GOOD.replace("title = \"t\"", "title = \"t\"\napps = [\"a\", \"b\"]") + "[[findings]]\n" + finding;
    }

    private static final String FINDING = """
            number = 3
            claim = { en = "the ping costs round trips", uk = "пінг коштує обмінів" }
            app = "a"
            against = "b"
            route = "hello"
            measure = "postgres_round_trips"
            expect = "higher"
            """;

    @Test
    void findingsAreDeclaredComparisons() throws IOException {
        Files.writeString(dir.resolve("f.toml"), withFinding(FINDING + "needs_workers = 2\n"));
        SuiteRun suite = SuiteFile.load(dir.resolve("f.toml"));
        assertThat(suite.findings()).singleElement().satisfies(f -> {
            assertThat(f.number()).isEqualTo(3);
            assertThat(f.claim("uk")).isEqualTo("пінг коштує обмінів");
            assertThat(f.claim("de")).isEqualTo("the ping costs round trips");
            assertThat(f.needsWorkers()).isEqualTo(2);
        });
        assertMistake(withFinding(FINDING.replace("postgres_round_trips", "latency")), "s.toml: findings[0]: measure is "
                + "'latency': expected one of requests_per_second, app_cpu_us");
        assertMistake(withFinding(FINDING.replace("against = \"b\"", "against = \"c\"")),
                "s.toml: findings[0]: against is 'c', not in the suite's apps");
        assertMistake(withFinding(FINDING.replace("against = \"b\"", "against = \"a\"")),
                "s.toml: findings[0]: against is the app itself");
        assertMistake(withFinding(FINDING.replace("route = \"hello\"", "route = \"index\"")),
                "s.toml: findings[0]: route is 'index', not in the suite's routes");
        assertMistake(withFinding(FINDING.replace("expect = \"higher\"", "expect = \"more\"")),
                "s.toml: findings[0]: expect is 'more': expected higher or lower");
        assertMistake(withFinding(FINDING.replace("claim = { en", "claim = { fr")),
                "s.toml: findings[0]: claim must be a table of languages with at least en");
        assertMistake(withFinding(FINDING + "colour = 1\n"), "s.toml: findings[0]: unknown key 'colour'");
    }

    @Test
    void aMissingSuiteNamesTheOnesThereAre() throws IOException {
        Files.writeString(dir.resolve("mine.toml"), GOOD);
        assertThat(SuiteFile.locate("theirs", dir.getParent())).isEqualTo(dir.getParent().resolve("suites/theirs.toml"));
        assertThatThrownBy(() -> SuiteFile.load(dir.resolve("theirs.toml"))).hasMessageEndingWith("no such suite file (suites are "
                + "suites/NAME.toml: mine)");
    }

    @Test
    void aSingleLoadKeepsItsResultsInTheSuiteDirectory() throws IOException {
        Files.writeString(dir.resolve("one.toml"), GOOD);
        SuiteRun one = SuiteFile.load(dir.resolve("one.toml"));
        assertThat(one.loads().getFirst().dir()).isEqualTo(".");
        assertThat(one.rounds()).isEqualTo(SuiteFile.DEFAULT_ROUNDS);
        assertThat(one.report()).isEqualTo("blog");
        assertThat(one.loads().getFirst().latency()).isTrue();
    }

    private void assertMistake(String toml, String line) throws IOException {
        Path file = dir.resolve("s.toml");
        Files.writeString(file, toml);
        assertThatThrownBy(() -> SuiteFile.load(file)).isInstanceOf(SuiteException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").startsWith(line));
    }

    private static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("apps.toml"))) p = p.getParent();
        return p;
    }
}
