package dev.fairbench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where the apps come from and whether to build them: {@code --registry} and {@code --no-build}, for every
 * command that starts apps.
 */
public final class BuildMixin {
    @Mixin
    RegistryMixin registry;

    @Option(names = "--no-build", description = "Do not build: an app whose artifact is missing is skipped.")
    boolean noBuild;

    /** Build apps whose artifact is missing or stale. */
    public boolean build() {
        return !noBuild;
    }

    /** {@code --registry} when given, else {@code apps.toml} in {@code root}. */
    public Path registryFile(Path root) {
        return registry.registryFile(root);
    }
}
