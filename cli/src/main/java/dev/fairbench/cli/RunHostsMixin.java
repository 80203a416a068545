package dev.fairbench.cli;

import dev.fairbench.hosts.Placement;
import dev.fairbench.hosts.PlacementException;
import dev.fairbench.runner.TrialOptions;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code fairbench run --hosts hosts.toml}: the app, the services and the load on the hosts the placement file
 * names (over SSH, or this machine for {@code local}), each pinned to its CPUs there; without it everything runs
 * here as before. The fairbench jar copied to the hosts is the one this command runs from, or {@code --jar}.
 */
public final class RunHostsMixin {
    @Option(names = "--hosts", paramLabel = "FILE", description = "Placement file (hosts.toml): the app, PostgreSQL "
            + "and Redis, and the load generators on the hosts it names, reached over SSH, each pinned to its CPUs "
            + "there; the load split among its [[load]] hosts, started at one instant and merged exactly.")
    Path hostsFile;

    @Option(names = "--jar", paramLabel = "FILE", description = "With --hosts: the fairbench jar to copy to the "
            + "hosts (default: the jar running this command).")
    Path jar;

    /**
     * Adds the placement, and the jar when a role is not local, to {@code builder}.
     *
     * @throws IllegalArgumentException with the placement file's mistakes, one per line, or a missing jar
     */
    TrialOptions.Builder apply(TrialOptions.Builder builder) {
        if (hostsFile == null) return builder;
        Placement placement;
        try {
            placement = Placement.load(hostsFile);
        } catch (PlacementException e) {
            throw new IllegalArgumentException(String.join("\n", e.problems()));
        }
        builder.hosts(placement);
        return placement.isAllLocal() ? builder : builder.fairbenchJar(FairbenchJar.resolve(jar, "hosts"));
    }
}
