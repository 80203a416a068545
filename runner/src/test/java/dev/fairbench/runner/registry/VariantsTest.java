package dev.fairbench.runner.registry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code variant_of}: what a variant inherits from its base, and one line per mistake. */
class VariantsTest {
    @TempDir
    Path dir;

    private static final String BASE = """
            [apps.go]
            label = "Go net/http"
            language = "Go"
            build = "go build -o go ."
            build_dir = "peers/go"
            artifact = "peers/go/go"
            toolchains = ["go"]
            start = "peers/go/go"
            routes = ["hello", "phash"]
            env = { GOGC = "100", GODEBUG = "madvdontneed=1" }
            unequalized = [{ setting = "base setting", why = "base why" }]
            """;

    private AppRegistry load(String toml) throws IOException {
        Path file = dir.resolve("apps.toml");
        Files.writeString(file, toml);
        return AppRegistry.load(file, dir);
    }

    @Test
    void aVariantIsItsBaseWithItsOwnKeysMergedEnvAndBothUnequalizedLists() throws IOException {
        AppRegistry r = load("""
                [apps.go-gogc400]
                variant_of = "go"
                variant = "GOGC=400"
                label = "Go net/http, GOGC=400"
                env = { GOGC = "400", GOMEMLIMIT = "200MiB" }
                unequalized = [{ setting = "variant setting", why = "variant why" }]
                """ + BASE);
        assertThat(r.problems()).isEmpty();
        assertThat(r.entries().keySet()).as("file order").containsExactly("go-gogc400", "go");
        AppEntry base = r.entries().get("go");
        AppEntry v = r.entries().get("go-gogc400");
        assertThat(base.variantOf()).isNull();
        assertThat(base.variant()).isNull();
        assertThat(base.isVariant()).isFalse();
        assertThat(v.isVariant()).isTrue();
        assertThat(v.variantOf()).isEqualTo("go");
        assertThat(v.variant()).isEqualTo("GOGC=400");
        assertThat(v.label()).isEqualTo("Go net/http, GOGC=400");
        assertThat(v.language()).isEqualTo("Go");
        assertThat(v.start()).isEqualTo(base.start());
        assertThat(v.routes()).isEqualTo(base.routes());
        assertThat(v.toolchains()).isEqualTo(base.toolchains());
        assertThat(v.env()).isEqualTo(Map.of("GOGC", "400", "GOMEMLIMIT", "200MiB", "GODEBUG", "madvdontneed=1"));
        assertThat(base.env()).as("the base is untouched").containsEntry("GOGC", "100").doesNotContainKey("GOMEMLIMIT");
        assertThat(v.unequalized()).containsExactly(new Unequalized("base setting", "base why"),
                new Unequalized("variant setting", "variant why"));
        assertThat(base.unequalized()).hasSize(1);
    }

    /** A variant that undoes a setting of its base's list lists only its own, and the base keeps its list. */
    @Test
    void aVariantThatDoesNotInheritUnequalizedListsOnlyItsOwn() throws IOException {
        AppRegistry r = load(BASE + """
                [apps.go-undone]
                variant_of = "go"
                variant = "base setting undone"
                inherit_unequalized = false

                [apps.go-other]
                variant_of = "go"
                variant = "other setting instead"
                inherit_unequalized = false
                unequalized = [{ setting = "variant setting", why = "variant why" }]

                [apps.go-kept]
                variant_of = "go"
                variant = "GOGC=400"
                inherit_unequalized = true
                env = { GOGC = "400" }
                """);
        assertThat(r.problems()).isEmpty();
        assertThat(r.entries().get("go-undone").unequalized()).isEmpty();
        assertThat(r.entries().get("go-other").unequalized())
                .containsExactly(new Unequalized("variant setting", "variant why"));
        assertThat(r.entries().get("go-kept").unequalized()).containsExactly(new Unequalized("base setting", "base why"));
        assertThat(r.entries().get("go").unequalized()).containsExactly(new Unequalized("base setting", "base why"));
    }

    /** Same build command, folder and artifact as the base: whichever of the two is prepared first builds for both. */
    @Test
    void aVariantThatChangesOnlyEnvKeepsTheBuildAndArtifactOfItsBase() throws IOException {
        AppRegistry r = load(BASE + """
                [apps.go-gogc400]
                variant_of = "go"
                variant = "GOGC=400"
                env = { GOGC = "400" }
                """);
        AppEntry base = r.entries().get("go");
        AppEntry v = r.entries().get("go-gogc400");
        assertThat(v.build()).isEqualTo(base.build());
        assertThat(v.buildDir()).isEqualTo(base.buildDir());
        assertThat(v.artifact()).isEqualTo(base.artifact()).isEqualTo(dir.resolve("peers/go/go"));
        assertThat(v.label()).as("taken from the base like every key it does not set").isEqualTo("Go net/http");
    }

    @Test
    void aVariantWithItsOwnBuildHasItsOwnArtifact() throws IOException {
        AppRegistry r = load(BASE + """
                [apps.go-pgo]
                variant_of = "go"
                variant = "PGO build"
                build = "go build -pgo=auto -o go-pgo ."
                artifact = "peers/go/go-pgo"
                start = "peers/go/go-pgo"
                """);
        assertThat(r.problems()).isEmpty();
        assertThat(r.entries().get("go-pgo").artifact()).isEqualTo(dir.resolve("peers/go/go-pgo"));
        assertThat(r.entries().get("go-pgo").buildDir()).isEqualTo(dir.resolve("peers/go"));
    }

    @Test
    void eachMistakeIsOneLineNamingTheAppAndTheKey() throws IOException {
        AppRegistry r = load(BASE + """
                [apps.broken]
                strat = "x"

                [apps.no-base]
                variant_of = "nope"
                variant = "x"

                [apps.of-variant]
                variant_of = "go-400"
                variant = "GOGC=400, twice"

                [apps.go-400]
                variant_of = "go"
                variant = "GOGC=400"

                [apps.no-variant]
                variant_of = "go"

                [apps.lone-variant]
                start = "./x"
                variant = "x"

                [apps.blank-variant]
                variant_of = "go"
                variant = " "

                [apps.itself]
                variant_of = "itself"
                variant = "x"

                [apps.of-broken]
                variant_of = "broken"
                variant = "x"

                [apps.own-build]
                variant_of = "go"
                variant = "x"
                build = "go build -tags x -o go ."

                [apps.own-artifact]
                variant_of = "go"
                variant = "x"
                artifact = "peers/go/other"

                [apps.same-artifact]
                variant_of = "go"
                variant = "x"
                build = "go build -tags x -o go ."
                artifact = "peers/go/./go"

                [apps.bad-env]
                variant_of = "go"
                variant = "x"
                env = "GOGC=400"

                [apps.typo]
                variant_of = "go"
                variant = "x"
                evn = { GOGC = "400" }

                [apps.inherit-text]
                variant_of = "go"
                variant = "x"
                inherit_unequalized = "no"

                [apps.inherit-alone]
                start = "./x"
                inherit_unequalized = false
                """);
        assertThat(r.entries().keySet()).containsExactly("go", "go-400");
        assertThat(r.problems()).containsAllEntriesOf(Map.ofEntries(
                Map.entry("no-base", "apps.toml: app 'no-base': 'variant_of': no app 'nope' in apps.toml"),
                Map.entry("of-variant", "apps.toml: app 'of-variant': 'variant_of': 'go-400' is itself a variant; "
                        + "a variant's base must be an app of its own"),
                Map.entry("no-variant", "apps.toml: app 'no-variant': 'variant_of' needs 'variant' (the difference "
                        + "in a few words, e.g. \"GOGC=400\")"),
                Map.entry("lone-variant", "apps.toml: app 'lone-variant': 'variant' needs 'variant_of' (the app this "
                        + "one differs from)"),
                Map.entry("blank-variant", "apps.toml: app 'blank-variant': 'variant' must be a non-empty string"),
                Map.entry("itself", "apps.toml: app 'itself': 'variant_of' names the app itself"),
                Map.entry("of-broken", "apps.toml: app 'of-broken': 'variant_of': the entry of 'broken' is bad "
                        + "(see its own line)"),
                Map.entry("own-build", "apps.toml: app 'own-build': 'build' of a variant needs its own 'artifact': "
                        + "the one of 'go' would be made by two different builds"),
                Map.entry("own-artifact", "apps.toml: app 'own-artifact': 'artifact' of a variant needs its own "
                        + "'build': the build of 'go' makes the artifact of 'go'"),
                Map.entry("same-artifact", "apps.toml: app 'same-artifact': 'artifact' is the one of 'go': a variant "
                        + "with its own 'build' needs an artifact of its own"),
                Map.entry("bad-env", "apps.toml: app 'bad-env': 'env' must be a table of strings"),
                Map.entry("inherit-text", "apps.toml: app 'inherit-text': 'inherit_unequalized' must be true or false"),
                Map.entry("inherit-alone", "apps.toml: app 'inherit-alone': 'inherit_unequalized' is only for a "
                        + "variant (with 'variant_of')")));
        assertThat(r.problems().get("typo")).startsWith("apps.toml: app 'typo': unknown key 'evn' (expected one of ")
                .contains("variant, variant_of");
        assertThat(r.problems().values()).allSatisfy(line -> assertThat(line).doesNotContain("\n"));
    }
}
