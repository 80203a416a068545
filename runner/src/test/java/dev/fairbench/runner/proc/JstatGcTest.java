package dev.fairbench.runner.proc;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JstatGcTest {
    @Test
    void parsesParallelGcOutputWithDashes() {
        String out = """
                    S0C         S1C         S0U         S1U          EC           EU           OC           OU          MC         MU       CCSC      CCSU     YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT  \s
                     2048.0      2048.0         0.0       512.0      39936.0      12000.5      87552.0       1234.0     1024.0      800.1    128.0     100.0     12     0.050     1     0.020     -          -     0.070
                """;
        JstatGc gc = JstatGc.parse(out).orElseThrow();
        assertThat(gc.collections()).isEqualTo(13);
        assertThat(gc.pauseMillis()).isCloseTo(70.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void readsARealJvmAndSeesCollections() throws Exception {
        long self = ProcessHandle.current().pid();
        var jstat = JstatGc.jstatFor(self).orElseThrow();
        JstatGc before = JstatGc.sample(jstat, self).orElseThrow();
        List<byte[]> keep = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            keep.add(new byte[16_384]);
            if (keep.size() > 100) keep.clear();
        }
        System.gc();
        JstatGc after = JstatGc.sample(jstat, self).orElseThrow();
        assertThat(after.collections()).isGreaterThan(before.collections());
        assertThat(after.pauseMillis()).isGreaterThanOrEqualTo(before.pauseMillis());
    }
}
