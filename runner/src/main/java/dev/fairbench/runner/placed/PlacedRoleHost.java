package dev.fairbench.runner.placed;

import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.RolePlacement;
import dev.fairbench.runner.proc.HostProcFs;

/**
 * One role of a session on its opened host: the placement's entry, the {@link Host} (shared by the roles placed
 * on the same destination; the {@link SessionHosts} closes it), the address other roles reach it at, and that
 * host's {@code /proc}. Immutable.
 */
public record PlacedRoleHost(RolePlacement role, Host host, String address, HostProcFs proc) {
    /** The CPU list of the role on its host, as {@code taskset -c} takes it. */
    public String cpus() {
        return role.cpus().map(Object::toString).orElseThrow(() -> new IllegalStateException(
                "the " + role.role() + " role on " + role.host() + " has no CPU list"));
    }

    /** The role's work folder on its host. */
    public String workdir() {
        return role.workdir().orElseThrow(() -> new IllegalStateException(
                "the " + role.role() + " role on " + role.host() + " has no work folder"));
    }

    public boolean isLocal() {
        return role.isLocal();
    }
}
