package dev.fairbench.runner.registry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code known_failures} in apps.toml: hostile cases an app is declared to fail, each mistake one line. */
class KnownFailuresTest {
    @TempDir
    Path dir;

    private AppRegistry load(String toml) throws IOException {
        Path file = dir.resolve("apps.toml");
        Files.writeString(file, toml);
        return AppRegistry.load(file, dir);
    }

    @Test
    void declaredCasesAreReadInOrderWithTheirReasonAndUpstream() throws IOException {
        AppRegistry r = load("""
                [apps.slow]
                start = "./x"
                known_failures = [
                  { case = "stalled request head", reason = "no header timeout", upstream = "o/r#1" },
                  { case = "Content-Length 10^12 on /phash", reason = "reads the body first" },
                ]

                [apps.none]
                start = "./x"
                """);
        assertThat(r.problems()).isEmpty();
        assertThat(r.entries().get("slow").knownFailures()).containsExactly(
                new KnownFailure("stalled request head", "no header timeout", "o/r#1"),
                new KnownFailure("Content-Length 10^12 on /phash", "reads the body first", null));
        assertThat(r.entries().get("none").knownFailures()).isEmpty();
    }

    @Test
    void eachMistakeIsOneLineNamingIt() throws IOException {
        AppRegistry r = load("""
                [apps.unknowncase]
                start = "./x"
                known_failures = [{ case = "stalled head", reason = "r" }]

                [apps.noreason]
                start = "./x"
                known_failures = [{ case = "stalled request head" }]

                [apps.blankreason]
                start = "./x"
                known_failures = [{ case = "stalled request head", reason = " " }]

                [apps.nocase]
                start = "./x"
                known_failures = [{ reason = "r" }]

                [apps.twice]
                start = "./x"
                known_failures = [{ case = "OPTIONS *", reason = "r" }, { case = "OPTIONS *", reason = "s" }]

                [apps.notserved]
                start = "./x"
                routes = ["hello"]
                known_failures = [{ case = "stalled body on /phash", reason = "r" }]

                [apps.typo]
                start = "./x"
                known_failures = [{ case = "OPTIONS *", why = "r" }]

                [apps.notalist]
                start = "./x"
                known_failures = "OPTIONS *"

                [apps.badupstream]
                start = "./x"
                known_failures = [{ case = "OPTIONS *", reason = "r", upstream = 1405 }]
                """);
        assertThat(r.entries()).isEmpty();
        assertThat(r.problems().values()).allMatch(line -> !line.contains("\n"));
        assertThat(r.problems().get("unknowncase"))
                .startsWith("apps.toml: app 'unknowncase': 'known_failures': unknown hostile case 'stalled head' "
                        + "(expected one of 'stalled request head', ")
                .contains("'OPTIONS *'");
        assertThat(r.problems().get("noreason")).isEqualTo("apps.toml: app 'noreason': 'known_failures': case "
                + "'stalled request head' needs a 'reason' (why the app cannot pass it)");
        assertThat(r.problems().get("blankreason")).contains("needs a 'reason'");
        assertThat(r.problems().get("nocase")).contains("an item without a text 'case'");
        assertThat(r.problems().get("twice")).endsWith("case 'OPTIONS *' is declared twice");
        assertThat(r.problems().get("notserved")).endsWith("case 'stalled body on /phash' needs routes [phash] "
                + "that the app does not serve, so it never runs");
        assertThat(r.problems().get("typo")).endsWith("unknown key 'why' (expected case, reason, upstream)");
        assertThat(r.problems().get("notalist")).endsWith("'known_failures' must be an array of { case, reason, upstream }");
        assertThat(r.problems().get("badupstream")).contains("'upstream' must be a non-empty string");
    }

    @Test
    void aVariantHasItsBasesUnlessItDeclaresItsOwn() throws IOException {
        AppRegistry r = load("""
                [apps.base]
                start = "./x"
                known_failures = [{ case = "OPTIONS *", reason = "r" }]

                [apps.same]
                variant_of = "base"
                variant = "same server"

                [apps.own]
                variant_of = "base"
                variant = "another server"
                known_failures = [{ case = "64 KiB header", reason = "s" }]
                """);
        assertThat(r.problems()).isEmpty();
        assertThat(r.entries().get("same").knownFailures()).extracting(KnownFailure::caseName)
                .containsExactly("OPTIONS *");
        assertThat(r.entries().get("own").knownFailures()).extracting(KnownFailure::caseName)
                .containsExactly("64 KiB header");
    }

    /** Rocket's six, and the head size of the tako apps and actix-web, which their frameworks cannot bound. */
    @Test
    void theRepositoryRegistryDeclaresRocketsSixAndTheHeadSizeOfTakoAndActix() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        AppRegistry registry = AppRegistry.load(root.resolve("apps.toml"), root);
        assertThat(registry.entries().get("rocket").knownFailures()).extracting(KnownFailure::caseName)
                .containsExactly("stalled request head", "request head at 1 byte/s",
                        "headers at 1 byte/s after the request line", "/phash body at 1 byte/s",
                        "Content-Length 10^12 on /phash", "Content-Length 10^12 with Expect: 100-continue");
        assertThat(registry.entries().get("rocket").knownFailures().getFirst().upstream()).isEqualTo("rwf2/Rocket#1405");
        for (String app : List.of("tako", "tako-pt", "tako-pt-pinned", "tako-jemalloc", "actix-hello")) {
            assertThat(registry.entries().get(app).knownFailures()).as(app).extracting(KnownFailure::caseName)
                    .containsExactly("64 KiB header");
        }
        for (String app : List.of("netty-hello", "axum-hello", "ntex-hello", "axum-sqlx", "go-nethttp")) {
            assertThat(registry.entries().get(app).knownFailures()).as(app).isEmpty();
        }
    }
}
