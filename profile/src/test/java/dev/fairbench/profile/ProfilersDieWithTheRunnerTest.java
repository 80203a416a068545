package dev.fairbench.profile;

import dev.fairbench.runner.proc.ParentDeath;
import dev.fairbench.runner.proc.ProcFs;
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

/** A SIGKILLed runner leaves no profiler behind: strace attached to an app dies with it, even when the app lives on. */
@Timeout(60)
class ProfilersDieWithTheRunnerTest {

    @Test
    void straceDiesWhenTheRunnerJvmIsKilled(@TempDir Path dir) throws Exception {
        assumeTrue(ParentDeath.available(), "setpriv not on the PATH");
        assumeTrue(Strace.available(), "strace not on the PATH");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process runner = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                TracingRunner.class.getName(), dir.toString())
                .redirectError(dir.resolve("runner.err").toFile()).start();
        List<ProcessHandle> children = List.of();
        List<ProcessHandle> straces;
        try {
            String line = new BufferedReader(new InputStreamReader(runner.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assumeTrue(!"NO-ATTACH".equals(line), "strace may not attach here (ptrace not allowed)");
            assertThat(line).as("the child JVM's first line").isEqualTo("TRACED");
            children = runner.children().toList();
            straces = children.stream().filter(c -> c.info().command().orElse("?").endsWith("strace")).toList();
            assertThat(straces).as("strace among the runner's children").hasSize(1);

            runner.destroyForcibly();  // SIGKILL: no shutdown hook runs
            assertThat(runner.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + 5_000_000_000L;
            // ProcFs: a zombie counts as gone (a container's init may never reap it)
            while (straces.stream().anyMatch(c -> ProcFs.isAlive(c.pid())) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(straces).as("strace of the SIGKILLed runner").noneMatch(c -> ProcFs.isAlive(c.pid()));
        } finally {
            runner.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
