package dev.fairbench.runner.proc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.hosts.LocalHost;
import dev.fairbench.hosts.TiedProcess;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The /proc readers over a Host agree with the direct ones, here through a LocalHost (the same commands as SSH). */
class HostProcFsTest {
    /** A process's CPU grows only: a reading through the host lies between two direct ones, within a tick each. */
    @Test
    void aTreesCpuThroughTheHostIsTheDirectReading() {
        try (LocalHost host = new LocalHost(); TiedProcess busy = host.start(List.of("sh", "-c",
                "sh -c 'while :; do :; done' & wait"))) {
            HostProcFs proc = new HostProcFs(host);
            long self = ProcessHandle.current().pid();
            long slack = 3 * 1_000_000 / proc.clockTicksPerSecond();
            for (int i = 0; i < 3; i++) {
                long before = ProcFs.treeCpuMicros(self);
                long through = proc.treeCpuMicros(self);
                long after = ProcFs.treeCpuMicros(self);
                assertThat(through).isBetween(before - slack, after + slack);
            }
            assertThat(proc.treeCpuMicros(self)).as("the busy child counts in the tree").isPositive();
            assertThat(proc.treeCpuMicros(Long.MAX_VALUE - 1)).as("a pid that is gone").isZero();
            assertThat(proc.clockTicksPerSecond()).isEqualTo(ProcFs.clockTicksPerSecond());
        }
    }

    @Test
    void theTreeSumsDescendantsAndSkipsZombies() {
        String stats = String.join("\n",
                "10 (app) S 1 10 10 0 -1 0 0 0 0 0 100 50 7 3 20 0 4 0 1 0 0",
                "11 (worker (x)) S 10 10 10 0 -1 0 0 0 0 0 30 20 0 0 20 0 1 0 1 0 0",
                "12 (zombie) Z 10 10 10 0 -1 0 0 0 0 0 900 900 0 0 20 0 1 0 1 0 0",
                "13 (grandchild) R 11 10 10 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 1 0 0",
                "20 (other) S 1 20 20 0 -1 0 0 0 0 0 999 999 0 0 20 0 1 0 1 0 0");
        // app 100+50+7+3, worker 30+20, grandchild 5+5: 220 ticks of 10 ms
        assertThat(HostProcFs.treeCpuMicros(10, stats, 100)).isEqualTo(2_200_000);
        assertThat(HostProcFs.treeCpuMicros(11, stats, 100)).isEqualTo(600_000);
        assertThat(HostProcFs.treeCpuMicros(99, stats, 100)).isZero();
    }

    @Test
    void theCpuTimesAndModelAreThoseOfProcHere() {
        try (LocalHost host = new LocalHost()) {
            HostProcFs proc = new HostProcFs(host);
            assertThat(proc.cpuTimes().busyTicks().keySet()).isEqualTo(ProcStat.read().busyTicks().keySet());
            assertThat(proc.logicalCpus()).as("one processor entry per online CPU of /proc/stat")
                    .hasValue(ProcStat.read().busyTicks().size());
        }
        assertThat(HostProcFs.cpuModel("processor\t: 0\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n"))
                .isEqualTo("AMD EPYC 7B13");
        assertThat(HostProcFs.cpuModel("processor : 0\n")).isNull();
    }
}
