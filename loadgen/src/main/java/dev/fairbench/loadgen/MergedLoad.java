package dev.fairbench.loadgen;

import java.util.List;

/**
 * One load run by several hosts, merged ({@link LoadMerge}): the total, as if one generator had run the whole load,
 * and each host's own figures, so that a host that fell behind (an overloaded client) shows. Immutable.
 *
 * @param total                 the whole load: its spec is the unsplit one, counts are sums, histograms the exact
 *                              merge of the hosts', its duration the union of their windows
 * @param hosts                 the hosts' results, in host order
 * @param windowStartEpochNanos start of the union of the measured windows, coordinator's clock
 */
public record MergedLoad(LoadResult total, List<HostLoad> hosts, long windowStartEpochNanos) {
    public MergedLoad {
        hosts = List.copyOf(hosts);
    }
}
