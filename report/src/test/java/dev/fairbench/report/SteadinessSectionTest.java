package dev.fairbench.report;

import dev.fairbench.report.render.MarkdownRenderer;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.VerdictsBuilder;
import dev.fairbench.results.Results;
import dev.fairbench.results.RunResult;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The steadiness line: per-second rates of the app-bound windows, read from hlogs whose counts are known, so the
 * coefficient of variation, its median and 90th percentile and the largest fall can be worked out by hand.
 */
class SteadinessSectionTest {
    private static final long[] STEADY = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000};
    /** Loses half its rate in its sixth second: CV 150/950, a fall of 50%. */
    private static final long[] HALVED_ONCE = {1000, 1000, 1000, 1000, 1000, 500, 1000, 1000, 1000, 1000};
    /** Alternates 1000 and 1100: CV 50/1050. */
    private static final long[] ALTERNATING = {1000, 1100, 1000, 1100, 1000, 1100, 1000, 1100, 1000, 1100};

    @TempDir
    Path dir;

    @Test
    void summarisesThePerSecondRatesOfTheAppBoundWindowsFromTheirHlogs() throws Exception {
        Results results = SampleResults.build();
        // Round 1 steady, with a last half-second interval that must not count (its rate would be 200/s)
        List<RunResult> compute = writeVertxCompute(results, STEADY, HALVED_ONCE, ALTERNATING);
        write(compute.get(0), STEADY, 100);

        String en = MarkdownRenderer.render(VerdictsBuilder.summary(results, null, dir, Messages.of("en")));
        assertThat(en).contains("Steadiness: in the 3 windows in which the app kept its CPUs saturated, the requests "
                + "it completed per second varied by 4.8% at the median (coefficient of variation over the seconds of "
                + "a window; 15.8% in the 90th percentile window), and fell by up to 50.0% from one second to the next "
                + "(Vert.x + pg-client, Compute, round 2).");
        String uk = MarkdownRenderer.render(VerdictsBuilder.summary(results, null, dir, Messages.of("uk")));
        assertThat(uk).contains("Стабільність: у 3 вікнах").contains("коливалася на 4,8% за медіаною")
                .contains("падала щонайбільше на 50,0%").contains("раунд 2");
        // 4.8% in the median window is over the 3% line: the summary opens with the warning, in both languages
        assertThat(en).contains("Warning: the host was unsteady during this run: a saturated app's per-second rate "
                + "varied by 4.8% in the median app-bound window, more than 3.0%");
        assertThat(uk).contains("Увага: хост був нестабільним під час цього прогону").contains("на 4,8% у медіанному");
        assertThat(en.indexOf("Warning: the host was unsteady")).isLessThan(en.indexOf("#### Verdicts"));
    }

    @Test
    void aSteadyRunHasTheLineButNoWarning() throws Exception {
        Results results = SampleResults.build();
        writeVertxCompute(results, STEADY, new long[] {1000, 1010, 1000, 1010, 1000, 1010, 1000, 1010, 1000, 1010},
                HALVED_ONCE);
        String en = MarkdownRenderer.render(VerdictsBuilder.summary(results, null, dir, Messages.of("en")));
        assertThat(en).contains("varied by 0.5% at the median").doesNotContain("unsteady");
        assertThat(Steadiness.of(results, dir).orElseThrow().unsteady()).isFalse();
    }

    @Test
    void compareSaysHowSteadyEachSideWasAndWhatThatMeansForCpuPerRequest() throws Exception {
        Results results = SampleResults.build();
        writeVertxCompute(results, ALTERNATING, ALTERNATING, ALTERNATING);
        Path none = Files.createDirectories(dir.resolve("no-hlogs"));
        String md = Comparison.of("a", results, "b", results).withSteadiness(results, dir, results, none).markdown();
        assertThat(md).contains("host steadiness (median per-second CV of the app-bound windows): A 4.8%, B not read; "
                + "above 3.0% two runs are not expected to agree on app CPU per request within 5%");
        assertThat(Comparison.of("a", results, "b", results).markdown()).doesNotContain("host steadiness");
    }

    @Test
    void saysNothingWithoutTheHlogsOrWithoutAnAppBoundWindow() throws Exception {
        Results results = SampleResults.build();
        assertThat(MarkdownRenderer.render(VerdictsBuilder.summary(results, null, dir, Messages.of("en"))))
                .doesNotContain("Steadiness");
        assertThat(MarkdownRenderer.render(VerdictsBuilder.summary(results, Messages.of("en"))))
                .doesNotContain("Steadiness");
        // index is services-bound in the sample: its hlogs are there, yet no line
        SampleResults.writeHlogs(dir);
        assertThat(MarkdownRenderer.render(VerdictsBuilder.summary(results, null, dir, Messages.of("en"))))
                .doesNotContain("Steadiness");
    }

    /** Writes the hlogs of Vert.x's three compute rounds (app-bound in the sample), one array of counts each. */
    private List<RunResult> writeVertxCompute(Results results, long[]... rounds) throws Exception {
        List<RunResult> compute = results.app("vertx").orElseThrow().route("compute").orElseThrow().runs();
        for (int i = 0; i < rounds.length; i++) write(compute.get(i), rounds[i], 0);
        return compute;
    }

    /** Writes a run's hlog with these counts in its one-second intervals and, when not 0, a last half-second one. */
    private void write(RunResult run, long[] perSecond, long lastHalfSecond) throws Exception {
        Path file = dir.resolve(run.hlog());
        Files.createDirectories(file.getParent());
        HistogramLogWriter writer = new HistogramLogWriter(file.toFile());
        writer.outputLogFormatVersion();
        writer.outputStartTime(0);
        writer.outputLegend();
        for (int second = 0; second <= perSecond.length; second++) {
            boolean last = second == perSecond.length;
            if (last && lastHalfSecond == 0) break;
            Histogram h = new Histogram(1, 3_600_000_000L, 3);
            h.setStartTimeStamp(second * 1000L);
            h.setEndTimeStamp(second * 1000L + (last ? 500 : 1000));
            h.recordValueWithCount(800, last ? lastHalfSecond : perSecond[second]);
            writer.outputIntervalHistogram(h);
        }
        writer.close();
    }
}
