package dev.fairbench.report.render;

import dev.fairbench.results.AppStatus;
import dev.fairbench.results.friction.Friction;
import dev.fairbench.results.friction.FrictionApp;
import dev.fairbench.results.friction.FrictionApp.Artifact;
import dev.fairbench.results.friction.FrictionApp.Build;
import dev.fairbench.results.friction.FrictionApp.ColdStart;
import dev.fairbench.results.friction.FrictionApp.Dependencies;
import dev.fairbench.results.friction.FrictionApp.LinesOfCode;
import dev.fairbench.results.friction.FrictionApp.Linking;
import dev.fairbench.results.friction.FrictionApp.RuntimeNeeded;
import dev.fairbench.results.friction.FrictionApp.SourceCount;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * A build-and-ship measurement of five apps for the report's tests: a JVM app, a static Go binary, a Rust app with
 * a shared library, one that failed at its cold start after both builds, and one skipped.
 */
final class SampleFriction {
    private SampleFriction() {
    }

    private static List<String> packages(String prefix, int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + i + " 1.0." + i).toList();
    }

    static Friction build() {
        Friction.Rules rules = new Friction.Rules("0-1", "0", 5, 1.0,
                Map.of("maven", "/root/.m2/repository", "cargo", "/root/.cargo/registry", "go", "/root/go/pkg/mod"),
                List.of("target/", "CARGO_TARGET_DIR", "GOCACHE"),
                Map.of("java", "Eclipse Adoptium 25+36-LTS", "go", "go version go1.26.8 linux/amd64",
                        "cargo", "cargo 1.95.0", "mvn", "Apache Maven 3.8.7"));
        FrictionApp vertx = new FrictionApp("vertx", "Vert.x", "Java", AppStatus.MEASURED, null,
                new Build("mvn -q -B -DskipTests -pl apps/vertx -am package", 48.312, 91.87,
                        "logs/friction/vertx.clean.log", null),
                new Build("mvn -q -B -DskipTests -pl apps/vertx -am package", 17.04, 35.2,
                        "logs/friction/vertx.incremental.log",
                        "apps/vertx/src/main/java/dev/fairbench/apps/vertx/BlogVerticle.java"),
                new Artifact("apps/vertx/target/vertx-app.jar", 9_404_112, Linking.NOT_ELF),
                new RuntimeNeeded(RuntimeNeeded.Kind.JDK, "/usr/lib/jvm/temurin-25-jdk-amd64", 331_350_016L,
                        "Eclipse Adoptium 25+36-LTS"),
                ColdStart.of("/hello", List.of(612.4, 598.0, 604.9, 640.3, 601.7)),
                new LinesOfCode(new SourceCount(List.of("apps/vertx"), 10, 1_318),
                        new SourceCount(List.of("apps/common", "apps/templates"), 27, 1_905)),
                new Dependencies("maven", "apps/vertx/pom.xml", "mvn -B -o -q dependency:list -DincludeScope=runtime",
                        31, packages("io.netty:netty-part", 31)));
        FrictionApp go = new FrictionApp("go-nethttp", "Go net/http", "Go", AppStatus.MEASURED, null,
                new Build("go build -trimpath -o go-nethttp .", 39.9, 71.23, "logs/friction/go-nethttp.clean.log",
                        null),
                new Build("go build -trimpath -o go-nethttp .", 1.87, 2.95, "logs/friction/go-nethttp.incremental.log",
                        "peers/go-nethttp/app.go"),
                new Artifact("peers/go-nethttp/go-nethttp", 10_223_616, Linking.STATIC), RuntimeNeeded.none(),
                ColdStart.of("/hello", List.of(6.912, 5.804, 6.1, 7.403, 6.25)),
                new LinesOfCode(new SourceCount(List.of("peers/go-nethttp"), 14, 1_502),
                        new SourceCount(List.of(), 0, 0)),
                new Dependencies("go", "peers/go-nethttp/go.sum", "go list -m all", 24, packages("example.org/m", 24)));
        FrictionApp axum = new FrictionApp("axum-sqlx", "axum + sqlx", "Rust", AppStatus.MEASURED, null,
                new Build("cargo build --release --locked -p axum-sqlx", 251.6, 488.05,
                        "logs/friction/axum-sqlx.clean.log", null),
                new Build("cargo build --release --locked -p axum-sqlx", 46.71, 47.9,
                        "logs/friction/axum-sqlx.incremental.log", "peers/axum-sqlx/src/main.rs"),
                new Artifact("peers/target/release/axum-sqlx", 7_340_032, Linking.DYNAMIC), RuntimeNeeded.none(),
                ColdStart.of("/hello", List.of(3.1, 2.87, 2.95, 3.42, 3.0)),
                new LinesOfCode(new SourceCount(List.of("peers/axum-sqlx"), 2, 412),
                        new SourceCount(List.of("peers/blog-core"), 16, 2_230)),
                new Dependencies("cargo", "peers/Cargo.lock", "cargo tree -p axum-sqlx --locked --prefix none -e "
                        + "normal,build", 177, packages("crate", 177)));
        FrictionApp actix = new FrictionApp("actix-sqlx", "actix + sqlx", "Rust", AppStatus.FAILED,
                "cold start: did not start: exited with code 101 before it was ready (log logs/friction/actix-sqlx.log)",
                new Build("cargo build --release --locked -p actix-sqlx", 262.0, 506.4,
                        "logs/friction/actix-sqlx.clean.log", null),
                new Build("cargo build --release --locked -p actix-sqlx", 49.2, 50.1,
                        "logs/friction/actix-sqlx.incremental.log", "peers/actix-sqlx/src/main.rs"),
                new Artifact("peers/target/release/actix-sqlx", 7_864_320, Linking.DYNAMIC), RuntimeNeeded.none(),
                null,
                new LinesOfCode(new SourceCount(List.of("peers/actix-sqlx"), 2, 455),
                        new SourceCount(List.of("peers/blog-core"), 16, 2_230)),
                new Dependencies("cargo", "peers/Cargo.lock", "cargo tree -p actix-sqlx --locked --prefix none -e "
                        + "normal,build", 183, packages("crate", 183)));
        FrictionApp zig = new FrictionApp("zig-http", "Zig std.http", "Zig", AppStatus.SKIPPED,
                "toolchain missing: zig", null, null, null, null, null, null, null);
        return new Friction(Friction.SCHEMA_VERSION, "0.1.0-SNAPSHOT", Instant.parse("2026-12-02T09:15:00Z"),
                Instant.parse("2026-12-02T09:52:41Z"), "14055eb6a0c1d2e3f4a5b6c7d8e9f00112233445", true,
                new Friction.Host("AMD EPYC-Milan Processor", 2, "6.12.48-amd64"), rules,
                List.of(vertx, go, axum, actix, zig));
    }
}
