package dev.fairbench.loadgen;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadSpecTest {
    private static final URI TARGET = URI.create("http://127.0.0.1:8080/hello?x=1");

    @Test
    void durationsTakeWrkStyleUnits() {
        assertThat(Durations.parse("20s")).isEqualTo(Duration.ofSeconds(20));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("250us")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("7")).isEqualTo(Duration.ofSeconds(7));
        assertThat(Durations.format(Duration.ofMinutes(2))).isEqualTo("2m");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1.50s");
        for (String bad : List.of("", "s", "-1s", "10 parsecs", "1d", "NaNs", "1e30h")) {
            assertThatThrownBy(() -> Durations.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("invalid duration");
        }
    }

    @Test
    void copiesKeepEveryOtherField() {
        LoadSpec spec = LoadSpec.closedLoop(TARGET, 8, 2, Duration.ofSeconds(3))
                .withRate(100).withPipeline(4).withWarmup(Duration.ofSeconds(1)).withMethod("post")
                .withBody(new byte[]{1, 2}).withHeaders(List.of("A: b")).withPaths(List.of("/p"))
                .withTimeout(Duration.ofSeconds(2)).withDuration(Duration.ofSeconds(4));
        assertThat(spec.connections()).isEqualTo(8);
        assertThat(spec.threads()).isEqualTo(2);
        assertThat(spec.ratePerSecond()).isEqualTo(100);
        assertThat(spec.fixedRate()).isTrue();
        assertThat(spec.pipeline()).isEqualTo(4);
        assertThat(spec.warmup()).isEqualTo(Duration.ofSeconds(1));
        assertThat(spec.method()).isEqualTo("POST");
        assertThat(spec.body()).containsExactly(1, 2);
        assertThat(spec.headers()).containsExactly("A: b");
        assertThat(spec.effectivePaths()).containsExactly("/p");
        assertThat(spec.timeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(spec.duration()).isEqualTo(Duration.ofSeconds(4));
        assertThat(LoadSpec.closedLoop(TARGET, 1, 1, Duration.ofSeconds(1)).effectivePaths())
                .containsExactly("/hello?x=1");
        assertThat(LoadSpec.closedLoop(URI.create("http://localhost"), 1, 1, Duration.ofSeconds(1)).port())
                .isEqualTo(80);
    }

    @Test
    void rejectsValuesOutOfRangeWithOneLine() {
        LoadSpec ok = LoadSpec.closedLoop(TARGET, 4, 2, Duration.ofSeconds(1));
        List<Runnable> bad = List.of(
                () -> LoadSpec.closedLoop(URI.create("https://127.0.0.1/"), 1, 1, Duration.ofSeconds(1)),
                () -> LoadSpec.closedLoop(TARGET, 0, 1, Duration.ofSeconds(1)),
                () -> LoadSpec.closedLoop(TARGET, 1, 2, Duration.ofSeconds(1)),
                () -> LoadSpec.closedLoop(TARGET, 1, 1, Duration.ZERO),
                () -> ok.withRate(-1),
                () -> ok.withRate(Double.NaN),
                () -> ok.withPipeline(0),
                () -> ok.withMethod("get me"),
                () -> ok.withHeaders(List.of("NoColon")),
                () -> ok.withHeaders(List.of("A: b\r\nInjected: yes")),
                () -> ok.withPaths(List.of("relative")),
                () -> ok.withPaths(List.of("/with space")),
                () -> ok.withTimeout(Duration.ZERO),
                () -> ok.withWarmup(Duration.ofSeconds(-1)));
        for (Runnable r : bad) {
            assertThatThrownBy(r::run).isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").isNotBlank());
        }
    }
}
