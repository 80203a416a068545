package dev.fairbench.friction;

import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Counting a lockfile's packages: the three tools' outputs, from fixture files with known counts. */
class LockfileDependenciesTest {
    @TempDir
    Path dir;

    private static String fixture(String name) throws IOException {
        try (InputStream in = LockfileDependenciesTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void cargoTreeCountsEachThirdPartyCrateOnceAndLeavesOutWorkspaceMembers() throws IOException {
        List<String> crates = LockfileDependencies.cargoTree(fixture("cargo-tree.txt"));
        // 18 lines: 2 workspace members (a path source), 3 repeats marked (*); proc-macro and git crates count
        assertThat(crates).hasSize(13).contains("serde_derive 1.0.229", "some-git-crate 0.3.0", "bytes 1.12.2")
                .doesNotContain("axum-sqlx 0.1.0", "blog-core 0.1.0").isSorted();
    }

    @Test
    void goListCountsModulesWithoutTheMainOne() throws IOException {
        List<String> modules = LockfileDependencies.goModules(fixture("go-list-m-all.txt"));
        assertThat(modules).hasSize(8).contains("github.com/jackc/pgx/v5 v5.12.0", "golang.org/x/sync v0.22.0")
                .noneMatch(m -> m.startsWith("fairbench/"));
    }

    @Test
    void mavenListCountsArtifactsWithTheirClassifierAndLeavesOutTheProjectsModules() throws IOException {
        List<String> artifacts = LockfileDependencies.mavenList(fixture("maven-dependency-list.txt"),
                Set.of("dev.fairbench:app-common", "dev.fairbench:templates"));
        assertThat(artifacts).containsExactly("com.ongres.scram:scram-client 3.2", "gg.jte:jte-runtime 3.2.5",
                "io.netty:netty-common 4.2.9.Final", "io.netty:netty-transport-classes-epoll 4.2.9.Final",
                "io.netty:netty-transport-native-epoll:linux-x86_64 4.2.9.Final", "io.vertx:vertx-core 5.0.7");
    }

    @Test
    void theProjectsModulesAreEveryPomOutsideTargetFolders() throws IOException {
        Files.createDirectories(dir.resolve("lib/target"));
        Files.writeString(dir.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <groupId>org.example</groupId><artifactId>parent</artifactId>
                  <dependencies><dependency><groupId>x</groupId><artifactId>not-me</artifactId></dependency></dependencies>
                </project>""");
        Files.writeString(dir.resolve("lib/pom.xml"), """
                <project><parent><groupId>org.example</groupId><artifactId>parent</artifactId></parent>
                  <artifactId>lib</artifactId></project>""");
        Files.writeString(dir.resolve("lib/target/pom.xml"), "<project><groupId>y</groupId><artifactId>z</artifactId>"
                + "</project>");
        assertThat(LockfileDependencies.projectModules(dir)).containsExactly("org.example:lib", "org.example:parent");
    }

    @Test
    void theBuildFileNearestTheHandlerWithinTheAppsSourcesDecides() throws IOException {
        Files.createDirectories(dir.resolve("ws/app/src"));
        Files.writeString(dir.resolve("ws/Cargo.lock"), "# lock\n");
        Files.writeString(dir.resolve("ws/app/Cargo.toml"), "[package]\nname = \"app\"\nversion = \"0.1.0\"\n");
        Files.writeString(dir.resolve("ws/app/src/main.rs"), "fn main() {}\n");
        Files.createDirectories(dir.resolve("gomod"));
        Files.writeString(dir.resolve("gomod/go.mod"), "module x\n");
        Files.writeString(dir.resolve("gomod/main.go"), "package main\n");
        Files.createDirectories(dir.resolve("java/src/main/java"));
        Files.writeString(dir.resolve("java/pom.xml"), "<project/>");
        Files.writeString(dir.resolve("java/src/main/java/App.java"), "class App {}\n");
        Files.createDirectories(dir.resolve("c"));
        Files.writeString(dir.resolve("c/hello.c"), "int main(void) { return 0; }\n");
        Files.writeString(dir.resolve("pom.xml"), "<project/>"); // above every app's sources: never chosen
        Files.writeString(dir.resolve("apps.toml"), """
                [apps.rust]
                start = "x"
                build = "cargo build"
                build_dir = "ws"
                artifact = "ws/target/release/app"
                handler = "ws/app/src/main.rs"
                sources = ["ws/app"]

                [apps.go]
                start = "x"
                handler = "gomod/main.go"
                sources = ["gomod"]

                [apps.java]
                start = "x"
                handler = "java/src/main/java/App.java"
                sources = ["java"]

                [apps.c]
                start = "x"
                handler = "c/hello.c"
                sources = ["c"]
                """);
        AppRegistry registry = AppRegistry.load(dir.resolve("apps.toml"), dir);
        assertThat(registry.problems()).isEmpty();
        var rust = LockfileDependencies.plan(entry(registry, "rust"), dir).orElseThrow();
        assertThat(rust.kind()).isEqualTo("cargo");
        assertThat(rust.file()).isEqualTo(dir.resolve("ws/Cargo.lock"));
        assertThat(rust.argv()).containsExactly("cargo", "tree", "-p", "app", "--locked", "--prefix", "none", "-e",
                "normal,build");
        var go = LockfileDependencies.plan(entry(registry, "go"), dir).orElseThrow();
        assertThat(go.kind()).isEqualTo("go");
        assertThat(go.file()).isEqualTo(dir.resolve("gomod/go.mod"));
        var java = LockfileDependencies.plan(entry(registry, "java"), dir).orElseThrow();
        assertThat(java.kind()).isEqualTo("maven");
        assertThat(java.workDir()).isEqualTo(dir);
        assertThat(java.argv()).containsSubsequence("dependency:list", "-pl", "java", "-am");
        assertThat(LockfileDependencies.plan(entry(registry, "c"), dir)).isEmpty();
    }

    private static AppEntry entry(AppRegistry registry, String name) {
        return registry.entries().get(name);
    }
}
