package dev.fairbench.runner.registry;

import dev.fairbench.workload.Route;
import dev.fairbench.workload.conformance.PageCacheFormat;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    void theRepositoryRegistryHasTheBlogAndHelloAppsAndNoProblem() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        AppRegistry registry = AppRegistry.load(root.resolve("apps.toml"), root);
        assertThat(registry.problems()).isEmpty();
        assertThat(registry.entries().keySet())
                .containsExactly("vertx", "netty-hello", "spring", "helidon", "go-nethttp", "go-nethttp-gogc400",
                        "go-nethttp-memlimit", "axum-sqlx", "actix-sqlx", "tako", "tako-pt", "tako-pt-pinned",
                        "tako-jemalloc", "axum-hello", "actix-hello", "ntex-hello", "cot", "axum-sqlx-ping",
                        "axum-sqlx-conn-per-query", "axum-sqlx-json-cache", "actix-sqlx-shared-pool",
                        "axum-sqlx-mimalloc", "actix-sqlx-mimalloc", "rocket", "rustango-axum", "rustango-actix",
                        "loco");
        AppEntry memlimit = registry.entries().get("go-nethttp-memlimit");
        assertThat(memlimit.variantOf()).isEqualTo("go-nethttp");
        assertThat(memlimit.env()).containsEntry("GOGC", "off").containsKey("GOMEMLIMIT");
        assertThat(memlimit.artifact()).isEqualTo(registry.entries().get("go-nethttp").artifact());
        assertThat(registry.entries().get("go-nethttp-gogc400").env()).containsEntry("GOGC", "400");
        AppEntry actix = registry.entries().get("actix-sqlx");
        assertThat(actix.toolchains()).containsExactly("cargo");
        assertThat(actix.artifact()).isEqualTo(root.resolve("peers/target/release/actix-sqlx"));
        assertThat(actix.buildDir()).isEqualTo(root.resolve("peers"));
        assertThat(actix.unequalized()).hasSize(1);
        assertThat(actix.routes()).containsExactly(Route.values());
        assertThat(registry.entries().get("netty-hello").routes()).containsExactly(Route.HELLO);
        // The hello apps serve /hello alone, from the workspace's hello profile; axum and actix-web leave
        // TCP_NODELAY off, and that is declared.
        for (String app : List.of("tako", "tako-pt", "tako-pt-pinned", "tako-jemalloc", "axum-hello", "actix-hello",
                "ntex-hello")) {
            AppEntry hello = registry.entries().get(app);
            assertThat(hello.routes()).as(app).containsExactly(Route.HELLO);
            assertThat(hello.artifact()).as(app).isEqualTo(root.resolve("peers/target/hello/" + app));
            assertThat(hello.build()).as(app).contains("--locked --profile hello -p hello-");
        }
        for (String app : List.of("axum-hello", "actix-hello")) {
            assertThat(registry.entries().get(app).unequalized()).as(app)
                    .anySatisfy(u -> assertThat(u.setting()).contains("TCP_NODELAY off"));
        }
        // Round 2's findings as variants of the Rust peers: settings in the environment on the base's binary, the
        // allocator in a binary of its own next to it.
        AppEntry axum = registry.entries().get("axum-sqlx");
        for (String app : List.of("axum-sqlx-ping", "axum-sqlx-conn-per-query", "axum-sqlx-json-cache")) {
            AppEntry v = registry.entries().get(app);
            assertThat(v.variantOf()).as(app).isEqualTo("axum-sqlx");
            assertThat(v.artifact()).as(app).isEqualTo(axum.artifact());
            assertThat(v.env()).as(app).hasSize(1);
        }
        assertThat(axum.pageCache()).isEqualTo(PageCacheFormat.RAW);
        assertThat(registry.entries().get("axum-sqlx-json-cache").pageCache()).isEqualTo(PageCacheFormat.JSON_BASE64);
        AppEntry shared = registry.entries().get("actix-sqlx-shared-pool");
        assertThat(shared.env()).containsEntry("WORKER_POOLS", "shared");
        assertThat(shared.unequalized()).as("the base's pool slices do not apply").isEmpty();
        assertThat(shared.artifact()).isEqualTo(actix.artifact());
        for (String base : List.of("axum-sqlx", "actix-sqlx")) {
            AppEntry v = registry.entries().get(base + "-mimalloc");
            assertThat(v.artifact()).as(base).isEqualTo(root.resolve("peers/target/release/" + base + "-mimalloc"));
            assertThat(v.build()).as(base).contains("--features mimalloc --bin " + base + "-mimalloc");
            assertThat(v.versions()).as(base).containsKey("mimalloc");
        }
        assertThat(registry.entries().get("vertx").runtimeFlags()).isEqualTo(
                "-XX:+UseSerialGC -Xms64m -Xmx64m -Xmn24m -XX:+UseCompactObjectHeaders -XX:-TieredCompilation"
                        + " -XX:CICompilerCount=1 -XX:TrimNativeHeapInterval=1000");
    }

    /** Every version apps.toml declares is read from the build file, and is what that file says. */
    @Test
    void theRepositoryRegistryReadsEveryVersionFromTheBuildFiles() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        AppRegistry registry = AppRegistry.load(root.resolve("apps.toml"), root);
        JsonNode apps = new TomlMapper().readTree(root.resolve("apps.toml").toFile()).get("apps");
        for (AppEntry e : registry.entries().values()) {
            // a variant reads them through its base
            JsonNode from = apps.get(e.isVariant() ? e.variantOf() : e.name()).get("versions_from");
            assertThat(from).as(e.name() + " reads its versions from its build file").isNotNull();
            from.fieldNames().forEachRemaining(component ->
                    assertThat(e.versions().get(component)).as(e.name() + " " + component).isNotBlank());
        }
        String rootPom = Files.readString(root.resolve("pom.xml"));
        String lock = Files.readString(root.resolve("peers/Cargo.lock"));
        String goMod = Files.readString(root.resolve("peers/go-nethttp/go.mod"));
        assertThat(registry.entries().get("vertx").versions())
                .containsEntry("vert.x", tag(Files.readString(root.resolve("apps/vertx/pom.xml")), "vertx.version"));
        assertThat(registry.entries().get("spring").versions())
                .containsEntry("spring-boot", tag(Files.readString(root.resolve("apps/spring/pom.xml")),
                        "spring-boot.version"))
                .containsEntry("lettuce", tag(rootPom, "lettuce.version"))
                .containsEntry("hikaricp", tag(rootPom, "hikari.version"))
                .containsEntry("pgjdbc", tag(rootPom, "pgjdbc.version"));
        assertThat(registry.entries().get("netty-hello").versions())
                .containsEntry("netty", tag(rootPom, "netty.version"));
        assertThat(registry.entries().get("helidon").versions())
                .containsEntry("helidon", tag(Files.readString(root.resolve("apps/helidon/pom.xml")), "helidon.version"))
                .containsEntry("lettuce", tag(rootPom, "lettuce.version"));
        assertThat(registry.entries().get("go-nethttp").versions())
                .containsEntry("pgx", goRequire(goMod, "github.com/jackc/pgx/v5"))
                .containsEntry("go-redis", goRequire(goMod, "github.com/redis/go-redis/v9"));
        for (String app : List.of("axum-sqlx", "actix-sqlx", "tako", "tako-pt", "tako-pt-pinned", "tako-jemalloc",
                "axum-hello", "actix-hello", "ntex-hello")) {
            registry.entries().get(app).versions().forEach((component, version) ->
                    assertThat(version).as(app + " " + component).isEqualTo(cargoPackage(lock, component)));
        }
    }

    private static String tag(String xml, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(xml);
        assertThat(m.find()).as("<" + name + ">").isTrue();
        return m.group(1).strip();
    }

    private static String goRequire(String goMod, String module) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(module) + "\\s+v(\\S+)").matcher(goMod);
        assertThat(m.find()).as(module).isTrue();
        return m.group(1);
    }

    /**
     * The locked version of a package; when several are locked, the one a workspace crate (a package without a
     * source) names in its dependencies, as Cargo.lock writes "name version" there.
     */
    private static String cargoPackage(String lock, String name) {
        Matcher m = Pattern.compile("name = \"" + Pattern.quote(name) + "\"\nversion = \"([^\"]+)\"").matcher(lock);
        List<String> versions = new java.util.ArrayList<>();
        while (m.find()) versions.add(m.group(1));
        assertThat(versions).as(name).isNotEmpty();
        if (versions.size() == 1) return versions.getFirst();
        Matcher used = Pattern.compile("\"" + Pattern.quote(name) + " ([^\" ]+)\"").matcher(
                String.join("\n", java.util.Arrays.stream(lock.split("\\[\\[package]]"))
                        .filter(block -> !block.contains("\nsource = ")).toList()));
        assertThat(used.find()).as(name + ": named by a workspace crate").isTrue();
        return used.group(1);
    }

    @Test
    void versionsFromABuildFileAndTheirMistakes() throws IOException {
        Files.writeString(dir.resolve("go.mod"), "module x\n\nrequire github.com/a/b v1.2.3\n");
        AppRegistry r = load("""
                [apps.go]
                start = "./go"
                versions = { "go" = "1.26" }
                versions_file = "go.mod"
                versions_from = { "b" = "github.com/a/b" }

                [apps.nofile]
                start = "./x"
                versions_from = { "b" = "github.com/a/b" }

                [apps.both]
                start = "./x"
                versions = { "b" = "1" }
                versions_file = "go.mod"
                versions_from = { "b" = "github.com/a/b" }

                [apps.missing]
                start = "./x"
                versions_file = "peers/go.mod"
                versions_from = { "b" = "github.com/a/b" }

                [apps.unknown]
                start = "./x"
                versions_file = "go.mod"
                versions_from = { "c" = "github.com/a/c" }
                """);
        assertThat(r.entries().keySet()).containsExactly("go");
        assertThat(r.entries().get("go").versions()).isEqualTo(Map.of("go", "1.26", "b", "1.2.3"));
        assertThat(r.problems()).containsExactly(
                Map.entry("nofile", "apps.toml: app 'nofile': 'versions_from' needs 'versions_file' (the pom.xml, "
                        + "Cargo.lock or go.mod to read the versions from)"),
                Map.entry("both", "apps.toml: app 'both': 'b' is in both 'versions' and 'versions_from'"),
                Map.entry("missing", "apps.toml: app 'missing': 'versions_file' peers/go.mod: no such file"),
                Map.entry("unknown", "apps.toml: app 'unknown': 'versions_from.c': no require of 'github.com/a/c' "
                        + "in go.mod"));
    }

    /** Every app of the repository says where its code is, for the build-and-ship measurement. */
    @Test
    void theRepositoryRegistryDeclaresEveryAppsSources() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        AppRegistry registry = AppRegistry.load(root.resolve("apps.toml"), root);
        for (AppEntry e : registry.entries().values()) {
            assertThat(e.sources().declared()).as(e.name()).isTrue();
        }
        AppSources axum = registry.entries().get("axum-sqlx").sources();
        assertThat(axum.handler()).isEqualTo(root.resolve("peers/axum-sqlx/src/main.rs"));
        assertThat(axum.own()).containsExactly(root.resolve("peers/axum-sqlx"));
        assertThat(axum.shared()).containsExactly(root.resolve("peers/blog-core"));
        assertThat(registry.entries().get("go-nethttp").sources().shared()).isEmpty();
    }

    @Test
    void sourcesAndTheirMistakes() throws IOException {
        Files.createDirectories(dir.resolve("app/src"));
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("app/src/main.c"), "int main(void) { return 0; }\n");
        AppRegistry r = load("""
                [apps.good]
                start = "./x"
                handler = "app/src/main.c"
                sources = ["app"]
                shared_sources = ["lib"]

                [apps.none]
                start = "./x"

                [apps.nohandler]
                start = "./x"
                sources = ["app"]

                [apps.nosources]
                start = "./x"
                handler = "app/src/main.c"

                [apps.outside]
                start = "./x"
                handler = "app/src/main.c"
                sources = ["app", "../elsewhere"]

                [apps.missing]
                start = "./x"
                handler = "app/src/gone.c"
                sources = ["app"]

                [apps.folder]
                start = "./x"
                handler = "app/src"
                sources = ["app"]

                [apps.notunder]
                start = "./x"
                handler = "app/src/main.c"
                sources = ["lib"]

                [apps.overlap]
                start = "./x"
                handler = "app/src/main.c"
                sources = ["app"]
                shared_sources = ["app/src"]
                """);
        assertThat(r.entries().keySet()).containsExactly("good", "none");
        AppSources good = r.entries().get("good").sources();
        assertThat(good.handler()).isEqualTo(dir.resolve("app/src/main.c"));
        assertThat(good.own()).containsExactly(dir.resolve("app"));
        assertThat(good.shared()).containsExactly(dir.resolve("lib"));
        assertThat(r.entries().get("none").sources()).isEqualTo(AppSources.NONE);
        assertThat(r.entries().get("none").sources().declared()).isFalse();
        assertThat(r.problems()).containsExactly(
                Map.entry("nohandler", "apps.toml: app 'nohandler': 'sources' needs 'handler' (the file serving the "
                        + "app's routes)"),
                Map.entry("nosources", "apps.toml: app 'nosources': 'handler' needs 'sources' (the app's own files "
                        + "and folders)"),
                Map.entry("outside", "apps.toml: app 'outside': 'sources' ../elsewhere must be a path inside the "
                        + "repository, relative to its root"),
                Map.entry("missing", "apps.toml: app 'missing': 'handler' app/src/gone.c: no such file or folder"),
                Map.entry("folder", "apps.toml: app 'folder': 'handler' app/src is not a file"),
                Map.entry("notunder", "apps.toml: app 'notunder': 'handler' app/src/main.c is not under any of "
                        + "'sources'"),
                Map.entry("overlap", "apps.toml: app 'overlap': 'shared_sources' app/src overlaps 'sources' app: a "
                        + "line is counted once, as the app's or as shared"));
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
        assertThat(e.pageCache()).isEqualTo(PageCacheFormat.RAW);
    }

    /** The gate reads the page cache in the declared format; a format it does not know is one line. */
    @Test
    void pageCacheFormats() throws IOException {
        AppRegistry r = load("""
                [apps.json]
                start = "./x"
                page_cache = "json-base64"

                [apps.raw]
                start = "./x"
                page_cache = "raw"

                [apps.badcache]
                start = "./x"
                page_cache = "json"
                """);
        assertThat(r.entries().get("json").pageCache()).isEqualTo(PageCacheFormat.JSON_BASE64);
        assertThat(r.entries().get("raw").pageCache()).isEqualTo(PageCacheFormat.RAW);
        assertThat(r.problems()).containsExactly(Map.entry("badcache",
                "apps.toml: app 'badcache': 'page_cache' must be one of raw, json-base64"));
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
                        + "handler, inherit_unequalized, known_failures, label, language, page_cache, port, readiness, routes, "
                        + "runtime_flags, shared_sources, sources, stack, start, start_dir, toolchains, unequalized, "
                        + "variant, variant_of, versions, versions_file, versions_from, workers)");
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
