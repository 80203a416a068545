package dev.fairbench.friction;

import dev.fairbench.runner.Toolchains;
import dev.fairbench.runner.proc.Commands;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment of a clean build: the runner's own, with every build cache the build tools would reuse pointed
 * at a new, empty place, and the caches of downloaded sources left as they are (a download is not a build, and
 * this machine reaches no internet beyond the package registries).
 *
 * <ul>
 *   <li>fresh: the copy holds no {@code target/} folder; {@code CARGO_TARGET_DIR} is the copy's workspace
 *       {@code target/} (the folder of the {@code Cargo.lock} at or above the build folder), so a target folder
 *       set in the user's environment or cargo configuration is not reused; {@code GOCACHE} is a new folder;
 *       {@code RUSTC_WRAPPER} (sccache and the like) is removed</li>
 *   <li>kept: Maven's {@code ~/.m2/repository}, cargo's registry ({@code $CARGO_HOME/registry}), Go's
 *       {@code GOMODCACHE}</li>
 * </ul>
 * {@code JAVA_HOME} is the JDK fairbench runs on, as for the runner's builds. Immutable.
 *
 * @param variables the variables to set on top of the runner's environment
 * @param removed   the variables to remove from it
 */
record BuildEnvironment(Map<String, String> variables, List<String> removed) {
    /** The build caches that start empty, as friction.json's {@code fresh_caches} names them. */
    static final List<String> FRESH = List.of("target/", "CARGO_TARGET_DIR", "GOCACHE");

    BuildEnvironment {
        variables = Map.copyOf(variables);
        removed = List.copyOf(removed);
    }

    /**
     * The environment for building in {@code buildDir} of the copy at {@code copyRoot}, with {@code scratch} (a new
     * folder of this app's own) for the Go build cache.
     */
    static BuildEnvironment fresh(Path copyRoot, Path buildDir, Path scratch) {
        Map<String, String> vars = new HashMap<>();
        vars.put("JAVA_HOME", System.getProperty("java.home"));
        vars.put("GOCACHE", scratch.resolve("go-build-cache").toString());
        vars.put("CARGO_TARGET_DIR", cargoWorkspace(copyRoot, buildDir).resolve("target").toString());
        return new BuildEnvironment(vars, List.of("RUSTC_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER"));
    }

    /** Applies this environment to a process's. */
    void applyTo(Map<String, String> env) {
        removed.forEach(env::remove);
        env.putAll(variables);
    }

    /**
     * The folder of the top-most {@code Cargo.lock} from {@code buildDir} up to {@code copyRoot} (a workspace's root
     * holds it), else {@code buildDir}.
     */
    static Path cargoWorkspace(Path copyRoot, Path buildDir) {
        Path found = buildDir;
        for (Path d = buildDir; d != null && d.startsWith(copyRoot); d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("Cargo.lock"))) found = d;
        }
        return found;
    }

    /**
     * The caches of downloaded sources that stay, by tool, for the tools found on this machine: {@code maven} →
     * {@code ~/.m2/repository}, {@code cargo} → {@code $CARGO_HOME/registry}, {@code go} → {@code go env
     * GOMODCACHE}.
     */
    static Map<String, String> keptCaches() {
        Map<String, String> kept = new LinkedHashMap<>();
        String home = System.getProperty("user.home");
        if (Toolchains.find("mvn").isPresent()) kept.put("maven", Path.of(home, ".m2", "repository").toString());
        if (Toolchains.find("cargo").isPresent()) {
            String cargoHome = System.getenv("CARGO_HOME");
            kept.put("cargo", (cargoHome != null ? Path.of(cargoHome) : Path.of(home, ".cargo")).resolve("registry")
                    .toString());
        }
        Toolchains.find("go").ifPresent(go -> {
            Commands.Result r = Commands.run(List.of(go.toString(), "env", "GOMODCACHE"), Duration.ofSeconds(20));
            if (r.ok() && !r.firstLine().isEmpty()) kept.put("go", r.firstLine());
        });
        return kept;
    }
}
