package dev.fairbench.loadgen;

import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class LoadSplitProperties {
    private static final URI TARGET = URI.create("http://127.0.0.1:8080/hello");

    private static LoadSpec whole(int connections, int threads, double rate) {
        return LoadSpec.closedLoop(TARGET, connections, threads, Duration.ofSeconds(10)).withRate(rate);
    }

    @Property(tries = 500, seed = "17")
    void partsAddUpExactlyAndNoHostIsIdle(@ForAll @IntRange(min = 1, max = 16) int hosts,
                                          @ForAll @IntRange(min = 1, max = 5000) int connections,
                                          @ForAll @IntRange(min = 1, max = 64) int threads,
                                          @ForAll @DoubleRange(min = 0, max = 2_000_000) double anyRate,
                                          @ForAll boolean closedLoop) {
        Assume.that(hosts <= threads && threads <= connections);
        double rate = closedLoop ? 0 : Math.max(1, anyRate);
        List<LoadShare> shares = LoadSplit.split(whole(connections, threads, rate), hosts);

        assertThat(shares).hasSize(hosts);
        assertThat(shares.stream().mapToInt(s -> s.spec().connections()).sum()).isEqualTo(connections);
        assertThat(shares.stream().mapToInt(s -> s.spec().threads()).sum()).isEqualTo(threads);
        int next = 0;
        for (LoadShare share : shares) {
            assertThat(share.spec().connections()).isPositive();
            assertThat(share.spec().threads()).isPositive().isLessThanOrEqualTo(share.spec().connections());
            assertThat(share.spec().connections()).isBetween(connections / hosts, connections / hosts + 1);
            assertThat(share.firstConnection()).isEqualTo(next);
            assertThat(share.totalConnections()).isEqualTo(connections);
            assertThat(share.totalRatePerSecond()).isEqualTo(rate);
            assertThat(share.spec().fixedRate()).isEqualTo(!closedLoop);
            next += share.spec().connections();
            if (!closedLoop) {
                // every connection sends at the pace it would in a single-host run
                assertThat(share.spec().ratePerSecond() / share.spec().connections())
                        .isCloseTo(rate / connections, within(rate / connections * 1e-12));
            }
        }
        double rates = shares.stream().mapToDouble(s -> s.spec().ratePerSecond()).sum();
        assertThat(rates).isCloseTo(rate, within(rate * 1e-12));
    }

    /** The hosts' schedules together are the one-host schedule: the j-th send of all of them is due at j / rate. */
    @Property(tries = 200, seed = "17")
    void sendsOfAllHostsTogetherStayEvenlySpaced(@ForAll @IntRange(min = 1, max = 8) int hosts,
                                                 @ForAll @IntRange(min = 1, max = 200) int connections,
                                                 @ForAll @DoubleRange(min = 1, max = 1_000_000) double rate) {
        Assume.that(hosts <= connections);
        long startNanos = 1_000_000_000L;
        List<Long> due = new ArrayList<>();
        int perConnection = 5;
        for (LoadShare share : LoadSplit.split(whole(connections, hosts, rate), hosts)) {
            for (int k = 0; k < share.spec().connections(); k++) {
                RateSchedule schedule = new RateSchedule(startNanos, share.totalRatePerSecond(),
                        share.firstConnection() + k, share.totalConnections());
                for (int sequence = 0; sequence < perConnection; sequence++) {
                    due.add(schedule.intendedStartNanos(sequence));
                }
            }
        }
        due.sort(null);
        assertThat(due).hasSize(connections * perConnection);
        for (int j = 0; j < due.size(); j++) {
            assertThat((double) due.get(j)).isCloseTo(startNanos + j * 1e9 / rate, within(1.0));
        }
    }

    @Test
    void remaindersGoToTheFirstHosts() {
        List<LoadShare> shares = LoadSplit.split(whole(10, 4, 1000), 3);
        assertThat(shares).extracting(s -> s.spec().connections()).containsExactly(4, 3, 3);
        assertThat(shares).extracting(s -> s.spec().threads()).containsExactly(2, 1, 1);
        assertThat(shares).extracting(LoadShare::firstConnection).containsExactly(0, 4, 7);
        assertThat(shares).extracting(s -> s.spec().ratePerSecond()).containsExactly(400.0, 300.0, 300.0);
    }

    @Test
    void fewerConnectionsOrThreadsThanHostsIsOneClearError() {
        assertThatThrownBy(() -> LoadSplit.split(whole(3, 3, 0), 4))
                .hasMessage("connections (3) must be at least the number of load hosts (4): each host needs one");
        assertThatThrownBy(() -> LoadSplit.split(whole(8, 2, 0), 3))
                .hasMessage("threads (2) must be at least the number of load hosts (3): each host needs one");
    }

    @Test
    void aShareMustFitInTheWholeLoad() {
        assertThatThrownBy(() -> new LoadShare(whole(4, 1, 100), 7, 10, 250))
                .hasMessage("connections 7..10 do not fit in a load of 10 connections");
        assertThatThrownBy(() -> new LoadShare(whole(4, 1, 0), 0, 10, 250))
                .hasMessageContaining("fixed rate exactly when the whole load is");
    }
}
