package dev.fairbench.cli;

import dev.fairbench.runner.proc.CpuPlacement;
import picocli.CommandLine.Option;

/**
 * Where the app, the services and the load generator run: CPU lists such as {@code 0} or {@code 0-3}; an unset
 * list takes its default for the machine ({@link CpuPlacement#defaults(int)}).
 */
public final class PlacementMixin {
    @Option(names = "--app-cpus", paramLabel = "CPUS", description = "CPUs of the app, e.g. 0 or 0-3 (default on 2 "
            + "cores: 0; on more: the first half).")
    String appCpus;

    @Option(names = "--services-cpus", paramLabel = "CPUS", description = "CPUs of PostgreSQL and Redis (default on 2 "
            + "cores: 1).")
    String servicesCpus;

    @Option(names = "--loadgen-cpus", paramLabel = "CPUS", description = "CPUs of the load generator and proxies, "
            + "i.e. of this JVM (default on 2 cores: 1).")
    String loadgenCpus;

    /** @throws IllegalArgumentException with one line for a malformed list, a CPU that does not exist or is shared */
    public CpuPlacement placement(int cores) {
        return CpuPlacement.of(appCpus, servicesCpus, loadgenCpus, cores);
    }
}
