/**
 * The statistics behind fairbench's verdicts: a 95% confidence interval for a figure (req/s, app CPU µs per
 * request, ...) and for the ratio of the same figure between two apps, and the "winner or tie within noise" verdict
 * of a route built on those intervals.
 * <p>The unit of evidence is the <em>round</em>: each app is started fresh, warmed up and measured once per round,
 * and the variation between rounds (restart, JIT, machine drift) dominates the noise. So with two or more rounds the
 * intervals are Student-t intervals over the round values ({@link dev.fairbench.stats.Intervals#ofRounds}) and Welch
 * intervals on their logarithms for ratios ({@link dev.fairbench.stats.Intervals#ratioOfRounds}). With a single
 * round (a smoke run) only the within-run noise can be seen: a block bootstrap over the per-second series
 * ({@link dev.fairbench.stats.BlockBootstrap}) gives an interval that is labelled as such and is narrower than the
 * truth. {@code docs/statistics.md} explains the choice.
 * <p>Every value here is unit-free: a method returns its estimate and bounds in the unit of its input. All types are
 * immutable and all methods are pure (bootstraps take their seed), so everything is thread-safe and reproducible.
 * <p>May import: the JDK and Apache Commons Math (Student-t quantiles); nothing of fairbench.
 */
package dev.fairbench.stats;
