package dev.fairbench.cli;

import dev.fairbench.runner.MachineLock;
import java.io.IOException;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * The machine-wide benchmark lock ({@link MachineLock}) for the measuring commands ({@code run}, {@code profile},
 * {@code capacity}, {@code load}, {@code friction}): {@code --no-wait} turns waiting for another benchmark into a failure (exit 1)
 * naming it. The lock file is {@link MachineLock#defaultPath()}; the CLI's tests point the system property
 * {@value MachineLock#PATH_PROPERTY} elsewhere.
 */
public final class MachineLockMixin {
    @Option(names = "--no-wait", description = "When another benchmark on this machine holds the benchmark lock, "
            + "exit 1 at once with a line naming it (pid, command, since when) instead of waiting for it.")
    boolean noWait;

    /**
     * Takes the lock for {@code commandLine}; while another command holds it, says so once through {@code say}
     * and waits, or under {@code --no-wait} fails with that line.
     *
     * @throws Fairbench.CommandFailure (exit 1) when held under {@code --no-wait}, when the lock file cannot be
     *                                  used, or when interrupted while waiting
     */
    MachineLock acquire(String commandLine, Consumer<String> say) {
        try {
            return MachineLock.acquire(MachineLock.defaultPath(), commandLine, !noWait, say);
        } catch (MachineLock.HeldException e) {
            throw new Fairbench.CommandFailure(e.getMessage() + " (--no-wait: not waiting)", e);
        } catch (IOException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Fairbench.CommandFailure("interrupted while waiting for the benchmark lock", e);
        }
    }
}
