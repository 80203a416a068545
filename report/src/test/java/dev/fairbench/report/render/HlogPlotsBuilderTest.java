package dev.fairbench.report.render;

import dev.fairbench.report.render.Block.Tick;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The axes of the plots drawn from the hlogs. */
class HlogPlotsBuilderTest {
    private final Messages en = Messages.of("en");

    @Test
    void aLogarithmicAxisOfAFewDecadesTicksAtOneTwoAndFive() {
        List<Tick> ticks = HlogPlotsBuilder.logYTicks(en, 0.6, 13);
        assertThat(ticks).extracting(Tick::at).containsExactly(0.5, 1.0, 2.0, 5.0, 10.0, 20.0);
        assertThat(ticks).extracting(Tick::label).containsExactly("0.5", "1", "2", "5", "10", "20");
    }

    @Test
    void aLogarithmicAxisOfManyDecadesTicksAtPowersOfTenAndCoversItsValues() {
        List<Tick> ticks = HlogPlotsBuilder.logYTicks(en, 0.03, 5400);
        assertThat(ticks).extracting(Tick::at).containsExactly(0.01, 0.1, 1.0, 10.0, 100.0, 1000.0, 10000.0);
        assertThat(ticks.getFirst().at()).isLessThanOrEqualTo(0.03);
        assertThat(ticks.getLast().at()).isGreaterThanOrEqualTo(5400);
        assertThat(ticks.get(5).label()).isEqualTo("1\u00A0000");
    }

    @Test
    void valuesOnATickNeedNoTickBeyondThem() {
        assertThat(HlogPlotsBuilder.logYTicks(en, 1, 100)).extracting(Tick::at)
                .containsExactly(1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0);
        assertThat(HlogPlotsBuilder.logYTicks(en, 2, 2)).extracting(Tick::at).containsExactly(2.0, 5.0);
    }

    @Test
    void aLogarithmicChartRefusesTicksAtOrBelowZero() {
        List<Tick> zero = List.of(new Tick(0, "0"), new Tick(10, "10"));
        Block.Table table = new Block.Table(List.of("a"), List.of(false), List.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Block.LineChart("t", "s", "x", "y",
                zero, zero, List.of(), List.of(), table, List.of(), true))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
