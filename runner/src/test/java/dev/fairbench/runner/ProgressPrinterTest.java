package dev.fairbench.runner;

import dev.fairbench.loadgen.Progress;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Progress written to a file or a pipe is one line per step, with elapsed time and ETA, and no carriage return. */
class ProgressPrinterTest {
    private static Progress at(double seconds) {
        return new Progress((long) (seconds * 1e9), 1000, 500.0, 2000, 0);
    }

    @Test
    void withoutATerminalEachStepIsOneLineWithElapsedAndEta() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressPrinter p = new ProgressPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        p.plan(2, Duration.ofSeconds(120));
        p.status("vertx", "index", "round 1/3", at(1), Duration.ofSeconds(20));
        p.status("vertx", "index", "round 1/3", at(2), Duration.ofSeconds(20));
        p.status("vertx", "index", "round 1/3", at(3), Duration.ofSeconds(20));
        p.status("vertx", "detail", "round 1/3", at(1), Duration.ofSeconds(20));
        String out = bytes.toString(StandardCharsets.UTF_8);

        assertThat(out).doesNotContain("\r").doesNotContain("\u001B");
        assertThat(out.lines()).hasSize(2);
        assertThat(out.lines().findFirst().orElseThrow()).startsWith("[vertx] index round 1/3  (20 s; elapsed ")
                .contains(", ETA 2m39s)");
    }

    @Test
    void durationsReadAsPeopleWriteThem() {
        assertThat(ProgressPrinter.human(42)).isEqualTo("42s");
        assertThat(ProgressPrinter.human(185)).isEqualTo("3m05s");
        assertThat(ProgressPrinter.human(3720)).isEqualTo("1h02m");
    }
}
