package dev.fairbench.hosts;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalHostTest {
    private final LocalHost host = new LocalHost();

    @AfterEach
    void close() {
        host.close();
    }

    @Test
    void runReturnsOutputErrorAndExitCodeOfTheExactArguments() {
        ExecResult result = host.run(List.of("sh", "-c", "printf '%s|' \"$@\"; echo oops >&2; exit 7", "sh",
                "a b", "it's", "$HOME"), Duration.ofSeconds(10));
        assertThat(result.exitCode()).isEqualTo(7);
        assertThat(result.stdout()).isEqualTo("a b|it's|$HOME|");
        assertThat(result.lastErrorLine()).isEqualTo("oops");
    }

    @Test
    void aCommandPastItsTimeoutIsKilledWithItsChildren() throws Exception {
        Path pidFile = Files.createTempFile("fairbench-hosts-", ".pid");
        try {
            assertThatThrownBy(() -> host.run(List.of("sh", "-c", "sleep 300 & echo $! > \"$1\"; wait", "sh",
                    pidFile.toString()), Duration.ofMillis(1500)))
                    .isInstanceOf(HostException.class)
                    .hasMessageContaining("local: ")
                    .hasMessageContaining("still ran after 1500 ms");
            long grandchild = Long.parseLong(Files.readString(pidFile).strip());
            Processes.awaitGone(grandchild, Duration.ofSeconds(5));
        } finally {
            Files.deleteIfExists(pidFile);
        }
    }

    @Test
    void aStartedProcessTalksOverItsStreamsAndItsGroupDiesWhenItsInputCloses() throws Exception {
        TiedProcess process = host.start(List.of("sh", "-c", "sleep 300 & echo $!; read -r line; echo \"got $line\"; wait"));
        BufferedReader out = new BufferedReader(new InputStreamReader(process.stdout(), StandardCharsets.UTF_8));
        long grandchild = Long.parseLong(out.readLine().strip());
        process.stdin().write("barrier\n".getBytes(StandardCharsets.UTF_8));
        process.stdin().flush();
        assertThat(out.readLine()).isEqualTo("got barrier");
        assertThat(ProcessHandle.of(grandchild)).isPresent();
        process.close();
        Processes.awaitGone(grandchild, Duration.ofSeconds(5));
        assertThat(process.isAlive()).isFalse();
    }

    @Test
    void aProcessThatEndsByItselfGivesItsExitCode() throws Exception {
        TiedProcess process = host.start(List.of("sh", "-c", "exit 3"));
        assertThat(process.waitFor(Duration.ofSeconds(10))).hasValue(3);
        process.close();
    }

    @Test
    void copyToReplacesTheTargetWithTheFolderKeepingModes(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("source");
        Files.createDirectories(source.resolve("bin"));
        Files.writeString(source.resolve("bin/run"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(source.resolve("bin/run"), PosixFilePermissions.fromString("rwxr-x---"));
        Files.writeString(source.resolve("data.txt"), "one");
        Path target = dir.resolve("deep/er/target");
        Files.createDirectories(target);
        Files.writeString(target.resolve("stale.txt"), "stale");

        host.copyTo(source, target.toString());

        assertThat(host.readFile(target.resolve("data.txt").toString())).isEqualTo("one");
        assertThat(Files.getPosixFilePermissions(target.resolve("bin/run")))
                .isEqualTo(PosixFilePermissions.fromString("rwxr-x---"));
        assertThat(target.resolve("stale.txt")).doesNotExist();
    }

    @Test
    void copyToRefusesARelativeOrRootTarget(@TempDir Path dir) {
        assertThatThrownBy(() -> host.copyTo(dir, "relative/x")).hasMessageContaining("absolute path below /");
        assertThatThrownBy(() -> host.copyTo(dir, "/")).hasMessageContaining("absolute path below /");
    }

    @Test
    void readFileReadsProcFilesWhoseSizeIsZero() {
        assertThat(host.readFile("/proc/self/stat")).containsPattern("^\\d+ \\(");
        assertThatThrownBy(() -> host.readFile("/no/such/file")).isInstanceOf(HostException.class)
                .hasMessageStartingWith("local: cannot read /no/such/file");
    }

    @Test
    void theLocalClockIsTheReference() {
        assertThat(host.clockOffset(3)).isEqualTo(ClockOffset.LOCAL);
    }
}
