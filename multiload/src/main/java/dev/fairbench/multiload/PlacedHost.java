package dev.fairbench.multiload;

import dev.fairbench.hosts.CpuList;
import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.LocalHost;
import dev.fairbench.hosts.RolePlacement;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A load host as {@link MultiHostLoad} uses it: the {@link Host}, the folder there for the jar and the part's files,
 * the CPUs to pin the part to, and the {@code java} that runs the jar. Immutable; the host is the caller's to
 * close.
 *
 * @param host    where the part runs
 * @param workdir an absolute folder on the host
 * @param cpus    CPUs for the part there ({@code taskset -c}), or empty for no pinning
 * @param java    the {@code java} command there: a path, or a name looked up on its PATH
 */
public record PlacedHost(Host host, String workdir, Optional<CpuList> cpus, String java) {

    public PlacedHost {
        if (workdir == null || !workdir.startsWith("/")) {
            throw new IllegalArgumentException(host.name() + ": a load host needs an absolute work folder, not '"
                    + workdir + "'");
        }
    }

    /**
     * The load host of a placement's {@code [[load]]} entry, opened as {@code host}: this machine runs the jar with
     * the Java that runs this JVM, another host with the {@code java} on its PATH.
     *
     * @throws IllegalArgumentException when the entry has no work folder
     */
    public static PlacedHost of(Host host, RolePlacement placement) {
        return new PlacedHost(host, placement.workdir().orElse(null), placement.cpus(),
                host instanceof LocalHost ? currentJava() : "java");
    }

    /** This machine, with the Java that runs this JVM, no pinning. */
    public static PlacedHost local(Host host, Path workdir) {
        return new PlacedHost(host, workdir.toAbsolutePath().toString(), Optional.empty(), currentJava());
    }

    /** How messages and reports name the host. */
    public String name() {
        return host.name();
    }

    /** The {@code java} of the JVM this runs in. */
    public static String currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
