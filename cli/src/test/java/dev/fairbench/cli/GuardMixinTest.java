package dev.fairbench.cli;

import dev.fairbench.runner.canary.HostSpeedRule;
import dev.fairbench.runner.proc.InterferenceGuard;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class GuardMixinTest {
    @Command(name = "t")
    static final class WithGuard {
        @Mixin
        GuardMixin guard;
    }

    private static GuardMixin parse(String... args) {
        WithGuard w = new WithGuard();
        new CommandLine(w).parseArgs(args);
        return w.guard;
    }

    @Test
    void theHostSlowdownIsAPercentageWithOrWithoutItsSign() {
        assertThat(parse("--max-host-slowdown", "15%").guard().maxHostSlowdown()).isCloseTo(0.15, within(1e-12));
        assertThat(parse("--max-host-slowdown", "12.5").guard().maxHostSlowdown()).isCloseTo(0.125, within(1e-12));
    }

    @Test
    void theDefaultIsTheRulesDefault() {
        var g = parse().guard();
        assertThat(g.maxHostSlowdown()).isCloseTo(HostSpeedRule.DEFAULT_MAX_HOST_SLOWDOWN, within(1e-12));
        assertThat(g.retries()).isEqualTo(2);
        assertThat(g.maxHostWait()).isEqualTo(dev.fairbench.runner.TrialOptions.Guard.DEFAULT_MAX_HOST_WAIT);
        assertThat(g.maxStealCores()).isEqualTo(InterferenceGuard.DEFAULT_MAX_STEAL_CORES);
        assertThat(g.lateRetry()).isTrue();
    }

    @Test
    void aLateRetryIsTheDefaultAndOneFlagTurnsItOff() {
        assertThat(parse("--no-late-retry").guard().lateRetry()).isFalse();
    }

    @Test
    void theStealThresholdIsCoresAndNotNegative() {
        assertThat(parse("--max-steal", "0.2").guard().maxStealCores()).isCloseTo(0.2, within(1e-12));
        assertThatThrownBy(() -> parse("--max-steal", "-1").guard()).hasMessage("--max-steal must not be negative");
    }

    @Test
    void theWaitForASlowedHostIsATimeAndZeroRetriesAtOnce() {
        assertThat(parse("--max-host-wait", "90s").guard().maxHostWait()).isEqualTo(java.time.Duration.ofSeconds(90));
        assertThat(parse("--max-host-wait", "0s").guard().maxHostWait()).isZero();
    }

    @Test
    void anythingElseIsOneClearLine() {
        assertThatThrownBy(() -> parse("--max-host-slowdown", "fast").guard())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid --max-host-slowdown 'fast': expected a percentage such as 10% or 12.5");
        assertThatThrownBy(() -> parse("--max-host-slowdown", "-5%").guard()).hasMessageContaining("-5%");
    }
}
