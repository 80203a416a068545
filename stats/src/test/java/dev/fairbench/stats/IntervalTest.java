package dev.fairbench.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class IntervalTest {
    @Test
    void excludesOnlyWhatLiesOutsideTheClosedInterval() {
        Interval i = new Interval(1.05, 1.02, 1.08, Interval.WELCH_LOG_ROUNDS);
        assertThat(i.excludes(1)).isTrue();
        assertThat(i.excludes(1.09)).isTrue();
        assertThat(i.excludes(1.02)).isFalse();
        assertThat(i.excludes(1.08)).isFalse();
        assertThat(i.excludes(1.05)).isFalse();
    }

    @Test
    void relativeHalfWidthReadsAsPlusMinus() {
        assertThat(new Interval(100, 97, 103, Interval.T_ROUNDS).relativeHalfWidth()).isCloseTo(0.03, within(1e-12));
        assertThat(new Interval(-100, -103, -97, Interval.T_ROUNDS).relativeHalfWidth())
                .isCloseTo(0.03, within(1e-12));
        assertThat(new Interval(0, -1, 1, Interval.T_ROUNDS).relativeHalfWidth()).isZero();
        assertThat(Interval.point(5).relativeHalfWidth()).isZero();
    }

    @Test
    void pointHasNoInterval() {
        Interval p = Interval.point(2.5);
        assertThat(p).isEqualTo(new Interval(2.5, 2.5, 2.5, "none"));
        assertThat(p.hasInterval()).isFalse();
        assertThat(new Interval(2.5, 2.5, 2.5, Interval.T_ROUNDS).hasInterval()).isTrue();
    }

    @Test
    void rejectsNaNAndInvertedBounds() {
        assertThatThrownBy(() -> new Interval(Double.NaN, 0, 1, Interval.T_ROUNDS))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Interval(0, Double.NaN, 1, Interval.T_ROUNDS))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Interval(0, 2, 1, Interval.T_ROUNDS))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Interval(0, 0, 1, null)).isInstanceOf(NullPointerException.class);
    }
}
