package dev.fairbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The machine-wide lock, on a lock file in a temporary folder (never the real one, so a benchmark running on the
 * machine is neither disturbed nor disturbs these tests).
 */
@Timeout(60)
class MachineLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondHolderInTheSameProcessIsRefusedWithTheHoldersLine() throws Exception {
        Path file = dir.resolve("fairbench.lock");
        try (MachineLock held = MachineLock.acquire(file, "fairbench run --quick", false, line -> { })) {
            assertThat(held.path()).isEqualTo(file);
            assertThat(Files.readString(file)).contains("pid=" + ProcessHandle.current().pid())
                    .contains("command=fairbench run --quick").contains("since=");
            assertThatThrownBy(() -> MachineLock.acquire(file, "fairbench profile", false, line -> { }))
                    .isInstanceOf(MachineLock.HeldException.class)
                    .hasMessageMatching("the benchmark lock .* is held by pid " + ProcessHandle.current().pid()
                            + " \\(fairbench run --quick\\) since \\d\\d:\\d\\d:\\d\\d");
            assertThat(MachineLock.holder(file)).get().extracting(MachineLock.Holder::pid)
                    .isEqualTo(ProcessHandle.current().pid());
        }
        assertThat(MachineLock.holder(file)).isEmpty();
        assertThat(Files.readString(file)).as("emptied on release").isEmpty();
        try (MachineLock again = MachineLock.acquire(file, "fairbench profile", false, line -> { })) {
            assertThat(MachineLock.holder(file)).get().extracting(MachineLock.Holder::command)
                    .isEqualTo("fairbench profile");
        }
    }

    @Test
    void aWaiterPrintsOneLineAndGetsTheLockWhenReleased() throws Exception {
        Path file = dir.resolve("fairbench.lock");
        List<String> lines = new ArrayList<>();
        MachineLock first = MachineLock.acquire(file, "fairbench capacity", false, line -> { });
        CompletableFuture<MachineLock> second = CompletableFuture.supplyAsync(() -> {
            try {
                return MachineLock.acquire(file, "fairbench load", true, line -> {
                    synchronized (lines) {
                        lines.add(line);
                    }
                });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(4 * MachineLock.POLL.toMillis());
        assertThat(second).isNotDone();
        first.close();
        try (MachineLock got = second.get(10, TimeUnit.SECONDS)) {
            assertThat(got.path()).isEqualTo(file);
        }
        synchronized (lines) {
            assertThat(lines).hasSize(1);
            assertThat(lines.getFirst()).startsWith("waiting for the benchmark lock held by pid "
                    + ProcessHandle.current().pid() + " (fairbench capacity) since ");
        }
    }

    @Test
    void aHolderInAnotherProcessIsNamedAndItsDeathReleasesTheLock() throws Exception {
        Path file = dir.resolve("fairbench.lock");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HoldForever.class.getName(), file.toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("locked");

            assertThatThrownBy(() -> MachineLock.acquire(file, "fairbench run", false, line -> { }))
                    .isInstanceOf(MachineLock.HeldException.class)
                    .hasMessageContaining("held by pid " + child.pid() + " (fairbench run --child) since ");

            child.destroyForcibly(); // SIGKILL: no chance to clean up
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
            try (MachineLock mine = MachineLock.acquire(file, "fairbench run", false, line -> { })) {
                assertThat(MachineLock.holder(file)).get().extracting(MachineLock.Holder::pid)
                        .isEqualTo(ProcessHandle.current().pid());
            }
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void aSymbolicLinkIsNeverFollowed() throws Exception {
        Path target = Files.writeString(dir.resolve("precious"), "keep me");
        Path link = Files.createSymbolicLink(dir.resolve("fairbench.lock"), target);
        assertThatThrownBy(() -> MachineLock.acquire(link, "fairbench run", false, line -> { }))
                .hasMessageContaining("symbolic link");
        assertThat(Files.readString(target)).isEqualTo("keep me");
    }

    @Test
    void aHardLinkToAnotherFileIsRefusedAndThatFileLeftAlone() throws Exception {
        Path precious = Files.writeString(dir.resolve("precious"), "keep me");
        Path link = Files.createLink(dir.resolve("fairbench.lock"), precious);
        assertThatThrownBy(() -> MachineLock.acquire(link, "fairbench run", false, line -> { }))
                .hasMessage("the benchmark lock " + link + " has 2 hard links: refused (remove it, or set -D"
                        + MachineLock.PATH_PROPERTY + ")");
        assertThat(Files.readString(precious)).isEqualTo("keep me");

        Path fifo = dir.resolve("fifo.lock");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        assertThatThrownBy(() -> MachineLock.acquire(fifo, "fairbench run", false, line -> { }))
                .hasMessageContaining("is not a regular file: refused");
    }

    @Test
    void theDefaultPathIsTheSystemPropertyWhenSet() {
        String before = System.getProperty(MachineLock.PATH_PROPERTY);
        try {
            System.setProperty(MachineLock.PATH_PROPERTY, dir.resolve("x.lock").toString());
            assertThat(MachineLock.defaultPath()).isEqualTo(dir.resolve("x.lock"));
            System.clearProperty(MachineLock.PATH_PROPERTY);
            assertThat(MachineLock.defaultPath().getFileName()).hasToString(MachineLock.FILE_NAME);
            assertThat(MachineLock.defaultPath().isAbsolute()).isTrue();
        } finally {
            if (before != null) System.setProperty(MachineLock.PATH_PROPERTY, before);
        }
    }

    @Test
    void aHostileHolderTextIsPrintedCleanAndShort() {
        MachineLock.Holder h = MachineLock.parse("pid=12\ncommand=evil\u001b[2Jtext" + "x".repeat(500)
                + "\nsince=garbage\n");
        assertThat(h.pid()).isEqualTo(12);
        assertThat(h.command()).doesNotContain("\u001b").hasSize(MachineLock.MAX_DESCRIPTION);
        assertThat(h.since()).isNull();
        assertThat(MachineLock.parse("").describe()).isEqualTo("an unknown process");
        assertThat(MachineLock.clean("fairbench run --pg-url postgresql://bench:s3cret@db:5432/x --redis-url "
                + "redis://:pw@127.0.0.1:6379")).isEqualTo("fairbench run --pg-url postgresql://bench:***@db:5432/x "
                + "--redis-url redis://:***@127.0.0.1:6379");
    }

    /** A child process that takes the lock at {@code args[0]}, says {@code locked}, and waits to be killed. */
    public static final class HoldForever {
        public static void main(String[] args) throws Exception {
            MachineLock lock = MachineLock.acquire(Path.of(args[0]), "fairbench run --child", false, line -> { });
            System.out.println("locked");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
            lock.close();
        }
    }
}
