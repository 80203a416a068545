package dev.fairbench.cli;

import dev.fairbench.loadgen.LoadShare;
import dev.fairbench.loadgen.LoadSpec;
import picocli.CommandLine.Option;

/**
 * The options of {@code fairbench load} that make it one part of a load run from several hosts: {@code --barrier}
 * (start on a coordinator's {@code go}, see {@link dev.fairbench.loadgen.LineBarrier}) and the part's place in the
 * whole load. A coordinator ({@code fairbench load --hosts}) passes them; people rarely do.
 */
public final class LoadPartMixin {
    @Option(names = "--barrier", description = "Start on a coordinator's signal: print 'ready' on stdout once "
            + "connected, wait for 'go <epoch-nanos>' on stdin (the instant the measured window starts; the warm-up "
            + "runs before it), then write the result as JSON to -o and the latencies to --hlog and "
            + "--hlog-uncorrected. Stdin ending before 'go' aborts with exit 1.")
    boolean barrier;

    @Option(names = "--connection-offset", paramLabel = "N", defaultValue = "0", description = "Index of this "
            + "part's first connection in the whole load, which sets its connections' places in the rate schedule "
            + "(default: ${DEFAULT-VALUE}).")
    int connectionOffset;

    @Option(names = "--total-connections", paramLabel = "N", description = "Connections of the whole load, over "
            + "all its parts (default: -c, a load of one part).")
    Integer totalConnections;

    @Option(names = "--total-rate", paramLabel = "REQ/S", converter = LoadCommand.RateConverter.class,
            description = "Rate of the whole load, over all its parts (default: -R).")
    Double totalRate;

    /** True when an option says this is a part of a larger load. */
    boolean isPart() {
        return connectionOffset != 0 || totalConnections != null || totalRate != null;
    }

    /**
     * The share of the whole load that {@code spec} runs.
     *
     * @throws IllegalArgumentException (one line) when the part does not fit in the whole
     */
    LoadShare share(LoadSpec spec) {
        return new LoadShare(spec, connectionOffset, totalConnections == null ? spec.connections()
                : totalConnections, totalRate == null ? spec.ratePerSecond() : totalRate);
    }
}
