package dev.fairbench.cli;

import dev.fairbench.runner.AppLauncher;
import dev.fairbench.runner.Toolchains;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.workload.Route;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench apps}: the registry, one line per app with its state ({@code built}, {@code not built},
 * {@code toolchain missing: X}), and one line per bad entry. Exit 0 when every entry is valid, 1 when one is not.
 */
@Command(name = "apps", mixinStandardHelpOptions = true,
        description = {"List the apps of the registry (apps.toml) and whether they are built, with the toolchains "
                + "they need. A bad entry is one line saying what is wrong (exit 1)."})
public final class AppsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryMixin registry;

    @Option(names = {"-v", "--verbose"}, description = "Also print each app's versions (as read from its build "
            + "file), build and start commands and routes.")
    boolean verbose;

    @Override
    public Integer call() {
        Path root = RunCommand.repoRoot();
        AppRegistry reg;
        try {
            reg = AppRegistry.load(registry.registryFile(root), root);
        } catch (RegistryException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        int nameWidth = Stream.concat(reg.entries().keySet().stream(), reg.problems().keySet().stream())
                .mapToInt(String::length).max().orElse(0);
        nameWidth = Math.max(14, nameWidth);
        String row = "%-" + nameWidth + "s %-10s %-20s %-30s %s%n";
        out.printf(row, "APP", "LANGUAGE", "STATE", "TOOLCHAINS", "STACK");
        for (AppEntry e : reg.entries().values()) {
            String tools = e.toolchains().stream().map(t -> t + (Toolchains.find(t).isPresent() ? "" : " (missing)"))
                    .collect(Collectors.joining(", "));
            out.printf(row, e.name(), e.language(), AppLauncher.state(e), tools.isEmpty() ? "-" : tools, e.stack());
            if (verbose) {
                if (e.isVariant()) out.println("    variant of " + e.variantOf() + ": " + e.variant());
                if (!e.versions().isEmpty()) {
                    out.println("    versions: " + new TreeMap<>(e.versions()).entrySet().stream()
                            .map(v -> v.getKey() + " " + v.getValue()).collect(Collectors.joining(", ")));
                }
                if (e.build() != null) out.println("    build:  " + e.build() + "  (in " + rel(root, e.buildDir()) + ")");
                out.println("    start:  " + e.start() + "  (in " + rel(root, e.startDir()) + ")");
                out.println("    routes: " + e.routes().stream().map(Route::routeName).collect(Collectors.joining(", ")));
                if (!e.runtimeFlags().isBlank()) out.println("    flags:  " + e.runtimeFlags());
                e.unequalized().forEach(u -> out.println("    not equalized: " + u.setting()));
                e.knownFailures().forEach(k -> out.println("    known failure: " + k.caseName()
                        + (k.upstream() == null ? "" : " (" + k.upstream() + ")")));
            }
        }
        for (Map.Entry<String, String> bad : reg.problems().entrySet()) {
            out.printf("%-" + nameWidth + "s %-10s %s%n", bad.getKey(), "-", "bad entry: " + bad.getValue());
        }
        out.flush();
        return reg.problems().isEmpty() ? Fairbench.OK : Fairbench.FAILURE;
    }

    private static String rel(Path root, Path p) {
        String r = p.startsWith(root) ? root.relativize(p).toString() : p.toString();
        return r.isEmpty() ? "." : r;
    }
}
