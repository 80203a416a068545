package dev.fairbench.runner.timed;

import dev.fairbench.results.Bound;
import dev.fairbench.results.CpuUse;
import dev.fairbench.runner.proc.CpuPlacement;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunMeasurementTest {

    @Test
    void onTwoCoresTheServicesAndTheLoadGeneratorFillTheSharedCpuTogether() {
        CpuUse use = RunMeasurement.cpuUse(CpuPlacement.defaults(2), 10, 6.0, 5.5, 4.0);
        assertThat(use.appCpusBusy()).isEqualTo(0.6);
        assertThat(use.servicesCpusBusy()).isEqualTo(0.95);
        assertThat(use.loadgenCpusBusy()).isEqualTo(0.95);
        assertThat(use.bound()).isEqualTo(Bound.SERVICES_BOUND);
    }

    @Test
    void onSeparateSetsEachCountsAlone() {
        CpuUse use = RunMeasurement.cpuUse(CpuPlacement.defaults(4), 10, 19.6, 4.0, 9.5);
        assertThat(use.appCpusBusy()).isEqualTo(0.98);
        assertThat(use.servicesCpusBusy()).isEqualTo(0.4);
        assertThat(use.loadgenCpusBusy()).isEqualTo(0.95);
        assertThat(use.bound()).isEqualTo(Bound.APP_BOUND);
        assertThat(RunMeasurement.cpuUse(CpuPlacement.defaults(4), 10, 12, null, 9.5).bound()).isEqualTo(Bound.LOADGEN_BOUND);
    }
}
