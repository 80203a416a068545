package dev.fairbench.runner.placed;

import dev.fairbench.hosts.ClockOffset;
import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.HostAddress;
import dev.fairbench.hosts.HostException;
import dev.fairbench.hosts.Placement;
import dev.fairbench.hosts.RolePlacement;
import dev.fairbench.results.PlacedRole;
import dev.fairbench.runner.proc.HostProcFs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The hosts of one session, each destination opened once ({@link Host#open}: one SSH control connection, or this
 * machine) for all the roles placed on it, and closed together by {@link #close()}, which stops whatever still
 * runs there (the tie of every started process ends with its session). For each role: its address
 * ({@link HostAddress}), and, for the results, its host's CPU model and logical CPUs ({@code /proc/cpuinfo}) and
 * clock offset ({@link Host#clockOffset}, none for this machine). Thread-safe once opened.
 */
public final class SessionHosts implements AutoCloseable {
    /** Round trips a clock offset is measured with: the shortest one bounds its error. */
    static final int CLOCK_ROUND_TRIPS = 9;

    private final Placement placement;
    private final List<Host> opened;
    private final PlacedRoleHost app;
    private final PlacedRoleHost services;
    private final List<PlacedRoleHost> load;
    private final List<PlacedRole> recorded;
    private final Set<String> sameKernelNamespaces;

    private SessionHosts(Placement placement, List<Host> opened, PlacedRoleHost app, PlacedRoleHost services,
                         List<PlacedRoleHost> load, List<PlacedRole> recorded) {
        this.placement = placement;
        this.opened = List.copyOf(opened);
        this.app = app;
        this.services = services;
        this.load = List.copyOf(load);
        this.recorded = List.copyOf(recorded);
        this.sameKernelNamespaces = sameKernel(opened);
    }

    /**
     * The network namespaces ({@code net:[N]}) of the hosts that are this machine's kernel and pid namespace under
     * another network namespace (the same boot id and {@code /proc/self/ns/pid}), as in examples/hosts-netns.sh.
     */
    private static Set<String> sameKernel(List<Host> hosts) {
        Set<String> namespaces = new java.util.HashSet<>();
        String script = "cat /proc/sys/kernel/random/boot_id; readlink /proc/self/ns/pid; readlink /proc/self/ns/net";
        List<String> here = identity(new dev.fairbench.hosts.LocalHost(), script);
        for (Host host : hosts) {
            if (host instanceof dev.fairbench.hosts.LocalHost) continue;
            List<String> there = identity(host, script);
            if (here.size() == 3 && there.size() == 3 && here.get(0).equals(there.get(0))
                    && here.get(1).equals(there.get(1)) && !here.get(2).equals(there.get(2))) {
                namespaces.add(there.get(2));
            }
        }
        return namespaces;
    }

    private static List<String> identity(Host host, String script) {
        var result = host.run(List.of("sh", "-c", script), java.time.Duration.ofSeconds(30));
        return result.succeeded() ? result.stdout().lines().map(String::strip).toList() : List.of();
    }

    /** See {@link #sameKernel}: empty when the hosts are separate machines. */
    public Set<String> sameKernelNamespaces() {
        return sameKernelNamespaces;
    }

    /**
     * Opens every host of {@code placement}, once per destination.
     *
     * @param log receives one line per host (its address, CPU model, clock offset)
     * @throws HostException with one line naming the host that cannot be reached (the others are closed again)
     */
    public static SessionHosts open(Placement placement, Consumer<String> log) {
        Map<String, Host> byDestination = new LinkedHashMap<>();
        try {
            List<PlacedRoleHost> roles = new ArrayList<>();
            List<PlacedRole> recorded = new ArrayList<>();
            for (RolePlacement role : placement.all()) {
                Host host = byDestination.get(role.host());
                if (host == null) {
                    host = role.open(placement.ssh());
                    byDestination.put(role.host(), host);
                }
                String address = HostAddress.of(role, placement.ssh());
                HostProcFs proc = new HostProcFs(host);
                roles.add(new PlacedRoleHost(role, host, address, proc));
                recorded.add(describe(role, host, address, proc, log));
            }
            return new SessionHosts(placement, new ArrayList<>(byDestination.values()), roles.get(0), roles.get(1),
                    roles.subList(2, roles.size()), recorded);
        } catch (RuntimeException e) {
            byDestination.values().forEach(Host::close);
            throw e;
        }
    }

    private static PlacedRole describe(RolePlacement role, Host host, String address, HostProcFs proc,
                                       Consumer<String> log) {
        String model = proc.cpuModel();
        OptionalInt cpus = proc.logicalCpus();
        Double offset = null;
        Double roundTrip = null;
        if (!role.isLocal()) {
            ClockOffset clock = host.clockOffset(CLOCK_ROUND_TRIPS);
            offset = clock.offsetNanos() / 1e6;
            roundTrip = clock.roundTripNanos() / 1e6;
        }
        log.accept(String.format(java.util.Locale.ROOT, "%s on %s (%s): CPUs %s of %s, %s%s", role.role(),
                role.host(), address, role.cpus().map(Object::toString).orElse("all"),
                cpus.isPresent() ? cpus.getAsInt() : "?", model == null ? "CPU model unknown" : model,
                offset == null ? "" : String.format(java.util.Locale.ROOT, ", clock %+.3f ms ± %.3f ms", offset,
                        roundTrip / 2)));
        return new PlacedRole(role.role(), role.host(), role.isLocal() ? null : address,
                role.cpus().map(Object::toString).orElse(null), role.workdir().orElse(null), model,
                cpus.isPresent() ? cpus.getAsInt() : null, offset, roundTrip);
    }

    public Placement placement() {
        return placement;
    }

    public PlacedRoleHost app() {
        return app;
    }

    public PlacedRoleHost services() {
        return services;
    }

    /** The load hosts, in the placement file's order. */
    public List<PlacedRoleHost> load() {
        return load;
    }

    /** Whether the load runs in this JVM, as without a placement: one load host, this machine. */
    public boolean loadIsLocal() {
        return load.size() == 1 && load.getFirst().isLocal();
    }

    /** The placement as results.json records it: app, services, then each load host. */
    public List<PlacedRole> recorded() {
        return recorded;
    }

    /** Closes every host, which stops what still runs on it. Idempotent. */
    @Override
    public void close() {
        RuntimeException first = null;
        for (Host host : opened) {
            try {
                host.close();
            } catch (RuntimeException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }
}
