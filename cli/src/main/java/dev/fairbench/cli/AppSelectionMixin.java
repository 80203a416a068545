package dev.fairbench.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --apps}: which apps of the registry a command takes, in order. */
public final class AppSelectionMixin {
    @Option(names = "--apps", split = ",", paramLabel = "APP", description = "Apps, in this order (default: every "
            + "app of the registry).")
    List<String> apps = new ArrayList<>();

    /** The names given; empty = every app. */
    public List<String> apps() {
        return List.copyOf(apps);
    }
}
