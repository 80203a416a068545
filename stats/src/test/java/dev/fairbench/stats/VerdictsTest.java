package dev.fairbench.stats;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VerdictsTest {
    /**
     * Issue 10 §6, "a known 5% difference is found". 3 rounds each with a round-to-round CV of 1%, which is what a
     * quiet machine gives (the quiet run in issue 10 spread ±0.1–2%). There Welch's test has a power of about 96%
     * (0.963 in 4000 simulated pairs), so the 90% bar is met by the method with room for the seed, not by tuning.
     * It is honest to say what it cannot do: at CV 2% the power with 3 rounds is about 50%, at 3% about 26%
     * (docs/statistics.md): on a noisy machine a 5% difference needs more rounds, and the verdict then says tie.
     */
    @Test
    void aFivePercentDifferenceIsFoundOnTheRightSide() {
        Random random = new Random(20261201);
        int pairs = 1000;
        int right = 0;
        for (int i = 0; i < pairs; i++) {
            boolean aIsFaster = i % 2 == 0;
            double[] a = Simulated.rounds(random, 3, aIsFaster ? 10_500 : 10_000, 0.01);
            double[] b = Simulated.rounds(random, 3, aIsFaster ? 10_000 : 10_500, 0.01);
            Verdict v = Verdicts.decide(List.of(new Contender("a", a), new Contender("b", b)), true);
            if (v.kind() == Verdict.Kind.WINNER && v.best().equals(aIsFaster ? "a" : "b")) {
                right++;
            }
        }
        assertThat((double) right / pairs).isGreaterThanOrEqualTo(0.90);
    }

    /** The same for a cost, where lower is better: 5% less CPU per request. */
    @Test
    void aFivePercentLowerCostIsFound() {
        Random random = new Random(77);
        int pairs = 1000;
        int right = 0;
        for (int i = 0; i < pairs; i++) {
            double[] cheap = Simulated.rounds(random, 3, 95, 0.01);
            double[] dear = Simulated.rounds(random, 3, 100, 0.01);
            Verdict v = Verdicts.decide(List.of(new Contender("dear", dear), new Contender("cheap", cheap)), false);
            if (v.kind() == Verdict.Kind.WINNER && v.best().equals("cheap")) {
                right++;
                assertThat(v.ratio().estimate()).isGreaterThan(1);
                assertThat(v.runnerUp()).isEqualTo("dear");
            }
        }
        assertThat((double) right / pairs).isGreaterThanOrEqualTo(0.90);
    }

    /**
     * Issue 10 §6, "identical distributions give a tie at least 95% of the time". A winner is called when the 95%
     * interval of best/runner-up excludes 1, i.e. the two-sided test rejects; Welch's test is conservative for
     * equal variances, so the false-winner rate is below 5% (about 3.5% with 3 rounds each).
     */
    @Test
    void identicalDistributionsTieAtLeast95PercentOfTheTime() {
        for (double cv : new double[] {0.01, 0.10}) {
            Random random = new Random(4242);
            int comparisons = 4000;
            int ties = 0;
            for (int i = 0; i < comparisons; i++) {
                Verdict v = Verdicts.decide(List.of(new Contender("a", Simulated.rounds(random, 3, 8000, cv)),
                        new Contender("b", Simulated.rounds(random, 3, 8000, cv))), true);
                if (v.kind() == Verdict.Kind.TIE) {
                    ties++;
                }
            }
            assertThat((double) ties / comparisons).as("tie rate at CV %s", cv).isGreaterThanOrEqualTo(0.95);
        }
    }

    @Test
    void tiedWithBestListsEveryoneItCannotBeToldApartFrom() {
        Verdict v = Verdicts.decide(List.of(
                new Contender("slow", 500, 505, 495),
                new Contender("close", 990, 1010, 1000),
                new Contender("fast", 1000, 1015, 995),
                new Contender("single", 1002)), true);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.TIE);
        assertThat(v.best()).isEqualTo("fast");
        assertThat(v.runnerUp()).isEqualTo("single");
        assertThat(v.ratio().method()).as("3 rounds against 1: no interval").isEqualTo("none");
        assertThat(v.tiedWithBest()).containsExactly("fast", "single", "close");
    }

    @Test
    void aClearWinnerStandsAloneAndTheRatioIsAtLeastOne() {
        Verdict v = Verdicts.decide(List.of(new Contender("b", 1000, 1010, 990),
                new Contender("a", 1500, 1490, 1510)), true);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.WINNER);
        assertThat(v.best()).isEqualTo("a");
        assertThat(v.runnerUp()).isEqualTo("b");
        assertThat(v.ratio().method()).isEqualTo("welch-log-rounds");
        assertThat(v.ratio().low()).isGreaterThan(1);
        assertThat(v.ratio().estimate()).isBetween(1.49, 1.51);
        assertThat(v.tiedWithBest()).containsExactly("a");

        Verdict cost = Verdicts.decide(List.of(new Contender("a", 150, 149, 151),
                new Contender("b", 100, 101, 99)), false);
        assertThat(cost.best()).isEqualTo("b");
        assertThat(cost.ratio().estimate()).isBetween(1.49, 1.51);
        assertThat(cost.kind()).isEqualTo(Verdict.Kind.WINNER);
    }

    /**
     * The house rule "never call a winner where the ranges overlap": one slow round of the faster app that falls
     * inside the other's range makes it a tie, although Welch's interval alone excludes 1.
     */
    @Test
    void overlappingRangesAreATieEvenWhenTheIntervalExcludesOne() {
        double[] fast = {1050, 1051, 1052, 1053, 1054, 1000.5};
        double[] slow = {1000, 1001, 1002, 1000, 1001, 1002};
        assertThat(Verdicts.compare(new Contender("fast", fast), new Contender("slow", slow)).excludes(1))
                .as("Welch alone would name a winner").isTrue();
        Verdict v = Verdicts.decide(List.of(new Contender("slow", slow), new Contender("fast", fast)), true);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.TIE);
        assertThat(v.best()).isEqualTo("fast");
        assertThat(v.tiedWithBest()).containsExactly("fast", "slow");

        double[] apart = {1050, 1051, 1052, 1053, 1054, 1002.5};
        assertThat(Verdicts.decide(List.of(new Contender("slow", slow), new Contender("fast", apart)), true).kind())
                .as("the same with the ranges just apart").isEqualTo(Verdict.Kind.WINNER);
        Verdict cost = Verdicts.decide(List.of(new Contender("dear", fast), new Contender("cheap", slow)), false);
        assertThat(cost.kind()).as("a cost, lower is better").isEqualTo(Verdict.Kind.TIE);
        assertThat(cost.best()).isEqualTo("cheap");
    }

    @Test
    void singleRoundsWithoutSecondsNeverGetAWinner() {
        Verdict v = Verdicts.decide(List.of(new Contender("a", 2000.0), new Contender("b", 1000.0)), true);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.TIE);
        assertThat(v.best()).isEqualTo("a");
        assertThat(v.ratio()).isEqualTo(new Interval(2, 2, 2, "none"));
        assertThat(v.tiedWithBest()).containsExactly("a", "b");
    }

    @Test
    void singleRoundsWithSecondsUseTheWithinRunBootstrap() {
        Random random = new Random(9);
        double[] fast = Simulated.ar1(random, 20, 12_000, 0.5, 200);
        double[] slow = Simulated.ar1(random, 20, 10_000, 0.5, 200);
        double[] twin = Simulated.ar1(random, 20, 12_000, 0.5, 200);
        Verdict v = Verdicts.decide(List.of(new Contender("slow", new double[] {10_000}, slow),
                new Contender("fast", new double[] {12_000}, fast)), true);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.WINNER);
        assertThat(v.best()).isEqualTo("fast");
        assertThat(v.ratio().method()).isEqualTo("block-bootstrap-seconds");
        assertThat(v.ratio().estimate()).isEqualTo(Intervals.mean(fast) / Intervals.mean(slow));
        assertThat(Verdicts.decide(List.of(new Contender("slow", new double[] {10_000}, slow),
                new Contender("fast", new double[] {12_000}, fast)), true)).as("fixed seed").isEqualTo(v);

        Verdict twins = Verdicts.decide(List.of(new Contender("fast", new double[] {12_000}, fast),
                new Contender("twin", new double[] {12_000}, twin)), true);
        assertThat(twins.ratio().method()).isEqualTo("block-bootstrap-seconds");
        assertThat(twins.kind()).isEqualTo(Verdict.Kind.TIE);

        Verdict oneSided = Verdicts.decide(List.of(new Contender("fast", new double[] {12_000}, fast),
                new Contender("slow", 10_000)), true);
        assertThat(oneSided.ratio().method()).isEqualTo("none");
        assertThat(oneSided.kind()).isEqualTo(Verdict.Kind.TIE);
    }

    @Test
    void fewerThanTwoContendersHaveNoVerdict() {
        assertThat(Verdicts.decide(List.of(), true))
                .isEqualTo(new Verdict(Verdict.Kind.NONE, null, null, null, List.of()));
        assertThat(Verdicts.decide(List.of(new Contender("only", 1.0, 2.0)), false))
                .isEqualTo(new Verdict(Verdict.Kind.NONE, "only", null, null, List.of("only")));
    }

    @Test
    void identicalRoundsTieWithAZeroWidthRatio() {
        Verdict v = Verdicts.decide(List.of(new Contender("a", 100, 100, 100), new Contender("b", 100, 100, 100)),
                true);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.TIE);
        assertThat(v.best()).as("equal centres keep the input order").isEqualTo("a");
        assertThat(v.ratio()).isEqualTo(new Interval(1, 1, 1, "welch-log-rounds"));
        assertThat(v.tiedWithBest()).containsExactly("a", "b");
    }

    @Test
    void badContendersAreRejected() {
        assertThatThrownBy(() -> Verdicts.decide(List.of(new Contender("a", 1.0), new Contender("a", 2.0)), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same name");
        assertThatThrownBy(() -> new Contender("a", new double[0], null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Contender("a", 1.0, 0.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Contender("a", new double[] {1}, new double[0]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Contender(null, 1.0)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void contenderIsImmutable() {
        double[] rounds = {1, 2, 3};
        Contender c = new Contender("a", rounds);
        rounds[0] = 99;
        c.roundValues()[1] = 99;
        assertThat(c.roundValues()).containsExactly(1, 2, 3);
        assertThat(c).isEqualTo(new Contender("a", 1, 2, 3));
        assertThat(c.centre()).isEqualTo(Math.cbrt(6), org.assertj.core.api.Assertions.within(1e-12));
    }
}
