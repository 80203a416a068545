package dev.fairbench.hosts;

import java.util.Optional;

/**
 * Where one role runs: {@code role} is {@code app}, {@code services} or {@code load}; {@code host} is an SSH
 * destination or {@link Host#LOCAL}; {@code cpus} the CPUs to pin the role's processes to there; {@code workdir} an
 * absolute folder on that host for what fairbench copies and writes; {@code address} the IP address or host name by
 * which the other roles reach this one (the app's listening address, the services' URLs), when the placement file
 * gives it ({@link HostAddress} finds it otherwise). {@code cpus} and {@code workdir} are empty only in
 * {@link Placement#allLocal()}, where the runner keeps its own CPU plan and folders.
 */
public record RolePlacement(String role, String host, Optional<CpuList> cpus, Optional<String> workdir,
                            Optional<String> address) {
    public boolean isLocal() {
        return Host.LOCAL.equals(host);
    }

    /** {@link Host#open Opens} this role's host. */
    public Host open(SshOptions options) {
        return Host.open(host, options);
    }
}
