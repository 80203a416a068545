package dev.fairbench.runner.timed;

import dev.fairbench.results.Interference;
import dev.fairbench.results.Latency;
import dev.fairbench.results.RunResult;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The console line that says why a window is measured again. */
class GuardedRunTest {
    private static RunResult run(Interference i) {
        return new RunResult(1, Instant.EPOCH, 20, 100, 5, 100, 0, 0, 0, 0, 0, 0, 0, new Latency(1, 2, 3, 4, 5),
                null, null, null, null, i);
    }

    @Test
    void aStolenWindowSaysHowMuchTheHypervisorTookAgainstTheLimit() {
        RunResult stolen = run(new Interference(20, 0, 0, 0, 4.8, 0.05, false, List.of()).judgeSteal(0.05));
        assertThat(GuardedRun.describe(stolen)).isEqualTo("hypervisor steal 0.240 cores (limit 0.050)");
    }

    @Test
    void aWindowBothForeignAndStolenNamesBoth() {
        RunResult both = run(new Interference(20, 4, 0, 0, 4.8, 0.05, true,
                List.of(new Interference.ForeignProcess(42, "make -j2", 4))).judgeSteal(0.05));
        assertThat(GuardedRun.describe(both)).isEqualTo("foreign CPU 0.20 cores (limit 0.05) by pid 42 make -j2 4.00 s; "
                + "hypervisor steal 0.240 cores (limit 0.050)");
    }
}
