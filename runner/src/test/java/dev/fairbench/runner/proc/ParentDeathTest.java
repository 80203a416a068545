package dev.fairbench.runner.proc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Apps die with a SIGKILLed runner, and a later run sees what an earlier one left behind. */
@Timeout(60)
class ParentDeathTest {

    private static boolean goneWithin(long pid, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (ProcFs.isAlive(pid)) {
            if (System.nanoTime() - deadline > 0) return false;
            Thread.sleep(20);
        }
        return true;
    }

    @Test
    void appDiesWhenTheRunnerJvmIsKilled(@TempDir Path dir) throws Exception {
        assumeTrue(ParentDeath.available(), "setpriv not on the PATH");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process runner = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                OrphanChild.class.getName(), dir.toString())
                .redirectError(dir.resolve("runner.err").toFile()).start();
        long appPid = -1;
        try {
            String line = new BufferedReader(new InputStreamReader(runner.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(line).as("the child JVM's first line").startsWith("APP ");
            appPid = Long.parseLong(line.substring(4).trim());
            assertThat(ProcFs.isAlive(appPid)).isTrue();
            // the app outlives the thread that started it
            Thread.sleep(300);
            assertThat(ProcFs.isAlive(appPid)).isTrue();

            runner.destroyForcibly();  // SIGKILL: no shutdown hook runs
            assertThat(runner.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(goneWithin(appPid, 5_000)).as("app %d gone after its runner was SIGKILLed", appPid).isTrue();
        } finally {
            runner.destroyForcibly();
            if (appPid > 0) ProcessHandle.of(appPid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void leftoversOfAnotherRunAreReportedButNotOurOwn(@TempDir Path dir) throws Exception {
        ProcessBuilder earlier = new ProcessBuilder("sleep", "60");
        earlier.environment().put(ParentDeath.RUN_MARKER, "1-earlier");
        Process leftover = earlier.start();
        Process ours = ParentDeath.start(new ProcessBuilder("sleep", "60"));
        try {
            List<LeftoverApps.Leftover> found = LeftoverApps.find();
            assertThat(found).extracting(LeftoverApps.Leftover::pid).contains(leftover.pid())
                    .doesNotContain(ours.pid());
            assertThat(found).filteredOn(l -> l.pid() == leftover.pid()).singleElement()
                    .satisfies(l -> assertThat(l.run()).isEqualTo("1-earlier"))
                    .satisfies(l -> assertThat(l.command()).isEqualTo("sleep"));
            assertThat(LeftoverApps.report()).hasValueSatisfying(line -> assertThat(line)
                    .doesNotContain("\n").contains(Long.toString(leftover.pid())));
        } finally {
            leftover.destroyForcibly();
            ours.destroyForcibly();
        }
    }
}
