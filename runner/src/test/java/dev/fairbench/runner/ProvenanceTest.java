package dev.fairbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The provenance facts, on a throw-away git repository and a fake /sys. */
@Timeout(60)
class ProvenanceTest {
    @TempDir
    Path repo;

    @Test
    void aDirtyTreeHasTheDigestTheDocumentedShellPipelineGives() throws Exception {
        Files.writeString(repo.resolve("a.txt"), "one\n");
        Files.writeString(repo.resolve(".gitignore"), "ignored/\n");
        sh("git init -q . && git add -A && git -c user.name=t -c user.email=t@example.com commit -qm init");
        assertThat(Provenance.dirty(repo)).isFalse();

        Files.createDirectories(repo.resolve("ignored"));
        Files.writeString(repo.resolve("ignored/x"), "not part of the tree");
        assertThat(Provenance.dirty(repo)).as("ignored files do not count").isFalse();

        Files.writeString(repo.resolve("a.txt"), "two\n");
        assertThat(Provenance.dirty(repo)).isTrue();
        String changed = Provenance.diffSha256(repo);
        assertThat(changed).matches("[0-9a-f]{64}").isEqualTo(sh("(git diff HEAD --binary --no-color --no-ext-diff;"
                + " git ls-files --others --exclude-standard -z) | sha256sum | cut -c1-64"));

        Files.writeString(repo.resolve("new.java"), "class New {}");
        String withUntracked = Provenance.diffSha256(repo);
        assertThat(withUntracked).isNotEqualTo(changed).isEqualTo(sh("(git diff HEAD --binary --no-color "
                + "--no-ext-diff; git ls-files --others --exclude-standard -z) | sha256sum | cut -c1-64"));

        Files.writeString(repo.resolve("a.txt"), "one\n");
        assertThat(Provenance.dirty(repo)).as("an untracked file alone makes the tree dirty").isTrue();
    }

    @Test
    void theMeasurementsOwnResultsDoNotMakeTheTreeDirty() throws Exception {
        Files.writeString(repo.resolve("a.txt"), "one\n");
        sh("git init -q . && git add -A && git -c user.name=t -c user.email=t@example.com commit -qm init");
        Path results = Files.createDirectories(repo.resolve("docs/results/today"));
        Files.writeString(results.resolve("results.json"), "{}");
        assertThat(Provenance.dirty(repo)).as("without the exclusion the results are untracked files").isTrue();
        assertThat(Provenance.dirty(repo, results)).isFalse();
        assertThat(Provenance.dirty(repo, repo.resolve("elsewhere"))).isTrue();

        Files.writeString(repo.resolve("a.txt"), "two\n");
        assertThat(Provenance.dirty(repo, results)).as("a changed source still counts").isTrue();
        assertThat(Provenance.diffSha256(repo, results)).isEqualTo(sh("(git diff HEAD --binary --no-color "
                + "--no-ext-diff -- . ':(exclude)docs/results/today'; git ls-files --others --exclude-standard -z -- . "
                + "':(exclude)docs/results/today') | sha256sum | cut -c1-64"));
    }

    @Test
    void outsideARepositoryNothingIsClaimed() {
        assertThat(Provenance.dirty(repo)).isFalse();
        assertThat(Provenance.diffSha256(repo)).isNull();
    }

    @Test
    void smtFromTheKernelsSwitchElseFromTheSiblingsOfCpu0() throws IOException {
        Path sys = repo.resolve("sys");
        assertThat(Provenance.smt(sys)).isEqualTo("unknown");
        Files.createDirectories(sys.resolve("cpu0/topology"));
        Files.writeString(sys.resolve("cpu0/topology/thread_siblings_list"), "0\n");
        assertThat(Provenance.smt(sys)).isEqualTo("off");
        Files.writeString(sys.resolve("cpu0/topology/thread_siblings_list"), "0,24\n");
        assertThat(Provenance.smt(sys)).isEqualTo("on");
        Files.createDirectories(sys.resolve("smt"));
        Files.writeString(sys.resolve("smt/active"), "0\n");
        assertThat(Provenance.smt(sys)).as("the kernel's switch wins").isEqualTo("off");
    }

    @Test
    void theMachineFactsAreNeverMissing() {
        assertThat(Provenance.cpuGovernor()).isNotBlank().doesNotContain("\n");
        assertThat(Provenance.smt()).isIn("on", "off", "unknown");
        assertThat(Provenance.javaVm()).contains(System.getProperty("java.vm.version"));
        assertThat(Provenance.dirtyWarning("0123456789abcdef", "f".repeat(64)))
                .startsWith("warning: the checkout has uncommitted changes on top of commit 0123456789ab")
                .doesNotContain("\n");
    }

    private String sh(String script) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", script));
        Process p = new ProcessBuilder(cmd).directory(repo.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
