package dev.fairbench.cli;

import dev.fairbench.runner.MachineLock;
import dev.fairbench.runner.Pass;
import dev.fairbench.runner.TrialLoop;
import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.services.ServiceException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What the commands that run the {@link TrialLoop} share ({@code run}, {@code profile}, {@code capacity}): the
 * services and trial option groups, turning them into {@link TrialOptions}, and running the loop with the
 * command's passes while holding the machine-wide benchmark lock ({@link MachineLockMixin}). Exit codes: 0 every
 * app and pass was measured or skipped for a printed reason; 1 one was not, the trial could not run, or the lock
 * is held under {@code --no-wait}; 2 usage error.
 */
abstract class TrialCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceOptionsMixin services;

    @Mixin
    TrialOptionsMixin trial;

    @Mixin
    MachineLockMixin lock;

    /** The command's name, first word of its summary line. */
    abstract String name();

    /**
     * The shared options for this command, with {@code own} adding what is the command's; a bad value is a usage
     * error.
     *
     * @param outputSuffix appended to the default results directory's timestamp, e.g. {@code -profile}
     */
    final TrialOptions options(String outputSuffix, UnaryOperator<TrialOptions.Builder> own) {
        Path root = RunCommand.repoRoot();
        try {
            return own.apply(trial.builder(spec, root, services.options(), outputSuffix)).build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * A trial that starts new results replaces results.json and the reports of its output directory: one that is not
     * empty (results of an earlier trial, or anything else) is a usage error unless {@code --force}, so a mistyped
     * {@code -o} does not overwrite a measurement. Nothing is deleted under {@code --force} either.
     */
    final void refuseToReplace(Path dir) throws java.io.IOException {
        if (trial.force || !java.nio.file.Files.isDirectory(dir)) {
            return;
        }
        try (var entries = java.nio.file.Files.list(dir)) {
            List<String> names = entries.map(p -> p.getFileName().toString()).sorted().limit(4).toList();
            if (!names.isEmpty()) {
                throw new ParameterException(spec.commandLine(), dir + " is not empty (" + String.join(", ", names)
                        + (names.size() == 4 ? ", ..." : "") + "): pass --force to write over its results, or choose "
                        + "another -o");
            }
        }
    }

    /**
     * Runs the loop with {@code passes} holding the machine-wide lock (waiting for it, or failing under
     * {@code --no-wait}); see the exit codes above.
     */
    final int runTrial(TrialOptions options, List<Pass> passes) throws Exception {
        if (passes.getFirst().startsNewResults()) {
            refuseToReplace(options.outputDir());
        }
        return locked(options, () -> trialLocked(options, passes));
    }

    /**
     * Runs {@code body} holding the machine-wide lock, so that several trials (the loads of a suite) are one
     * measurement that nothing else interleaves with; a registry, services or state error becomes a failure line.
     */
    final int locked(TrialOptions options, Callable<Integer> body) throws Exception {
        try (MachineLock held = lock.acquire(options.commandLine(), System.out::println)) {
            return body.call();
        } catch (RegistryException | ServiceException | IllegalStateException | dev.fairbench.hosts.HostException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
    }

    /** One trial of {@code passes}; the caller holds the lock ({@link #locked}). */
    final int trialLocked(TrialOptions options, List<Pass> passes) throws Exception {
        TrialLoop loop = new TrialLoop(options, passes, System.out, RunCommand.isTerminal());
        loop.run();
        if (loop.failures().isEmpty()) return Fairbench.OK;
        System.out.println(name() + ": not measured: " + String.join("; ", loop.failures().stream()
                .map(f -> f.lines().findFirst().orElse("")).toList()));
        return Fairbench.FAILURE;
    }
}
