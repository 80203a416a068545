package dev.fairbench.runner.placed;

import dev.fairbench.loadgen.HostLoad;
import dev.fairbench.loadgen.LoadMerge;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.MergedLoad;
import dev.fairbench.results.LoadHostRun;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a load across hosts records of each load host: {@link LoadDriver.Driven#loadHostRuns()}. */
class LoadDriverTest {
    private static final LoadSpec WHOLE = LoadSpec.closedLoop(URI.create("http://10.213.7.11:8080/hello"), 64, 4,
            Duration.ofSeconds(20));

    /** A host's part: {@code completed} responses over 20 s, with one error of each kind times {@code errors}. */
    private static HostLoad part(String host, long completed, long errors) {
        Histogram latency = new Histogram(1, 3_600_000_000L, 3);
        latency.recordValueWithCount(800, Math.max(1, completed));
        LoadResult r = new LoadResult(WHOLE, completed + errors, completed, 20.0, completed / 20.0, completed * 200,
                completed * 80, completed, 0, 0, 0, errors, errors, errors, errors, latency, null);
        return new HostLoad(host, r, 1_000_000_000L);
    }

    @Test
    void eachLoadHostsPartSumsToTheRunAndKeepsItsBusyShareWhereRead() {
        List<HostLoad> hosts = List.of(part("root@10.213.7.13", 21_000, 1), part("root@10.213.7.14", 17_000, 2));
        MergedLoad merged = LoadMerge.merge(WHOLE, hosts);
        LoadDriver.Driven driven = new LoadDriver.Driven(merged.total(), merged.hosts(),
                Map.of("root@10.213.7.14", 0.94), 21.5);

        List<LoadHostRun> runs = driven.loadHostRuns();

        assertThat(runs).containsExactly(
                new LoadHostRun("root@10.213.7.13", 21_000, 1_050.0, 4, null),
                new LoadHostRun("root@10.213.7.14", 17_000, 850.0, 8, 0.94));
        assertThat(runs.stream().mapToLong(LoadHostRun::requestsCompleted).sum())
                .isEqualTo(merged.total().requestsCompleted());
        assertThat(runs.stream().mapToLong(LoadHostRun::errors).sum()).isEqualTo(merged.total().errors());
        assertThat(runs.get(1).saturated()).isTrue();
        assertThat(driven.busiestShare()).isEqualTo(0.94);
    }

    @Test
    void aLoadInThisJvmHasNoLoadHosts() {
        LoadDriver.Driven driven = new LoadDriver.Driven(part("local", 10, 0).result(), List.of(), Map.of(), null);
        assertThat(driven.loadHostRuns()).isEmpty();
    }
}
