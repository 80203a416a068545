package dev.fairbench.cli;

import dev.fairbench.runner.Verifier;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.services.ServiceException;
import java.nio.file.Path;
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

    @Mixin
    BuildMixin build;

    @Mixin
    AppSelectionMixin apps;

    @Option(names = "--hostile", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also run the hostile suite (slow, huge and odd requests, docs/workload.md 5.1) and the "
                    + "hung-service checks (PostgreSQL, then Redis, stopped with SIGSTOP, 5), about 15 s per app "
                    + "(default: on; --no-hostile skips both).")
    boolean hostile;

    @Option(names = "--build-together", description = "Build the Rust apps that need it in one cargo invocation per "
            + "workspace and profile, before the apps' own builds: each shared crate compiles once, with the union "
            + "of the apps' features. For the gate only (what it changes is speed): the binaries are not the ones "
            + "`run` would measure.")
    boolean buildTogether;

    @Override
    public Integer call() throws Exception {
        Path root = RunCommand.repoRoot();
        try {
            boolean passed = new Verifier(build.registryFile(root), root, services.options(),
                    RunCommand.logsDir(root), CpuPlacement.onlineCpus(), System.out, hostile)
                    .verify(apps.apps(), build.build(), buildTogether);
            return passed ? Fairbench.OK : Fairbench.FAILURE;
        } catch (RegistryException | ServiceException | IllegalStateException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
    }
}
