package dev.fairbench.cli;

import dev.fairbench.runner.registry.AppRegistry;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --registry}: the app registry of every command that reads it. */
public final class RegistryMixin {
    @Option(names = "--registry", paramLabel = "FILE", description = "The app registry (default: apps.toml in the "
            + "repository).")
    Path registry;

    /** {@code --registry} when given, else {@code apps.toml} in {@code root}. */
    public Path registryFile(Path root) {
        return registry != null ? registry.toAbsolutePath() : root.resolve(AppRegistry.FILE_NAME);
    }
}
