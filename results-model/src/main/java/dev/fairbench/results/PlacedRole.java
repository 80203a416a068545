package dev.fairbench.results;

import java.util.Set;

/**
 * Where one role of the session ran: one entry of {@link Setup#placement()}.
 *
 * @param role                 {@code app}, {@code services} (PostgreSQL and Redis) or {@code load}; a session with
 *                             several load hosts has one {@code load} entry per host, in the order of the hosts file
 * @param host                 the SSH destination the coordinator reached it through ({@code user@host}, a host
 *                             name or an alias of the user's ssh config), or {@code local} for the coordinator's
 *                             own machine
 * @param address              the IP address the other roles reached this host on; {@code null} for {@code local}
 * @param cpus                 the CPUs the role was pinned to on that host, in the Linux list syntax ({@code 0-1},
 *                             {@code 0,2}); {@code null} when it was not pinned and had all of them
 * @param workdir              the folder on that host fairbench copied to and ran in; {@code null} when it was the
 *                             default or the role was local
 * @param cpuModel             processor model name as that host reports it; {@code null} when not read
 * @param logicalCpus          logical CPUs that host's OS sees; {@code null} when not read
 * @param clockOffsetMillis    that host's realtime clock minus the coordinator's, in milliseconds; {@code null} when
 *                             not measured (always for {@code local})
 * @param clockRoundTripMillis round trip of the exchange the offset was measured by, in milliseconds: the offset is
 *                             uncertain by half of it; {@code null} exactly when the offset is
 */
public record PlacedRole(String role, String host, String address, String cpus, String workdir, String cpuModel,
                         Integer logicalCpus, Double clockOffsetMillis, Double clockRoundTripMillis) {
    /** The roles a session places. */
    public static final Set<String> ROLES = Set.of("app", "services", "load");

    /** The value of {@link #host()} for the coordinator's own machine. */
    public static final String LOCAL = "local";

    public PlacedRole {
        if (!ROLES.contains(role)) {
            throw new IllegalArgumentException("role must be app, services or load, not " + role);
        }
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("the " + role + " role has no host");
        }
        if ((clockOffsetMillis == null) != (clockRoundTripMillis == null)) {
            throw new IllegalArgumentException("a clock offset and its round trip come together");
        }
    }

    /** Whether this role ran on the coordinator's own machine. */
    public boolean local() {
        return LOCAL.equals(host);
    }
}
