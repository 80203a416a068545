package dev.fairbench.runner.timed;

import dev.fairbench.results.Bound;
import dev.fairbench.results.CpuUse;
import dev.fairbench.results.IoCalls;
import dev.fairbench.runner.proc.CpuPlacement;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunMeasurementTest {

    @Test
    void onTwoCoresTheServicesAndTheLoadGeneratorFillTheSharedCpuTogether() {
        CpuUse use = RunMeasurement.cpuUse(CpuPlacement.defaults(2), 10, 6.0, 5.5, 4.0);
        assertThat(use.appCpusBusy()).isCloseTo(0.6, within(1e-9));
        assertThat(use.servicesCpusBusy()).isCloseTo(0.95, within(1e-9));
        assertThat(use.loadgenCpusBusy()).isCloseTo(0.95, within(1e-9));
        assertThat(use.bound()).isEqualTo(Bound.SERVICES_BOUND);
    }

    @Test
    void onSeparateSetsEachCountsAlone() {
        CpuUse use = RunMeasurement.cpuUse(CpuPlacement.defaults(4), 10, 19.6, 4.0, 9.5);
        assertThat(use.appCpusBusy()).isCloseTo(0.98, within(1e-9));
        assertThat(use.servicesCpusBusy()).isCloseTo(0.4, within(1e-9));
        assertThat(use.loadgenCpusBusy()).isCloseTo(0.95, within(1e-9));
        assertThat(use.bound()).isEqualTo(Bound.APP_BOUND);
        assertThat(RunMeasurement.cpuUse(CpuPlacement.defaults(4), 10, 12, null, 9.5).bound()).isEqualTo(Bound.LOADGEN_BOUND);
    }

    /** The hello suite's loopback loads: app and load generator on both CPUs, which they fill together. */
    @Test
    void onSharedCpusTheAppAndTheLoadGeneratorFillThemTogether() {
        CpuPlacement loopback = CpuPlacement.of("0-1", null, "0-1", 2, true);
        CpuUse appHeavy = RunMeasurement.cpuUse(loopback, 10, 11.0, 0.0, 8.0);
        assertThat(appHeavy.appCpusBusy()).isCloseTo(0.95, within(1e-9));
        assertThat(appHeavy.bound()).isEqualTo(Bound.APP_BOUND);
        assertThat(RunMeasurement.cpuUse(loopback, 10, 8.0, 0.0, 11.0).bound()).isEqualTo(Bound.LOADGEN_BOUND);
        assertThat(RunMeasurement.cpuUse(loopback, 10, 6.0, 0.0, 6.0).bound()).isEqualTo(Bound.LATENCY_BOUND);
    }

    /**
     * Roles on separate hosts: the same CPU numbers are other CPUs, so no set is shared; a load host whose CPUs were
     * 90% busy or more makes the run loadgen-bound, whatever the load generator's own CPU time says.
     */
    @Test
    void acrossHostsABusyLoadHostMakesTheRunLoadgenBound() {
        CpuPlacement sameNumbers = new CpuPlacement("0", "1", "1", true);
        CpuUse saturated = RunMeasurement.cpuUseAcrossHosts(sameNumbers, 10, 5.0, 2.0, 9.0, 0.93);
        assertThat(saturated.appCpusBusy()).isCloseTo(0.5, within(1e-9));
        assertThat(saturated.servicesCpusBusy()).isCloseTo(0.2, within(1e-9));
        assertThat(saturated.loadgenCpusBusy()).isCloseTo(0.93, within(1e-9));
        assertThat(saturated.bound()).isEqualTo(Bound.LOADGEN_BOUND);
        assertThat(RunMeasurement.cpuUseAcrossHosts(sameNumbers, 10, 5.0, 2.0, 9.0, 0.5).bound())
                .isEqualTo(Bound.LATENCY_BOUND);
        assertThat(RunMeasurement.cpuUseAcrossHosts(sameNumbers, 10, 9.5, 2.0, 9.0, 0.95).bound())
                .isEqualTo(Bound.APP_BOUND);
    }

    /** The load in this JVM with the app elsewhere: the load generator's CPU time over its own set. */
    @Test
    void acrossHostsWithTheLoadHereItsOwnCpuTimeCounts() {
        CpuPlacement p = new CpuPlacement("0-1", "0", "1", true);
        CpuUse use = RunMeasurement.cpuUseAcrossHosts(p, 10, 4.0, 1.0, 9.5, null);
        assertThat(use.appCpusBusy()).isCloseTo(0.2, within(1e-9));
        assertThat(use.loadgenCpusBusy()).isCloseTo(0.95, within(1e-9));
        assertThat(use.bound()).isEqualTo(Bound.LOADGEN_BOUND);
    }

    /** A service's CPU that went down over the window was not read right: not read, never an idle 0. */
    @Test
    void aServiceWhoseCpuWentDownIsNotReadRatherThanIdle() {
        assertThat(RunMeasurement.serviceSeconds(1_000_000L, 3_500_000L)).isCloseTo(2.5, within(1e-9));
        assertThat(RunMeasurement.serviceSeconds(2_000_000L, 2_000_000L)).isZero();
        assertThat(RunMeasurement.serviceSeconds(2_000_000L, 1_990_000L)).isNull();
        assertThat(RunMeasurement.serviceSeconds(null, 1_990_000L)).isNull();
        assertThat(RunMeasurement.serviceSeconds(2_000_000L, null)).isNull();
    }

    /** System calls are counted between two readings of the same tree; a missing or shrinking one is not measured. */
    @Test
    void ioCallsAreTheDifferenceOfTwoReadingsOrNotMeasured() {
        Optional<IoCalls> start = Optional.of(new IoCalls(100, 40));
        assertThat(RunMeasurement.ioCallsBetween(start, Optional.of(new IoCalls(350, 90))))
                .isEqualTo(new IoCalls(250, 50));
        assertThat(RunMeasurement.ioCallsBetween(start, Optional.of(new IoCalls(90, 90)))).isNull();
        assertThat(RunMeasurement.ioCallsBetween(Optional.empty(), start)).isNull();
        assertThat(RunMeasurement.ioCallsBetween(start, Optional.empty())).isNull();
    }
}
