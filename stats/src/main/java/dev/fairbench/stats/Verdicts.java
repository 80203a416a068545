package dev.fairbench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Winner or tie within noise: the rule by which a route gets a winner (fastest, cheapest).
 * <p>The contenders are ranked by their {@linkplain Contender#centre() centre}; the best gets the verdict
 * {@link Verdict.Kind#WINNER} only when the 95% interval of its ratio to the runner-up excludes 1, that interval
 * is a real one (never on a point estimate), and, with 2 or more rounds each, the ranges of their round values do
 * not overlap. Each ratio comes from {@link #compare}. Stateless and thread-safe;
 * bootstraps use the fixed seed {@link #SEED}, so a verdict is reproducible from its data.
 */
public final class Verdicts {
    /** Seed of every bootstrap a verdict makes. */
    public static final long SEED = 0x5EEDF00DL;

    private Verdicts() {
    }

    /**
     * The verdict of one figure on one route.
     * <ul>
     *   <li>Fewer than 2 contenders: {@link Verdict.Kind#NONE}, with the single contender (if any) as best and as
     *       the only member of {@code tiedWithBest}, and no runner-up or ratio.</li>
     *   <li>Otherwise the best and runner-up by centre (higher first when {@code higherIsBetter}, lower first
     *       otherwise; equal centres keep the input order), {@code ratio} = best/runner-up when higher is better,
     *       runner-up/best when lower is better, so that it is {@code ≥ 1}. {@link Verdict.Kind#WINNER} when that
     *       ratio has an interval (method not {@value Interval#NONE}) that excludes 1 and, when both have 2 or more
     *       rounds, the worst round of the best is better than the best round of the runner-up; else
     *       {@link Verdict.Kind#TIE}.</li>
     *   <li>{@code tiedWithBest}: the best, then every other contender not told apart from it by the same rule (no
     *       interval, an interval that includes 1, or overlapping ranges).</li>
     * </ul>
     *
     * @param contenders     the apps' values of the figure, with distinct names
     * @param higherIsBetter true for req/s, false for a cost such as CPU µs per request
     * @throws NullPointerException     if {@code contenders} or one of them is null
     * @throws IllegalArgumentException if two contenders have the same name
     */
    public static Verdict decide(List<Contender> contenders, boolean higherIsBetter) {
        List<Contender> ranked = new ArrayList<>(contenders);
        ranked.forEach(c -> Objects.requireNonNull(c, "contender"));
        if (ranked.stream().map(Contender::name).distinct().count() != ranked.size()) {
            throw new IllegalArgumentException("two contenders have the same name: " + ranked);
        }
        if (ranked.isEmpty()) {
            return new Verdict(Verdict.Kind.NONE, null, null, null, List.of());
        }
        if (ranked.size() == 1) {
            String only = ranked.getFirst().name();
            return new Verdict(Verdict.Kind.NONE, only, null, null, List.of(only));
        }
        Comparator<Contender> byCentre = Comparator.comparingDouble(Contender::centre);
        ranked.sort(higherIsBetter ? byCentre.reversed() : byCentre);  // List.sort is stable

        Contender best = ranked.getFirst();
        List<String> tied = new ArrayList<>(List.of(best.name()));
        Interval toRunnerUp = null;
        for (Contender other : ranked.subList(1, ranked.size())) {
            Interval ratio = higherIsBetter ? compare(best, other) : compare(other, best);
            if (toRunnerUp == null) {
                toRunnerUp = ratio;
            }
            if (!apart(best, other, ratio)) {
                tied.add(other.name());
            }
        }
        boolean winner = apart(best, ranked.get(1), toRunnerUp);
        return new Verdict(winner ? Verdict.Kind.WINNER : Verdict.Kind.TIE, best.name(), ranked.get(1).name(),
                toRunnerUp, tied);
    }

    /** {@link #toldApart} for a winner and its runner-up, ranked by their centres. */
    private static boolean apart(Contender better, Contender worse, Interval ratio) {
        return toldApart(better.roundValues(), worse.roundValues(), ratio);
    }

    /**
     * Whether two contenders' rounds are told apart: {@code ratio} (of one to the other, as {@link #compare} gives
     * it) has a real interval that excludes 1 and, when both have 2 or more rounds, their ranges do not overlap
     * (every round of one is above every round of the other): a reader who sees the two ranges touch is never shown
     * a difference. Which one is better is the caller's to say: with ranges apart, the ordering of their centres and
     * of their rounds agree.
     */
    public static boolean toldApart(double[] a, double[] b, Interval ratio) {
        if (!ratio.hasInterval() || !ratio.excludes(1)) return false;
        if (a.length < 2 || b.length < 2) return true;
        return Arrays.stream(a).max().orElseThrow() < Arrays.stream(b).min().orElseThrow()
                || Arrays.stream(b).max().orElseThrow() < Arrays.stream(a).min().orElseThrow();
    }

    /**
     * The ratio {@code a/b} of a figure between two contenders with its 95% interval, for a comparison such as
     * {@code compare A B}: {@link Intervals#ratioOfRounds} when both have 2 or more rounds;
     * {@link Intervals#ratioOfSeconds} (seed {@link #SEED}) when both have one round and a per-second series of at
     * least 2 values; otherwise the ratio of their {@linkplain Contender#centre() centres} as a point with method
     * {@value Interval#NONE} (e.g. 3 rounds against 1: no honest interval).
     *
     * @throws IllegalArgumentException if a per-second series compared is negative somewhere or {@code b}'s has
     *                                  mean 0
     */
    public static Interval compare(Contender a, Contender b) {
        if (a.rounds() >= 2 && b.rounds() >= 2) {
            return Intervals.ratioOfRounds(a.roundValues(), b.roundValues());
        }
        if (a.usesSeconds() && b.usesSeconds()) {
            return Intervals.ratioOfSeconds(a.perSecond(), b.perSecond(), SEED);
        }
        return Interval.point(a.centre() / b.centre());
    }
}
