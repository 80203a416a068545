package dev.fairbench.cli;

import dev.fairbench.runner.Verifier;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.services.ServiceException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairbench verify [--apps ...]}: the conformance gate only ({@link Verifier}). Exit 0 when every app
 * passed, 1 otherwise (diffs printed), 2 on usage errors.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Check that apps return the reference bytes for every page, the Redis page cache and the "
                + "error cases of docs/workload.md: build if needed, start, check, stop. No load.",
                "Exit 0 when every app passed, 1 when one did not (its differences are printed)."})
public final class VerifyCommand implements Callable<Integer> {
    @Mixin
    ServiceOptionsMixin services;

    @Option(names = "--apps", split = ",", paramLabel = "APP", description = "Apps to check (default: all).")
    List<String> apps = new ArrayList<>();

    @Option(names = "--no-build", description = "Do not build: an app whose artifact is missing does not pass.")
    boolean noBuild;

    @Option(names = "--registry", paramLabel = "FILE", description = "The app registry (default: apps.toml in the "
            + "repository).")
    Path registry;

    @Override
    public Integer call() throws Exception {
        Path root = RunCommand.repoRoot();
        try {
            boolean passed = new Verifier(RunCommand.registryFile(root, registry), root, services.options(),
                    RunCommand.logsDir(root), CpuPlacement.onlineCpus(), System.out).verify(apps, !noBuild);
            return passed ? Fairbench.OK : Fairbench.FAILURE;
        } catch (RegistryException | ServiceException | IllegalStateException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
    }
}
