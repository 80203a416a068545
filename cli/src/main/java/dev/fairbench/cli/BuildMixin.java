package dev.fairbench.cli;

import picocli.CommandLine.Option;

/** {@code --no-build}: whether commands that start apps build those whose artifact is missing or stale. */
public final class BuildMixin {
    @Option(names = "--no-build", description = "Do not build: an app whose artifact is missing is skipped.")
    boolean noBuild;

    public boolean build() {
        return !noBuild;
    }
}
