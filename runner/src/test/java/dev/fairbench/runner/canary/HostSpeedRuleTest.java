package dev.fairbench.runner.canary;

import dev.fairbench.results.Canary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The retry rule on synthetic canary times. */
class HostSpeedRuleTest {
    private static Canary.Times t(double cpu, double memory) {
        return new Canary.Times(cpu, memory);
    }

    private static HostSpeedRule rule() {
        return new HostSpeedRule(0.10, List.of(t(50, 80), t(51, 79), t(49, 81), t(50, 80), t(70, 120)));
    }

    @Test
    void theBaselineIsTheMedianPerPartSoOneSlowStartTimingDoesNotMoveIt() {
        assertThat(rule().baseline()).isEqualTo(t(50, 80));
    }

    @Test
    void aWindowWithinTheThresholdIsNotSlowed() {
        Canary c = rule().judge(t(52, 82), t(54, 86));
        assertThat(c.slowed()).isFalse();
        assertThat(c.slowdown()).isCloseTo(0.08, within(1e-9));
        assertThat(c.baseline()).isEqualTo(t(50, 80));
        assertThat(c.maxSlowdown()).isEqualTo(0.10);
    }

    @Test
    void eitherPartBeforeOrAfterTheWindowSlowsIt() {
        assertThat(rule().judge(t(56, 80), t(50, 80)).slowdown()).isCloseTo(0.12, within(1e-9));
        assertThat(rule().judge(t(50, 80), t(50, 92)).slowdown()).isCloseTo(0.15, within(1e-9));
        Canary c = rule().judge(t(50, 80), t(50, 92));
        assertThat(c.slowed()).isTrue();
        assertThat(c.reason()).isEqualTo("host slowed: canary +15%");
    }

    @Test
    void aFasterCanaryGivesANegativeSlowdown() {
        Canary c = rule().judge(t(45, 72), t(45, 72));
        assertThat(c.slowdown()).isCloseTo(-0.10, within(1e-9));
        assertThat(c.slowed()).isFalse();
    }

    @Test
    void eachWindowJoinsTheBaselineAfterItWasJudged() {
        HostSpeedRule r = new HostSpeedRule(0.10, List.of(t(50, 80)));
        Canary first = r.judge(t(60, 96), t(60, 96));
        assertThat(first.slowed()).isTrue();
        // the host stays slower: from the third window on the median has moved to the new speed
        assertThat(r.baseline()).isEqualTo(t(60, 96));
        assertThat(r.judge(t(60, 96), t(60, 96)).slowed()).isFalse();
    }

    @Test
    void theThresholdIsItsOwnLimit() {
        assertThat(rule().judge(t(54.5, 80), t(50, 80)).slowed()).as("+9%").isFalse();
        assertThat(new HostSpeedRule(0, List.of(t(50, 80))).judge(t(50, 80), t(50, 80)).slowed()).as("0%, no change").isFalse();
        assertThatThrownBy(() -> new HostSpeedRule(-0.1, List.of(t(1, 1)))).hasMessageContaining("--max-host-slowdown");
        assertThatThrownBy(() -> new HostSpeedRule(0.1, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theHostIsAtSpeedWhenBothPartsAreWithinTheThresholdAndWaitingDoesNotMoveTheBaseline() {
        HostSpeedRule r = rule();
        assertThat(r.atSpeed(t(54, 87))).isTrue();
        assertThat(r.atSpeed(t(56, 80))).isFalse();
        assertThat(r.atSpeed(t(50, 90))).isFalse();
        for (int i = 0; i < 20; i++) r.atSpeed(t(90, 200));
        assertThat(r.baseline()).isEqualTo(t(50, 80));
    }
}
