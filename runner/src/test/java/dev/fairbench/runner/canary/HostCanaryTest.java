package dev.fairbench.runner.canary;

import dev.fairbench.results.Canary;
import dev.fairbench.runner.proc.ProcFs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** The canary process for real: it times its work, belongs to the runner's tree, idles, and goes when closed. */
@Timeout(60)
class HostCanaryTest {

    @Test
    void timesBothPartsOnItsCpuAndIsIdleInBetween() throws Exception {
        long pid;
        try (HostCanary canary = HostCanary.start("0")) {
            pid = canary.pid();
            Canary.Times first = canary.time();
            Canary.Times second = canary.time();
            for (Canary.Times t : new Canary.Times[]{first, second}) {
                // sized to tens of ms per part; a loaded build box may take a few times that, never seconds
                assertThat(t.cpuMs()).isBetween(5.0, 3_000.0);
                assertThat(t.memoryMs()).isBetween(5.0, 3_000.0);
            }
            assertThat(ProcFs.tree(ProcessHandle.current().pid())).as("own process, as the guard sees it").contains(pid);
            assertThat(affinity(pid)).isEqualTo("0");
            long cpuBefore = ProcFs.processCpuMicros(pid);
            Thread.sleep(1_000);
            assertThat(ProcFs.processCpuMicros(pid) - cpuBefore).as("CPU µs while not asked").isLessThan(20_000);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void theWorkIsTheSameEveryTime() {
        CanaryWork a = new CanaryWork();
        CanaryWork b = new CanaryWork();
        a.timeAluNanos();
        a.timeMemoryNanos();
        b.timeAluNanos();
        b.timeMemoryNanos();
        assertThat(a.checksum()).isEqualTo(b.checksum()).isNotZero();
    }

    /** The CPU list the kernel allows {@code pid}, from {@code /proc/PID/status}. */
    private static String affinity(long pid) throws Exception {
        return java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                .substring("Cpus_allowed_list:".length()).strip();
    }
}
