package dev.fairbench.runner.proc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CpuPlacementTest {
    @Test
    void defaultsSplitTheCores() {
        assertThat(CpuPlacement.defaults(2)).isEqualTo(new CpuPlacement("0", "1", "1"));
        assertThat(CpuPlacement.defaults(3)).isEqualTo(new CpuPlacement("0", "1", "2"));
        assertThat(CpuPlacement.defaults(4)).isEqualTo(new CpuPlacement("0-1", "2", "3"));
        assertThat(CpuPlacement.defaults(8)).isEqualTo(new CpuPlacement("0-3", "4-5", "6-7"));
        assertThat(CpuPlacement.defaults(12)).isEqualTo(new CpuPlacement("0-5", "6-8", "9-11"));
        assertThat(CpuPlacement.defaults(8).appCpuCount()).isEqualTo(4);
        assertThatThrownBy(() -> CpuPlacement.defaults(1)).hasMessageContaining("at least 2 CPUs");
    }

    @Test
    void overridesAreValidated() {
        assertThat(CpuPlacement.of("1", "0", "0", 2)).isEqualTo(new CpuPlacement("1", "0", "0"));
        assertThatThrownBy(() -> CpuPlacement.of("0", "0", null, 2)).hasMessageContaining("CPU 0 is given to the app");
        assertThatThrownBy(() -> CpuPlacement.of("5", null, null, 2)).hasMessageContaining("CPU 5 does not exist");
        assertThatThrownBy(() -> CpuPlacement.of("zero", null, null, 2)).hasMessageContaining("bad CPU list 'zero'");
        assertThat(CpuPlacement.parse("3,0-1,1")).containsExactly(0, 1, 3);
    }
}
