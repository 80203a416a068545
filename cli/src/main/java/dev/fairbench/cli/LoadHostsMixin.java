package dev.fairbench.cli;

import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.HostException;
import dev.fairbench.hosts.Placement;
import dev.fairbench.hosts.RolePlacement;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.MergedLoad;
import dev.fairbench.multiload.MultiHostLoad;
import dev.fairbench.multiload.PlacedHost;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * {@code fairbench load --hosts hosts.toml}: the load split among the placement file's {@code [[load]]} hosts and
 * merged ({@link MultiHostLoad}). The hosts are opened (over SSH, or this machine for {@code local}) for the run
 * and closed after it, which stops whatever still runs there.
 */
public final class LoadHostsMixin {
    @Option(names = "--hosts", paramLabel = "FILE", description = "Placement file (hosts.toml): load from its "
            + "[[load]] hosts, the connections, threads and rate split among them, started at one instant and "
            + "merged exactly; the report adds each host's own figures.")
    Path hostsFile;

    @Option(names = "--jar", paramLabel = "FILE", description = "With --hosts: the fairbench jar to copy to the load "
            + "hosts (default: the jar running this command).")
    Path jar;

    @Option(names = "--ready-timeout", paramLabel = "TIME", defaultValue = "60s",
            converter = LoadCommand.DurationConverter.class, description = "With --hosts: longest wait for every "
            + "load host to be connected and ready (default: ${DEFAULT-VALUE}).")
    Duration readyTimeout;

    boolean enabled() {
        return hostsFile != null;
    }

    /**
     * Runs {@code spec} from the placement's load hosts.
     *
     * @param problems receives one line per mistake in the placement file before the run fails with
     *                 {@link LoadException#USAGE}
     * @param log      receives the coordinator's progress lines
     * @throws LoadException as {@link MultiHostLoad#run}; {@link LoadException#USAGE} for an unusable placement
     *                       file, a jar that cannot be found, or a loopback target with load hosts elsewhere;
     *                       {@link LoadException#INTERNAL} naming the host that cannot be reached
     */
    MergedLoad run(LoadSpec spec, boolean allowRemote, Consumer<String> problems, Consumer<String> log)
            throws LoadException {
        Placement placement;
        try {
            placement = Placement.load(hostsFile);
        } catch (dev.fairbench.hosts.PlacementException e) {
            e.problems().forEach(problems);
            throw new LoadException(LoadException.USAGE, e.problems().size() + " mistake(s) in " + hostsFile);
        }
        InetSocketAddress target = LoadGenerator.resolve(spec);
        if (LoadGenerator.isLoopback(target) && placement.load().stream().anyMatch(h -> !h.isLocal())) {
            throw new LoadException(LoadException.USAGE, "target " + spec.target() + " is a loopback address: each "
                    + "load host that is not local would load itself (give the address the load hosts reach)");
        }
        Path fairbenchJar = fairbenchJar();
        List<Host> opened = new ArrayList<>();
        try {
            List<PlacedHost> hosts = new ArrayList<>();
            for (RolePlacement load : placement.load()) {
                Host host = load.open(placement.ssh());
                opened.add(host);
                hosts.add(PlacedHost.of(host, load));
            }
            return new MultiHostLoad(hosts, fairbenchJar, readyTimeout, log).run(spec, allowRemote);
        } catch (HostException e) {
            throw new LoadException(LoadException.INTERNAL, e.getMessage(), e);
        } finally {
            opened.forEach(Host::close);
        }
    }

    /** {@code --jar}, or the jar this command runs from. */
    private Path fairbenchJar() throws LoadException {
        try {
            return FairbenchJar.resolve(jar, "load hosts");
        } catch (IllegalArgumentException e) {
            throw new LoadException(LoadException.USAGE, e.getMessage());
        }
    }
}
