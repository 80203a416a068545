package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.services.FairbenchHome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./fairbench} script's choice of JDK, run on a copy of the script in a fake checkout whose jar is up to
 * date (so no Maven build starts) with fake JDKs whose {@code java} only prints who it is. PATH holds only the
 * tools the script needs, so that a real {@code javac} of the machine cannot take part.
 */
@Timeout(30)
class LauncherTest {
    @TempDir
    Path tmp;
    Path checkout;
    Path jvms;
    Path bin;

    @BeforeEach
    void fakeCheckout() throws IOException {
        checkout = Files.createDirectories(tmp.resolve("repo"));
        Files.copy(FairbenchHome.root().resolve("fairbench"), checkout.resolve("fairbench"),
                StandardCopyOption.COPY_ATTRIBUTES);
        Files.createDirectories(checkout.resolve(".fairbench"));
        Files.writeString(checkout.resolve(".fairbench/fairbench.jar"), "");
        Files.writeString(checkout.resolve(".fairbench/build.stamp"), "");
        jvms = Files.createDirectories(tmp.resolve("jvm"));
        bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : List.of("bash", "sed", "dirname", "readlink", "head", "find", "mkdir", "touch", "grep")) {
            Path real = Path.of("/usr/bin", tool);
            if (!Files.exists(real)) real = Path.of("/bin", tool);
            Files.createSymbolicLink(bin.resolve(tool), real);
        }
    }

    @Test
    void picksJavaHomeWhenItIs21OrNewer() throws Exception {
        Path jdk21 = fakeJdk("jdk-21", "21.0.5");
        fakeJdk("jdk-25", "25.0.1");
        Result r = launch(Map.of("JAVA_HOME", jdk21.toString()), "--version");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("java of jdk-21 -jar " + checkout.resolve(".fairbench/fairbench.jar")
                + " --version\n");
    }

    @Test
    void otherwisePicksTheNewestUnderTheJvmFolder() throws Exception {
        Path jdk17 = fakeJdk("jdk-17", "17.0.2");
        fakeJdk("jdk-21", "21.0.5");
        fakeJdk("jdk-25", "25.0.1");
        fakeJdk("jdk-8", "1.8.0_402");
        Result r = launch(Map.of("JAVA_HOME", jdk17.toString()), "services", "status");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("java of jdk-25 -jar ").endsWith(" services status\n");
    }

    @Test
    void testHelpPrintsHelpInsteadOfRunningTheTests() throws Exception {
        // no JDK and no Maven: the help needs neither, and nothing is built or run
        Result r = launch(Map.of(), "test", "--help");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Usage: ./fairbench test").contains("mvn -B verify").contains("cargo test");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void noJdk21IsOneLineAndExitCode2() throws Exception {
        Path jdk17 = fakeJdk("jdk-17", "17.0.2");
        Result r = launch(Map.of("JAVA_HOME", jdk17.toString()), "--version");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("fairbench needs JDK 21 or newer: install e.g. temurin-21-jdk or "
                + "openjdk-21-jdk and/or set JAVA_HOME\n");
    }

    @Test
    void aChangedSourceOrPomTriggersTheBuildAndOutputsDoNot() throws Exception {
        fakeJdk("jdk-21", "21.0.5");
        java.nio.file.attribute.FileTime later = java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(checkout.resolve(".fairbench/build.stamp")).toMillis() + 10_000);
        for (String output : List.of("loadgen/target/classes/X.class", "peers/go-nethttp/src/main.go",
                "apps/spring/.fairbench/pg/x", "results/run-1/results.json")) {
            Path file = checkout.resolve(output);
            Files.createDirectories(file.getParent());
            Files.writeString(file, "");
            Files.setLastModifiedTime(file, later);
        }
        assertThat(launch(Map.of(), "--version").exitCode()).as("outputs and peers do not trigger a build").isZero();

        Path source = checkout.resolve("loadgen/src/main/java/X.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "");
        Files.setLastModifiedTime(source, later);
        // No mvn on this PATH: reaching the build shows as its one-line complaint.
        Result r = launch(Map.of(), "--version");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("fairbench needs Maven (mvn) on PATH: install e.g. the maven package\n");
    }

    record Result(int exitCode, String out, String err) {}

    private Result launch(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(bin.resolve("bash").toString(),
                checkout.resolve("fairbench").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        pb.environment().put("PATH", bin.toString());
        pb.environment().put("FAIRBENCH_JVM_ROOT", jvms.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    /** A folder that looks like a JDK: a release file, and bin/java and bin/javac scripts. */
    private Path fakeJdk(String name, String version) throws IOException {
        Path home = Files.createDirectories(jvms.resolve(name).resolve("bin"));
        Files.writeString(home.getParent().resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        for (String tool : List.of("java", "javac")) {
            Path script = home.resolve(tool);
            Files.writeString(script, "#!" + bin.resolve("bash") + "\necho \"" + tool + " of " + name + " $*\"\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return home.getParent();
    }
}
