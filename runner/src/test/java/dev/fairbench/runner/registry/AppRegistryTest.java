package dev.fairbench.runner.registry;

import dev.fairbench.workload.Route;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AppRegistryTest {
    @TempDir
    Path dir;

    private AppRegistry load(String toml) throws IOException {
        Path file = dir.resolve("apps.toml");
        Files.writeString(file, toml);
        return AppRegistry.load(file, dir);
    }

    @Test
    void theRepositoryRegistryHasTheSixAppsAndNoProblem() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        AppRegistry registry = AppRegistry.load(root.resolve("apps.toml"), root);
        assertThat(registry.problems()).isEmpty();
        assertThat(registry.entries().keySet())
                .containsExactly("vertx", "spring", "helidon", "go-nethttp", "axum-sqlx", "actix-sqlx");
        AppEntry actix = registry.entries().get("actix-sqlx");
        assertThat(actix.toolchains()).containsExactly("cargo");
        assertThat(actix.artifact()).isEqualTo(root.resolve("peers/target/release/actix-sqlx"));
        assertThat(actix.buildDir()).isEqualTo(root.resolve("peers"));
        assertThat(actix.unequalized()).hasSize(1);
        assertThat(actix.routes()).containsExactly(Route.values());
        assertThat(registry.entries().get("vertx").runtimeFlags()).isEqualTo("-Xms128m -Xmx256m -XX:+UseParallelGC");
    }

    @Test
    void defaultsAndDeclaredRoutes() throws IOException {
        AppRegistry r = load("""
                [apps.tiny]
                start = "./tiny"
                routes = ["hello", "compute"]
                env = { GOGC = "100" }
                """);
        AppEntry e = r.entries().get("tiny");
        assertThat(e.readiness()).isEqualTo("/hello");
        assertThat(e.routes()).containsExactly(Route.HELLO, Route.COMPUTE);
        assertThat(e.serves(Route.INDEX)).isFalse();
        assertThat(e.env()).containsEntry("GOGC", "100");
        assertThat(e.port()).isZero();
        assertThat(e.build()).isNull();
        assertThat(e.startDir()).isEqualTo(dir);
    }

    @Test
    void aBadEntryIsOneLineAndDoesNotHideTheGoodOnes() throws IOException {
        AppRegistry r = load("""
                [apps.good]
                start = "./good"

                [apps.typo]
                strat = "./typo"

                [apps.noroute]
                start = "./x"
                routes = ["hello", "bogus"]

                [apps.novar]
                start = "${JAVA} ${HEAP} -jar x.jar"

                [apps.nobuilt]
                start = "./x"
                build = "make"
                """);
        assertThat(r.entries().keySet()).containsExactly("good");
        assertThat(r.problems().get("typo")).isEqualTo(
                "apps.toml: app 'typo': unknown key 'strat' (expected one of artifact, build, build_dir, env, "
                        + "label, language, port, readiness, routes, runtime_flags, stack, start, start_dir, toolchains, "
                        + "unequalized, versions, workers)");
        assertThat(r.problems().get("noroute")).contains("unknown route 'bogus'").doesNotContain("\n");
        assertThat(r.problems().get("novar")).contains("unknown variable ${HEAP}");
        assertThat(r.problems().get("nobuilt")).contains("'build' needs 'artifact'");
        assertThatThrownBy(() -> r.select(List.of("typo"))).isInstanceOf(RegistryException.class)
                .hasMessageContaining("unknown key 'strat'");
        assertThatThrownBy(() -> r.select(List.of("nope"))).hasMessage(
                "unknown app 'nope': apps.toml has good, typo, noroute, novar, nobuilt");
    }

    @Test
    void invalidTomlIsAnErrorOfTheWholeFile() {
        assertThatThrownBy(() -> load("[apps.x]\nstart = \"unterminated\n"))
                .isInstanceOf(RegistryException.class).hasMessageContaining("not valid TOML")
                .hasMessageContaining("line");
        assertThatThrownBy(() -> AppRegistry.load(dir.resolve("missing.toml"), dir))
                .hasMessageContaining("no such file");
        assertThatThrownBy(() -> load("title = \"no apps\"\n")).hasMessageContaining("[apps.NAME]");
    }

    @Test
    void selectKeepsTheGivenOrder() throws IOException {
        AppRegistry r = load("[apps.a]\nstart = \"a\"\n[apps.b]\nstart = \"b\"\n");
        assertThat(r.select(List.of("b", "a", "b"))).extracting(AppEntry::name).containsExactly("b", "a");
        assertThat(r.select(List.of())).extracting(AppEntry::name).containsExactly("a", "b");
    }

    @Test
    void expandSplitsFlagVariablesIntoWords() {
        Map<String, String> vars = Map.of("JAVA", "/jdk/bin/java", "JVM_FLAGS", "-Xms1m  -Xmx2m", "PORT", "81");
        assertThat(AppEntry.expand("${JAVA} ${JVM_FLAGS} -jar 'my app.jar' --port=${PORT}", vars))
                .containsExactly("/jdk/bin/java", "-Xms1m", "-Xmx2m", "-jar", "my app.jar", "--port=81");
        assertThat(AppEntry.expand("x ${JVM_FLAGS} y", Map.of("JVM_FLAGS", ""))).containsExactly("x", "y");
        assertThatThrownBy(() -> AppEntry.split("a 'b")).hasMessageContaining("unbalanced quote");
    }

    @Test
    void routeNames() {
        assertThat(Route.parseList("tag, index,index")).containsExactly(Route.INDEX, Route.TAG);
        assertThatThrownBy(() -> Route.parseList("index,detial")).hasMessage(
                "unknown route 'detial': expected one of index, detail, tag, index-cached, detail-cached, compute, "
                        + "hello, phash");
        assertThat(Route.ofPath("/post/a-b/cached")).isEqualTo(Route.DETAIL_CACHED);
        assertThat(Route.ofPath("/post/%00")).isEqualTo(Route.DETAIL);
        assertThat(Route.ofPath("/nothing-here")).isNull();
    }
}
