package dev.fairbench.runner;

import dev.fairbench.runner.proc.ParentDeath;
import dev.fairbench.runner.registry.AppEntry;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds several Rust apps of one cargo workspace in one cargo invocation per profile, for the conformance gate
 * ({@code verify --build-together}) only.
 *
 * <p>Why: cargo resolves features per invocation. Built one at a time, the apps ask for tokio, hyper, sqlx or a shared
 * crate with different feature sets, and each set compiles that crate and everything above it again (on a cold
 * cache this was most of CI's gate). Built together, each crate compiles once, with the union of the features.
 * Features are additive, so each binary runs the contract's code as its own build would; what may differ is inside
 * the dependencies (tokio's choice of mutex, say), which is speed. The gate checks bytes, not speed, so a measuring
 * command never builds this way.
 *
 * <p>Only builds of the exact form {@code cargo build [--release | --profile P] [--locked] -p PACKAGE
 * [--features F[,F]] [--bin B]} are joined; any other build, and a group of one, is left to the app's own build.
 * An app whose artifact is already there (and not older than its sources) or whose toolchain is missing is left out.
 */
public final class JointCargoBuilds {
    /** One cargo invocation: run {@code argv} in {@code dir}; it builds the artifacts of {@code apps}. */
    public record Invocation(Path dir, List<String> argv, List<AppEntry> apps) {
        /** The apps' names, in order. */
        public List<String> appNames() {
            return apps.stream().map(AppEntry::name).toList();
        }
    }

    /** What one app's build asks cargo for: the profile's flags, {@code --locked} or not, the package, its features. */
    record CargoBuild(List<String> profileFlags, boolean locked, String packageName, List<String> features) {}

    private JointCargoBuilds() {}

    /**
     * The joint invocations for the apps that need a build, in the order their first app comes; each has at least
     * two apps (a variant that shares its base's build counts once towards that, as it builds nothing more).
     */
    public static List<Invocation> plan(List<AppEntry> apps) {
        return plan(apps, JointCargoBuilds::needsBuild);
    }

    /** As {@link #plan(List)}, with {@code needsBuild} deciding which apps need a build. */
    static List<Invocation> plan(List<AppEntry> apps, java.util.function.Predicate<AppEntry> needsBuild) {
        record Key(Path dir, List<String> profileFlags, boolean locked) {}
        record Member(AppEntry app, CargoBuild build) {}
        Map<Key, List<Member>> groups = new LinkedHashMap<>();
        for (AppEntry e : apps) {
            if (!needsBuild.test(e)) continue;
            Optional<CargoBuild> parsed = parse(e.build());
            if (parsed.isEmpty()) continue;
            Key key = new Key(e.buildDir().toAbsolutePath().normalize(), parsed.get().profileFlags(),
                    parsed.get().locked());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(new Member(e, parsed.get()));
        }
        List<Invocation> out = new ArrayList<>();
        groups.forEach((key, members) -> {
            Set<String> packages = new LinkedHashSet<>();
            Set<String> features = new LinkedHashSet<>();
            for (Member m : members) {
                CargoBuild b = m.build();
                packages.add(b.packageName());
                b.features().forEach(f -> features.add(f.contains("/") ? f : b.packageName() + "/" + f));
            }
            if (packages.size() < 2) return;
            List<String> argv = new ArrayList<>(List.of("cargo", "build"));
            argv.addAll(key.profileFlags());
            if (key.locked()) argv.add("--locked");
            packages.forEach(p -> argv.addAll(List.of("-p", p)));
            if (!features.isEmpty()) argv.addAll(List.of("--features", String.join(",", features)));
            out.add(new Invocation(key.dir(), List.copyOf(argv), members.stream().map(Member::app).toList()));
        });
        return List.copyOf(out);
    }

    /**
     * Runs each invocation in turn, its output on the console. One that fails is reported and the next runs: the
     * apps it did not build are then built one at a time by {@link AppLauncher#prepare}, which names the failing one.
     *
     * <p>Each artifact built gets a {@link BuildStamp} with the joint command, so that a {@code run} that measured one
     * would say in results.json how it was built.
     */
    public static void run(List<Invocation> invocations, Path repoRoot, PrintStream out) throws InterruptedException {
        for (Invocation i : invocations) {
            String command = String.join(" ", i.argv());
            out.println("[" + String.join(", ", i.appNames()) + "] building together: " + command + "  (in " + i.dir()
                    + ")");
            out.flush();
            try {
                ProcessBuilder pb = new ProcessBuilder(i.argv()).directory(i.dir().toFile()).inheritIO()
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
                // tied to the runner's life, as the apps' own builds are: a killed gate leaves no cargo behind
                int exit = ParentDeath.start(pb).waitFor();
                if (exit != 0) {
                    out.println("building together failed with exit code " + exit + ": each app is built alone");
                    continue;
                }
                for (AppEntry e : i.apps()) {
                    if (Files.isRegularFile(e.artifact())) {
                        BuildStamp.write(repoRoot, e.artifact(), command, pb.environment());
                    }
                }
            } catch (IOException ex) {
                out.println("cannot build together (" + ex.getMessage() + "): each app is built alone");
            }
        }
    }

    private static boolean needsBuild(AppEntry e) {
        if (e.build() == null || e.buildDir() == null) return false;
        return Toolchains.firstMissing(e.toolchains()).isEmpty() && !AppLauncher.isUpToDate(e);
    }

    /** The build's cargo request, or empty when it is not of the one form this class joins. */
    static Optional<CargoBuild> parse(String build) {
        if (build.contains("$")) return Optional.empty(); // a variable: not a fixed request
        String[] words = build.trim().split("\\s+");
        if (words.length < 2 || !words[0].equals("cargo") || !words[1].equals("build")) return Optional.empty();
        List<String> profileFlags = List.of();
        boolean locked = false;
        String packageName = null;
        List<String> features = new ArrayList<>();
        for (int i = 2; i < words.length; i++) {
            String w = words[i];
            boolean hasValue = i + 1 < words.length;
            switch (w) {
                case "--release" -> {
                    if (!profileFlags.isEmpty()) return Optional.empty();
                    profileFlags = List.of("--release");
                }
                case "--locked" -> locked = true;
                case "--profile", "-p", "--package", "--features", "--bin" -> {
                    if (!hasValue) return Optional.empty();
                    String value = words[++i];
                    switch (w) {
                        case "--profile" -> {
                            if (!profileFlags.isEmpty()) return Optional.empty();
                            profileFlags = List.of("--profile", value);
                        }
                        case "-p", "--package" -> {
                            if (packageName != null) return Optional.empty();
                            packageName = value;
                        }
                        case "--features" -> features.addAll(List.of(value.split(",")));
                        default -> { } // --bin: building the whole package builds that binary too
                    }
                }
                default -> {
                    return Optional.empty();
                }
            }
        }
        if (packageName == null) return Optional.empty();
        return Optional.of(new CargoBuild(profileFlags, locked, packageName, List.copyOf(features)));
    }
}
