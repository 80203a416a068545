package dev.fairbench.loadgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The two 5-second tests that check the numbers the generator reports against what really happened. */
@Timeout(30)
class TruthTest {
    private static final long SECOND_NANOS = 1_000_000_000L;

    /**
     * A server that stops answering for {@code STALL} once every {@code PERIOD} (from the first request it sees,
     * stalls begin at 2 s, 7 s, ...). At a fixed rate well below capacity, requests intended during a stall wait
     * for its end, so over a 5 s run a fraction {@code f = STALL / DURATION} of requests has a corrected latency
     * spread evenly over (0, STALL]. The corrected percentile p is then {@code STALL * (1 - (1 - p) / f)} when
     * {@code 1 - p < f}: p99 = 950 ms, p99.9 = 995 ms, p90 = 500 ms. Uncorrected latency only catches the one
     * request per connection that was in flight when the stall began (4 of 2000, 0.2 %), so its p99 stays at
     * the service time: that is coordinated omission, and the test checks both views.
     */
    @Test
    void correctedLatencyShowsTheStallThatUncorrectedHides() throws Exception {
        long periodNanos = 5 * SECOND_NANOS;
        long stallNanos = SECOND_NANOS;
        long stallStartNanos = 2 * SECOND_NANOS;
        AtomicLong firstRequestNanos = new AtomicLong(Long.MIN_VALUE);
        try (BlockingTestServer server = new BlockingTestServer(BlockingTestServer.Framing.CONTENT_LENGTH, now -> {
            firstRequestNanos.compareAndSet(Long.MIN_VALUE, now);
            long phase = Math.floorMod(now - firstRequestNanos.get(), periodNanos);
            return phase >= stallStartNanos && phase < stallStartNanos + stallNanos
                    ? stallStartNanos + stallNanos - phase : 0;
        })) {
            double rate = 400;
            Duration duration = Duration.ofSeconds(5);
            LoadSpec spec = LoadSpec.closedLoop(URI.create("http://127.0.0.1:" + server.port() + "/"), 4, 1,
                    duration).withRate(rate);
            LoadResult r = LoadGenerator.run(spec, null);
            System.out.print(LoadReportWriter.text(r, false));

            double f = (double) stallNanos / duration.toNanos();
            double stallMillis = stallNanos / 1e6;
            assertThat(r.errors()).isZero();
            // 400/s for 5 s schedules 2000 requests; a host running late at the end of the window leaves a few
            // unsent or unanswered inside it, and never more than the 4 connections' in-flight requests go missing
            assertThat(r.requestsSent()).isBetween(1800L, 2000L);
            assertThat(r.requestsCompleted()).isBetween(r.requestsSent() - 4, r.requestsSent());
            // late sends and the backlog draining one request at a time per connection after the stall can only
            // add latency (on a VM whose hypervisor steals cores, 100-150 ms of it), hence more room above the
            // expected value than below: the lower bounds are what tell corrected latency from uncorrected
            assertThat(millis(r, 99)).isBetween(expectedMillis(99, f, stallMillis) - 40,
                    expectedMillis(99, f, stallMillis) + 300);
            assertThat(millis(r, 99.9)).isBetween(expectedMillis(99.9, f, stallMillis) - 40,
                    expectedMillis(99.9, f, stallMillis) + 300);
            assertThat(millis(r, 90)).isBetween(expectedMillis(90, f, stallMillis) - 40,
                    expectedMillis(90, f, stallMillis) + 300);
            assertThat(r.latencyMicros().getMaxValue() / 1e3).isBetween(stallMillis - 20, stallMillis + 300);
            assertThat(millis(r, 50)).isLessThan(50);

            assertThat(r.uncorrectedLatencyMicros().getValueAtPercentile(99) / 1e3).isLessThan(100);
            assertThat(r.uncorrectedLatencyMicros().getMaxValue() / 1e3).isGreaterThan(stallMillis * 0.8);
        }
    }

    /** Corrected percentile {@code p} for a stall of {@code stallMillis} covering fraction {@code f} of the run. */
    private static double expectedMillis(double p, double f, double stallMillis) {
        return Math.max(0, stallMillis * (1 - (1 - p / 100) / f));
    }

    private static double millis(LoadResult r, double percentile) {
        return r.latencyMicros().getValueAtPercentile(percentile) / 1e3;
    }

    @Test
    void fixedRateCompletesTheRequestedNumberOfRequests() throws Exception {
        try (HelloServer server = new HelloServer(0, 1)) {
            LoadSpec spec = LoadSpec.closedLoop(URI.create("http://127.0.0.1:" + server.port() + "/hello"), 16, 2,
                    Duration.ofSeconds(5)).withRate(2000);
            LoadResult r = LoadGenerator.run(spec, null);
            System.out.print(LoadReportWriter.text(r, false));
            assertThat(r.errors()).isZero();
            // 2000/s for 5 s schedules 10000 requests and the generator never sends more; one that runs late at the
            // end of the window (a stolen core) leaves some unsent inside it, and at most the 16 connections'
            // in-flight requests unanswered
            assertThat(r.requestsSent()).isBetween(9000L, 10000L);
            assertThat(r.requestsCompleted()).isBetween(r.requestsSent() - 16, r.requestsSent());
            assertThat(r.requestsPerSecond()).isBetween(1790.0, 2000.0);
        }
    }
}
