package dev.fairbench.runner.proc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MachineLoadTest {
    @Test
    void idleShareCountsIowaitAsIdleAndLeavesGuestOut() {
        long[] before = MachineLoad.parseCpuLine("cpu  100 0 50 800 50 0 0 0 30 0");
        long[] after = MachineLoad.parseCpuLine("cpu  150 0 100 1700 100 0 0 0 60 0");
        // 50 user + 50 system + 900 idle + 50 iowait = 1050 jiffies, 950 of them idle
        assertThat(MachineLoad.idleShare(before, after))
                .isCloseTo(950.0 / 1050, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(MachineLoad.idleShare(before, before)).isNaN();
        assertThat(MachineLoad.idleShare(null, after)).isNaN();
    }

    @Test
    void aBusyMachineGetsOneWarningLineAndAnIdleOneNone() {
        double[] quiet = MachineLoad.parseLoadAverage("0.10 0.20 0.30 1/200 4242\n").orElseThrow();
        assertThat(new MachineLoad.Sample(quiet, 0.99, 2).warning()).isEmpty();
        assertThat(new MachineLoad.Sample(quiet, 0.99, 2).describe())
                .isEqualTo("machine: load average 0.10 0.20 0.30 (2 CPUs), 99% idle over 1 s");
        assertThat(new MachineLoad.Sample(quiet, 0.99, 2).idle()).isEqualTo("0.990");

        double[] busy = MachineLoad.parseLoadAverage("1.50 1.00 0.50 3/200 4242").orElseThrow();
        String warning = new MachineLoad.Sample(busy, 0.40, 2).warning().orElseThrow();
        assertThat(warning).startsWith("warning: the machine is not idle: only 40% idle (< 90%), load average 1.50 > 1.0")
                .doesNotContain("\n");
        assertThat(new MachineLoad.Sample(null, Double.NaN, 2).loadAverage()).isEqualTo("unknown");
    }

    @Test
    void thisMachineCanBeSampled() throws Exception {
        MachineLoad.Sample s = MachineLoad.sample();
        assertThat(s.idleShare()).isBetween(0.0, 1.0);
        assertThat(s.load()).hasSize(3);
        assertThat(MachineLoad.loadAverageNow()).matches("\\d+\\.\\d\\d \\d+\\.\\d\\d \\d+\\.\\d\\d");
    }
}
