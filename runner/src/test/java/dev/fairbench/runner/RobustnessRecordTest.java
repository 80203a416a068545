package dev.fairbench.runner;

import dev.fairbench.results.RobustnessCase;
import dev.fairbench.workload.conformance.HostileChecker;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The hostile suite's results as run records them: in order, with a detail only for a failed case. */
class RobustnessRecordTest {
    @Test
    void casesKeepTheirOrderAndOnlyFailuresADetail() {
        List<RobustnessCase> cases = StartChecks.robustness(List.of(
                new HostileChecker.Result("stalled request head", false, 3001, "no answer and no close within 3000 ms"),
                new HostileChecker.Result("64 KiB header", true, 3, null)));
        assertThat(cases).containsExactly(
                new RobustnessCase("stalled request head", false, 3001, "no answer and no close within 3000 ms"),
                new RobustnessCase("64 KiB header", true, 3, null));
    }
}
