package dev.fairbench.loadgen;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import static org.assertj.core.api.Assertions.assertThat;

class RateScheduleProperties {

    @Property(tries = 200, seed = "42")
    void eachConnectionSendsAtItsShareOfTheRateInOrder(
            @ForAll @DoubleRange(min = 0.5, max = 2_000_000) double rate,
            @ForAll @IntRange(min = 1, max = 500) int connections,
            @ForAll @LongRange(min = -1_000_000_000_000L, max = 1_000_000_000_000L) long startNanos,
            @ForAll @LongRange(min = 0, max = 100_000_000) long anySequence) {
        int last = connections - 1;
        RateSchedule schedule = new RateSchedule(startNanos, rate, last, connections);
        double intervalNanos = connections * 1e9 / rate;
        // runs last at most a day: beyond that double time offsets would lose nanosecond precision
        long sequence = anySequence % Math.max(1, (long) (86_400e9 / intervalNanos));
        long here = schedule.intendedStartNanos(sequence);
        long next = schedule.intendedStartNanos(sequence + 1);
        assertThat(next).isGreaterThan(here);
        assertThat((double) (next - here)).isCloseTo(intervalNanos, org.assertj.core.data.Offset.offset(1.0));
        double exact = startNanos + last * 1e9 / rate + sequence * intervalNanos;
        assertThat((double) here).isCloseTo(exact, org.assertj.core.data.Offset.offset(Math.max(2.0, exact * 1e-15)));
    }

    @Property(tries = 200, seed = "42")
    void allConnectionsTogetherSendExactlyTheRateInAnyWindow(
            @ForAll @DoubleRange(min = 1, max = 200_000) double rate,
            @ForAll @IntRange(min = 1, max = 64) int connections,
            @ForAll @LongRange(min = 0, max = 2_000_000_000L) long windowStartOffsetNanos,
            @ForAll @LongRange(min = 1_000_000, max = 1_000_000_000L) long windowNanos) {
        long startNanos = 123_456_789L;
        long from = startNanos + windowStartOffsetNanos;
        long to = from + windowNanos;
        long sends = 0;
        for (int c = 0; c < connections; c++) {
            RateSchedule schedule = new RateSchedule(startNanos, rate, c, connections);
            double intervalNanos = connections * 1e9 / rate;
            long k = Math.max(0, (long) ((from - startNanos) / intervalNanos) - 2);
            while (schedule.intendedStartNanos(k) < from) {
                k++;
            }
            while (schedule.intendedStartNanos(k) < to) {
                sends++;
                k++;
            }
        }
        // the union of the schedules is start + j / rate, so a window holds rate * window sends, give or take one
        assertThat((double) sends).isCloseTo(rate * windowNanos / 1e9, org.assertj.core.data.Offset.offset(1.0001));
    }
}
