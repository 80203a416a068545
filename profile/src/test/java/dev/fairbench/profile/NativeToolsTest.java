package dev.fairbench.profile;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NativeToolsTest {

    @Test
    void collapsesPerfScriptOutputRootFirst() {
        List<String> script = List.of(
                "go-nethttp 123 [000] 1.0: 1001001 cpu-clock:",
                "\t      4a1b2c main.dct+0x1c (/bin/app)",
                "\t      4a0000 main.handlePhash+0x10 (/bin/app)",
                "\t      400000 runtime.goexit+0x1 (/bin/app)",
                "",
                "go-nethttp 123 [000] 1.1: 1001001 cpu-clock:",
                "\t      4a1b2c main.dct+0x20 (/bin/app)",
                "\t      4a0000 main.handlePhash+0x10 (/bin/app)",
                "\t      400000 runtime.goexit+0x1 (/bin/app)",
                "",
                "go-nethttp 124 [001] 1.2: 1001001 cpu-clock:",
                "\tffffffff81000000 [unknown] ([kernel.kallsyms])",
                "");
        Map<String, Long> stacks = Perf.collapse(script);
        assertThat(stacks).containsEntry("go-nethttp;runtime.goexit;main.handlePhash;main.dct", 2L)
                .containsEntry("go-nethttp;[unknown]", 1L).hasSize(2);
        String html = FlameGraph.html("go-nethttp phash", stacks);
        assertThat(html).contains("<svg").contains("main.dct (2 samples, 66.67%)").doesNotContain("<script");
    }

    @Test
    void parsesAnStraceSummary() throws IOException {
        Strace.Summary s = Strace.summaryOf(List.of(
                "% time     seconds  usecs/call     calls    errors syscall",
                "------ ----------- ----------- --------- --------- ----------------",
                " 60.00    0.060000           6     10000           write",
                " 40.00    0.040000           2     20000      5000 read",
                "------ ----------- ----------- --------- --------- ----------------",
                "100.00    0.100000           3     30000      5000 total"), Path.of("s.txt"));
        assertThat(s.totalCalls()).isEqualTo(30_000);
        assertThat(s.callsByName()).containsEntry("write", 10_000L).containsEntry("read", 20_000L);
    }

    @Test
    void aSummaryWithoutItsTotalRowIsAnError() {
        assertThatThrownBy(() -> Strace.summaryOf(List.of("strace: Process 42 attached"), Path.of("s.txt")))
                .isInstanceOf(IOException.class).hasMessage("strace wrote no summary table to s.txt");
    }

    @Test
    void stracesARealProcess(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Strace.available(), "strace is not installed");
        // No fork in the loop: strace 6.1 can hang for good detaching from a shell caught in vfork (see Strace).
        Process child = new ProcessBuilder("bash", "-c",
                "mkfifo \"$0\" && exec 3<>\"$0\" && while true; do read -t 0.01 -u 3 x; done",
                dir.resolve("idle.fifo").toString()).start();
        try (Strace strace = Strace.attach(child.pid(), dir.resolve("strace.txt"))) {
            Thread.sleep(1_000);
            Strace.Summary summary = strace.stop();
            assertThat(summary.totalCalls()).isPositive();
        } finally {
            child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
