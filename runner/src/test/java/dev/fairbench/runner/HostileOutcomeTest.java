package dev.fairbench.runner;

import dev.fairbench.runner.HostileOutcome.Verdict;
import dev.fairbench.runner.registry.KnownFailure;
import dev.fairbench.workload.conformance.HostileChecker.Result;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** How verify reads the hostile suite against an app's declared known failures. */
class HostileOutcomeTest {
    private static final Result HEAD_STALLS = new Result("stalled request head", false, 3_004, "no answer and no close within 3000 ms");
    private static final Result OPTIONS_OK = new Result("OPTIONS *", true, 3, null);
    private static final Result BIG_HEADER = new Result("64 KiB header", false, 8, "status 200, expected one of [400, 414, 431] or a close");
    private static final KnownFailure DECLARED_HEAD = new KnownFailure("stalled request head", "no header timeout", "o/r#1");

    @Test
    void aDeclaredFailureIsKnownAndDoesNotFailVerify() {
        HostileOutcome o = new HostileOutcome(List.of(HEAD_STALLS, OPTIONS_OK), List.of(DECLARED_HEAD));
        assertThat(o.verdict(HEAD_STALLS)).isEqualTo(Verdict.KNOWN_FAILURE);
        assertThat(o.verdict(OPTIONS_OK)).isEqualTo(Verdict.PASSED);
        assertThat(o.problem()).isNull();
        assertThat(o.summary()).isEqualTo("hostile: 1 of 2 cases passed, 1 known failure (declared)");
        assertThat(o.describe()).contains("  known  3004 ms  stalled request head: known failure (declared): "
                + "no answer and no close within 3000 ms");
    }

    @Test
    void anUndeclaredFailureFailsVerify() {
        HostileOutcome o = new HostileOutcome(List.of(HEAD_STALLS, BIG_HEADER), List.of(DECLARED_HEAD));
        assertThat(o.verdict(BIG_HEADER)).isEqualTo(Verdict.FAILED);
        assertThat(o.problem()).isEqualTo("hostile: 1 of 2 cases failed");
        assertThat(o.describe()).contains("  FAIL      8 ms  64 KiB header: status 200");
    }

    @Test
    void aDeclaredCaseThatPassesFailsVerifySoTheDeclarationIsRemoved() {
        Result headClosed = new Result("stalled request head", true, 2_001, null);
        HostileOutcome o = new HostileOutcome(List.of(headClosed, OPTIONS_OK), List.of(DECLARED_HEAD));
        assertThat(o.verdict(headClosed)).isEqualTo(Verdict.STALE_DECLARATION);
        assertThat(o.problem()).isEqualTo("hostile case 'stalled request head' now passes but is declared a known "
                + "failure: remove it from known_failures in apps.toml");
        assertThat(o.summary()).isEqualTo("hostile: 1 of 2 cases passed");
        assertThat(o.describe()).contains("  FAIL   2001 ms  stalled request head: passes, but apps.toml declares it");
    }

    @Test
    void withoutDeclarationsEveryFailureCounts() {
        HostileOutcome o = new HostileOutcome(List.of(HEAD_STALLS, BIG_HEADER, OPTIONS_OK), List.of());
        assertThat(o.count(Verdict.FAILED)).isEqualTo(2);
        assertThat(o.problem()).isEqualTo("hostile: 2 of 3 cases failed");
        assertThat(o.summary()).isEqualTo("hostile: 1 of 3 cases passed");
    }
}
