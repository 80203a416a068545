package dev.fairbench.runner;

import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Which builds the gate joins into one cargo invocation, and the invocation it makes of them. */
class JointCargoBuildsTest {

    @Test
    void parsesOnlyTheOneFormItJoins() {
        assertThat(JointCargoBuilds.parse("cargo build --release --locked -p axum-sqlx --features mimalloc --bin x"))
                .contains(new JointCargoBuilds.CargoBuild(List.of("--release"), true, "axum-sqlx", List.of("mimalloc")));
        assertThat(JointCargoBuilds.parse("cargo build --locked --profile hello -p hello-tako"))
                .contains(new JointCargoBuilds.CargoBuild(List.of("--profile", "hello"), true, "hello-tako", List.of()));
        assertThat(JointCargoBuilds.parse("cargo build --release -p a -p b")).isEmpty();
        assertThat(JointCargoBuilds.parse("cargo build --release --target x86_64-unknown-linux-musl -p a")).isEmpty();
        assertThat(JointCargoBuilds.parse("cargo build --release --profile hello -p a")).isEmpty();
        assertThat(JointCargoBuilds.parse("cargo build --release")).isEmpty();
        assertThat(JointCargoBuilds.parse("cargo build --release -p")).isEmpty();
        assertThat(JointCargoBuilds.parse("cargo build --release -p ${REPO}")).isEmpty();
        assertThat(JointCargoBuilds.parse("cargo run --release -p a")).isEmpty();
        assertThat(JointCargoBuilds.parse("go build -trimpath -o go-nethttp .")).isEmpty();
    }

    @Test
    void joinsTheAppsOfOneWorkspaceAndProfileThatNeedABuild(@TempDir Path repo) throws Exception {
        Files.createDirectories(repo.resolve("peers/target/release"));
        Files.writeString(repo.resolve("peers/target/release/built"), "binary");
        Files.writeString(repo.resolve("apps.toml"), """
                [apps.a]
                build = "cargo build --release --locked -p a"
                build_dir = "peers"
                artifact = "peers/target/release/a"
                start = "peers/target/release/a"

                [apps.a-env]
                variant_of = "a"
                variant = "X=1"
                env = { X = "1" }

                [apps.go]
                build = "go build -o go ."
                build_dir = "peers/go"
                artifact = "peers/go/go"
                start = "peers/go/go"

                [apps.b-mimalloc]
                build = "cargo build --release --locked -p b --features mimalloc --bin b-mimalloc"
                build_dir = "peers"
                artifact = "peers/target/release/b-mimalloc"
                start = "peers/target/release/b-mimalloc"

                [apps.built]
                build = "cargo build --release --locked -p built"
                build_dir = "peers"
                artifact = "peers/target/release/built"
                start = "peers/target/release/built"

                [apps.hello]
                build = "cargo build --locked --profile hello -p hello"
                build_dir = "peers"
                artifact = "peers/target/hello/hello"
                start = "peers/target/hello/hello"

                [apps.c]
                build = "cargo build --release --locked -p c"
                build_dir = "peers"
                artifact = "peers/target/release/c"
                start = "peers/target/release/c"
                """);
        List<AppEntry> entries = AppRegistry.load(repo.resolve("apps.toml"), repo).entries().values().stream().toList();

        List<JointCargoBuilds.Invocation> plan = JointCargoBuilds.plan(entries);

        // the hello profile has one app (left to its own build); "built" is there already
        assertThat(plan).hasSize(1);
        assertThat(plan.getFirst().dir()).isEqualTo(repo.resolve("peers").toAbsolutePath().normalize());
        assertThat(plan.getFirst().argv()).containsExactly("cargo", "build", "--release", "--locked",
                "-p", "a", "-p", "b", "-p", "c", "--features", "b/mimalloc");
        assertThat(plan.getFirst().appNames()).containsExactly("a", "a-env", "b-mimalloc", "c");
    }

    /**
     * Every Rust app of the registry has a build the gate can join, and they make one invocation per profile: a new
     * app whose build took another form would be built alone, compiling its shared crates once more.
     */
    @Test
    void theRegistrysRustAppsMakeOneInvocationPerProfile() {
        assumeTrue(Toolchains.find("cargo").isPresent(), "cargo is not installed");
        Path registry = Path.of("..").toAbsolutePath().normalize().resolve(AppRegistry.FILE_NAME);
        List<AppEntry> entries = AppRegistry.load(registry, registry.getParent()).entries().values().stream().toList();
        List<AppEntry> cargoApps = entries.stream().filter(e -> e.build() != null && e.build().startsWith("cargo "))
                .toList();
        assertThat(cargoApps).isNotEmpty();
        assertThat(cargoApps).allSatisfy(e -> assertThat(JointCargoBuilds.parse(e.build())).as(e.name()).isPresent());

        // as if nothing were built yet
        List<JointCargoBuilds.Invocation> plan = JointCargoBuilds.plan(entries, e -> true);

        assertThat(plan).extracting(i -> i.argv().subList(2, i.argv().indexOf("-p")))
                .containsExactlyInAnyOrder(List.of("--release", "--locked"), List.of("--profile", "hello", "--locked"));
        assertThat(plan).flatExtracting(JointCargoBuilds.Invocation::apps).containsExactlyInAnyOrderElementsOf(cargoApps);
    }
}
