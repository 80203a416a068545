package dev.fairbench.results.friction;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.ResultsException;
import dev.fairbench.results.friction.FrictionApp.Artifact;
import dev.fairbench.results.friction.FrictionApp.Build;
import dev.fairbench.results.friction.FrictionApp.ColdStart;
import dev.fairbench.results.friction.FrictionApp.Dependencies;
import dev.fairbench.results.friction.FrictionApp.LinesOfCode;
import dev.fairbench.results.friction.FrictionApp.Linking;
import dev.fairbench.results.friction.FrictionApp.RuntimeNeeded;
import dev.fairbench.results.friction.FrictionApp.SourceCount;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** friction.json: what the store writes is valid against the schema and reads back equal; what it must refuse. */
class FrictionStoreTest {
    @TempDir
    Path dir;

    /** One app of each kind: measured with a JDK, measured static without a lockfile, failed after its build. */
    static Friction sample() {
        Friction.Rules rules = new Friction.Rules("0-1", "0", 5, 1.0,
                Map.of("maven", "/root/.m2/repository", "go", "/root/go/pkg/mod"),
                List.of("target/", "CARGO_TARGET_DIR", "GOCACHE"), Map.of("go", "go version go1.26.8 linux/amd64"));
        FrictionApp java = new FrictionApp("vertx", "Vert.x", "Java", AppStatus.MEASURED, null,
                new Build("mvn -q -B package", 61.25, 118.4, "logs/friction/vertx.clean.log", null),
                new Build("mvn -q -B package", 14.5, 27.1, "logs/friction/vertx.incremental.log",
                        "apps/vertx/src/main/java/App.java"),
                new Artifact("apps/vertx/target/vertx-app.jar", 9_876_543, Linking.NOT_ELF),
                new RuntimeNeeded(RuntimeNeeded.Kind.JDK, "/usr/lib/jvm/temurin-25", 321_000_000L, "25+36"),
                ColdStart.of("/hello", List.of(410.2, 395.0, 402.7, 388.1, 420.9)),
                new LinesOfCode(new SourceCount(List.of("apps/vertx"), 9, 912),
                        new SourceCount(List.of("apps/common", "apps/templates"), 20, 1400)),
                new Dependencies("maven", "apps/vertx/pom.xml", "mvn dependency:list", 2,
                        List.of("io.netty:netty-buffer 4.2.1.Final", "io.vertx:vertx-core 5.0.7")));
        FrictionApp c = new FrictionApp("hello-c", "hello in C", "C", AppStatus.MEASURED, null,
                new Build("cc -o hello hello.c", 0.12, 0.1, "logs/friction/hello-c.clean.log", null),
                new Build("cc -o hello hello.c", 0.11, 0.09, "logs/friction/hello-c.incremental.log", "hello.c"),
                new Artifact("hello", 16_000, Linking.STATIC), RuntimeNeeded.none(),
                ColdStart.of("/hello", List.of(1.5, 1.2)),
                new LinesOfCode(new SourceCount(List.of("hello.c"), 1, 40), new SourceCount(List.of(), 0, 0)), null);
        FrictionApp failed = new FrictionApp("axum-sqlx", "axum + sqlx", "Rust", AppStatus.FAILED,
                "cold start: did not start: exited with code 1 before it was ready",
                new Build("cargo build --release", 250.0, 480.0, "logs/friction/axum-sqlx.clean.log", null),
                null, null, null, null, null, null);
        return new Friction(Friction.SCHEMA_VERSION, "0.1.0-SNAPSHOT", Instant.parse("2026-12-02T10:00:00Z"),
                Instant.parse("2026-12-02T10:30:00.5Z"), "14055eb0123456789abcdef0123456789abcdef0", false,
                new Friction.Host("AMD EPYC", 2, "6.12.48-amd64"), rules, List.of(java, c, failed));
    }

    @Test
    void writtenFileMatchesTheSchemaAndReadsBackEqual() throws Exception {
        Friction sample = sample();
        FrictionStore.write(dir, sample);
        String json = Files.readString(FrictionStore.file(dir));
        assertThat(FrictionStore.schemaProblems(json, "friction.json")).isEmpty();
        assertThat(FrictionStore.readIfPresent(dir)).contains(sample);
        assertThat(json).endsWith("}\n").contains("\"wall_seconds\" : 61.25").contains("\"linking\" : \"not-elf\"")
                .doesNotContain("null");
        assertThat(dir.resolve("friction.json.tmp")).doesNotExist();
    }

    @Test
    void anAppMeasuredAgainKeepsItsPlace() {
        Friction sample = sample();
        FrictionApp again = sample.apps().get(1);

        Friction replaced = sample.withApp(again).withApp(sample.apps().get(0));
        assertThat(replaced.apps()).extracting(FrictionApp::name).containsExactly("vertx", "hello-c", "axum-sqlx");
        assertThat(replaced).isEqualTo(sample);
        FrictionApp renamed = new FrictionApp("go-nethttp", "Go", "Go", AppStatus.FAILED, "no go", null, null, null,
                null, null, null, null);
        assertThat(sample.withApp(renamed).apps()).extracting(FrictionApp::name)
                .containsExactly("vertx", "hello-c", "axum-sqlx", "go-nethttp");
    }

    @Test
    void aDirectoryWithoutTheFileHasNone() throws Exception {
        assertThat(FrictionStore.readIfPresent(dir)).isEmpty();
    }

    @Test
    void coldStartFiguresAreTheMedianMinimumAndMaximum() {
        ColdStart odd = ColdStart.of("/hello", List.of(5.0, 1.0, 3.0, 9.0, 4.0));
        assertThat(odd.medianMs()).isEqualTo(4.0);
        assertThat(odd.minMs()).isEqualTo(1.0);
        assertThat(odd.maxMs()).isEqualTo(9.0);
        assertThat(odd.samplesMs()).containsExactly(5.0, 1.0, 3.0, 9.0, 4.0);
        assertThat(ColdStart.of("/hello", List.of(2.0, 1.0, 4.0, 3.0)).medianMs()).isEqualTo(2.5);
        assertThatThrownBy(() -> ColdStart.of("/hello", List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSchemaRefusesWhatTheModelMustNotHold() throws Exception {
        String good = FrictionStore.toJson(sample());
        // a measured app without its cold start; a runtime "none" with a size; a failed app without a reason
        String bad = good.replaceFirst("\"cold_start\" : \\{[^}]*\\},", "")
                .replaceFirst("\"kind\" : \"none\"", "\"kind\" : \"none\", \"bytes\" : 5")
                .replace("\"reason\" : \"cold start: did not start: exited with code 1 before it was ready\",", "");
        List<String> problems = FrictionStore.schemaProblems(bad, "f.json");
        assertThat(problems).anyMatch(p -> p.startsWith("f.json: $.apps[0].cold_start:"))
                .anyMatch(p -> p.startsWith("f.json: $.apps[1].runtime"))
                .anyMatch(p -> p.startsWith("f.json: $.apps[2].reason:"));
        Files.writeString(FrictionStore.file(dir), bad);
        assertThatThrownBy(() -> FrictionStore.readIfPresent(dir)).isInstanceOf(ResultsException.class)
                .satisfies(e -> assertThat(((ResultsException) e).problems()).isEqualTo(problems.stream()
                        .map(p -> p.replaceFirst("^f\\.json", FrictionStore.file(dir).toString())).toList()));
    }

    @Test
    void anotherVersionOrNotJsonIsOneLine() {
        String json = FrictionStore.toJson(sample()).replace("\"schema_version\" : 1", "\"schema_version\" : 2");
        assertThatThrownBy(() -> FrictionStore.fromJson(json, "f.json"))
                .hasMessage("f.json has schema_version 2; this fairbench reads version 1");
        assertThatThrownBy(() -> FrictionStore.fromJson("[1]", "f.json")).hasMessage("f.json is not a JSON object");
        assertThatThrownBy(() -> FrictionStore.fromJson("{", "f.json")).hasMessageStartingWith(
                "f.json is not valid friction JSON");
    }
}
