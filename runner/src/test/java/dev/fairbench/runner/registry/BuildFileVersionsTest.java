package dev.fairbench.runner.registry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Versions read from small pom.xml, Cargo.lock and go.mod fixtures, and each mistake as one line. */
class BuildFileVersionsTest {
    @TempDir
    Path dir;

    private static final String PARENT_POM = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>dev.example</groupId>
              <artifactId>parent</artifactId>
              <version>1.0-SNAPSHOT</version>
              <packaging>pom</packaging>
              <properties>
                <lettuce.version>7.7.0.RELEASE</lettuce.version>
                <pgjdbc.version>42.7.14</pgjdbc.version>
                <junit.version>6.0.3</junit.version>
              </properties>
              <dependencyManagement>
                <dependencies>
                  <dependency>
                    <groupId>org.junit</groupId>
                    <artifactId>junit-bom</artifactId>
                    <version>${junit.version}</version>
                    <type>pom</type>
                    <scope>import</scope>
                  </dependency>
                  <dependency>
                    <groupId>io.lettuce</groupId>
                    <artifactId>lettuce-core</artifactId>
                    <version>${lettuce.version}</version>
                  </dependency>
                  <dependency>
                    <groupId>org.postgresql</groupId>
                    <artifactId>postgresql</artifactId>
                    <version>${pgjdbc.version}</version>
                  </dependency>
                  <dependency>
                    <groupId>dev.example</groupId>
                    <artifactId>shared</artifactId>
                    <version>${project.version}</version>
                  </dependency>
                </dependencies>
              </dependencyManagement>
            </project>
            """;

    private static final String APP_POM = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <parent>
                <groupId>dev.example</groupId>
                <artifactId>parent</artifactId>
                <version>1.0-SNAPSHOT</version>
                <relativePath>../../pom.xml</relativePath>
              </parent>
              <artifactId>app</artifactId>
              <properties>
                <vertx.version>5.0.7</vertx.version>
                <pgjdbc.version>42.7.99</pgjdbc.version>
              </properties>
              <dependencyManagement>
                <dependencies>
                  <dependency>
                    <groupId>io.vertx</groupId>
                    <artifactId>vertx-stack-depchain</artifactId>
                    <version>${vertx.version}</version>
                    <type>pom</type>
                    <scope>import</scope>
                  </dependency>
                </dependencies>
              </dependencyManagement>
              <dependencies>
                <dependency><groupId>io.vertx</groupId><artifactId>vertx-core</artifactId></dependency>
                <dependency><groupId>io.netty</groupId><artifactId>netty-transport-native-epoll</artifactId></dependency>
                <dependency><groupId>io.lettuce</groupId><artifactId>lettuce-core</artifactId></dependency>
                <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId></dependency>
                <dependency>
                  <groupId>com.zaxxer</groupId>
                  <artifactId>HikariCP</artifactId>
                  <version>7.1.0</version>
                </dependency>
              </dependencies>
            </project>
            """;

    private Map<String, String> resolve(String file, String... componentAndName) {
        Map<String, String> names = new LinkedHashMap<>();
        for (int i = 0; i < componentAndName.length; i += 2) names.put(componentAndName[i], componentAndName[i + 1]);
        return BuildFileVersions.resolve(dir, file, names);
    }

    private void write(String file, String text) throws IOException {
        Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    @Test
    void mavenVersionsFromTheDependencyAPropertyTheParentOrAnImportedBom() throws IOException {
        write("pom.xml", PARENT_POM);
        write("apps/app/pom.xml", APP_POM);
        assertThat(resolve("apps/app/pom.xml",
                "hikaricp", "com.zaxxer:HikariCP",                      // the dependency's own version
                "lettuce", "io.lettuce:lettuce-core",                   // managed by the parent, parent's property
                "pgjdbc", "org.postgresql:postgresql",                  // parent's management, the app's property
                "vert.x", "io.vertx:vertx-core",                        // the imported BOM of its group
                "depchain", "io.vertx:vertx-stack-depchain",            // the BOM named itself
                "junit", "org.junit.jupiter:junit-jupiter",             // a BOM of a parent group, in the parent
                "shared", "dev.example:shared"))                        // ${project.version} from <parent>
                .containsExactly(Map.entry("hikaricp", "7.1.0"), Map.entry("lettuce", "7.7.0.RELEASE"),
                        Map.entry("pgjdbc", "42.7.99"), Map.entry("vert.x", "5.0.7"),
                        Map.entry("depchain", "5.0.7"), Map.entry("junit", "6.0.3"),
                        Map.entry("shared", "1.0-SNAPSHOT"));
    }

    @Test
    void mavenMistakesAreOneLine() throws IOException {
        write("pom.xml", PARENT_POM);
        write("apps/app/pom.xml", APP_POM);
        assertThatThrownBy(() -> resolve("apps/app/pom.xml", "netty", "io.netty:netty-transport-native-epoll"))
                .hasMessage("'versions_from.netty': io.netty:netty-transport-native-epoll has no version in "
                        + "apps/app/pom.xml or its parent poms and no imported BOM of group io.netty manages it: "
                        + "name what states its version");
        assertThatThrownBy(() -> resolve("apps/app/pom.xml", "x", "io.vertx:vertx-cor"))
                .hasMessage("'versions_from.x': io.vertx:vertx-cor is neither a dependency nor managed in "
                        + "apps/app/pom.xml or its parent poms");
        assertThatThrownBy(() -> resolve("apps/app/pom.xml", "x", "vertx-core"))
                .hasMessage("'versions_from.x': expected groupId:artifactId for a pom.xml, not 'vertx-core'");
        write("apps/bad/pom.xml", APP_POM.replace("7.1.0", "${hikari.version}"));
        assertThatThrownBy(() -> resolve("apps/bad/pom.xml", "hikaricp", "com.zaxxer:HikariCP"))
                .hasMessage("'versions_from.hikaricp': ${hikari.version} is not defined in apps/bad/pom.xml or its "
                        + "parent poms");
        write("apps/broken/pom.xml", APP_POM.replace("</parent>", "</parnet>"));
        assertThatThrownBy(() -> resolve("apps/broken/pom.xml", "x", "a:b"))
                .hasMessageStartingWith("'versions_file' apps/broken/pom.xml: not valid XML: ")
                .hasMessageEndingWith("(line 9)").message().doesNotContain("\n");
        assertThatThrownBy(() -> resolve("apps/none/pom.xml", "x", "a:b"))
                .hasMessage("'versions_file' apps/none/pom.xml: no such file");
    }

    @Test
    void cargoLockPackagesAndTheVersionTheWorkspaceUsesWhenSeveralAreLocked() throws IOException {
        write("peers/Cargo.lock", """
                version = 4

                [[package]]
                name = "axum"
                version = "0.8.9"
                source = "registry+https://github.com/rust-lang/crates.io-index"

                [[package]]
                name = "http"
                version = "0.2.12"
                source = "registry+https://github.com/rust-lang/crates.io-index"

                [[package]]
                name = "http"
                version = "1.3.1"
                source = "registry+https://github.com/rust-lang/crates.io-index"

                [[package]]
                name = "hashbrown"
                version = "0.14.5"
                source = "registry+https://github.com/rust-lang/crates.io-index"

                [[package]]
                name = "hashbrown"
                version = "0.15.2"
                source = "registry+https://github.com/rust-lang/crates.io-index"

                [[package]]
                name = "my-app"
                version = "0.1.0"
                dependencies = [
                 "axum",
                 "http 1.3.1",
                ]
                """);
        assertThat(resolve("peers/Cargo.lock", "axum", "axum", "http", "http", "app", "my-app"))
                .containsExactly(Map.entry("axum", "0.8.9"), Map.entry("http", "1.3.1"), Map.entry("app", "0.1.0"));
        assertThatThrownBy(() -> resolve("peers/Cargo.lock", "sqlx", "sqlx"))
                .hasMessage("'versions_from.sqlx': no package 'sqlx' in peers/Cargo.lock");
        assertThatThrownBy(() -> resolve("peers/Cargo.lock", "hb", "hashbrown"))
                .hasMessage("'versions_from.hb': peers/Cargo.lock locks 2 versions of 'hashbrown' (0.14.5, 0.15.2) "
                        + "and the workspace's crates depend on none of them directly: name the version in 'versions'");
        write("bad/Cargo.lock", "[[package]]\nname = \"axum\nversion = \"1\"\n");
        assertThatThrownBy(() -> resolve("bad/Cargo.lock", "axum", "axum"))
                .hasMessageStartingWith("'versions_file' bad/Cargo.lock: not valid TOML: ")
                .hasMessageContaining("(line 2)").message().doesNotContain("\n");
        write("empty/Cargo.lock", "version = 4\n");
        assertThatThrownBy(() -> resolve("empty/Cargo.lock", "axum", "axum"))
                .hasMessage("'versions_file' empty/Cargo.lock: no [[package]] table (not a Cargo.lock?)");
    }

    @Test
    void goModRequireLinesAndBlocks() throws IOException {
        write("go/go.mod", """
                module example.com/app

                go 1.26.0

                require github.com/redis/go-redis/v9 v9.23.0

                require (
                	github.com/jackc/pgx/v5 v5.12.0
                	golang.org/x/sys v0.48.0 // indirect
                )

                replace (
                	example.com/other => ../other
                )
                """);
        assertThat(resolve("go/go.mod", "pgx", "github.com/jackc/pgx/v5", "go-redis", "github.com/redis/go-redis/v9",
                "sys", "golang.org/x/sys"))
                .containsExactly(Map.entry("pgx", "5.12.0"), Map.entry("go-redis", "9.23.0"), Map.entry("sys", "0.48.0"));
        assertThatThrownBy(() -> resolve("go/go.mod", "chi", "github.com/go-chi/chi/v5"))
                .hasMessage("'versions_from.chi': no require of 'github.com/go-chi/chi/v5' in go/go.mod");
        write("open/go.mod", "module x\n\nrequire (\n\tgithub.com/a/b v1.0.0\n");
        assertThatThrownBy(() -> resolve("open/go.mod", "b", "github.com/a/b"))
                .hasMessage("'versions_file' open/go.mod: the 'require (' block of line 3 is not closed");
        write("typo/go.mod", "module x\n\nrequire (\n\tgithub.com/a/b 1.0.0\n)\n");
        assertThatThrownBy(() -> resolve("typo/go.mod", "b", "github.com/a/b"))
                .hasMessage("'versions_file' typo/go.mod line 4: expected 'module/path vX.Y.Z' in a require, not "
                        + "'github.com/a/b 1.0.0'");
    }

    @Test
    void anUnknownKindOfFile() {
        assertThatThrownBy(() -> resolve("peers/Cargo.toml", "axum", "axum"))
                .hasMessage("'versions_file' must be a pom.xml, Cargo.lock or go.mod, not 'peers/Cargo.toml'");
    }
}
