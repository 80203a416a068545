package dev.fairbench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the fairbench repository root, whose {@code .fairbench/} folder holds the unpacked service binaries, their
 * data and pid files. Resolution order: system property {@code fairbench.home}, environment variable
 * {@code FAIRBENCH_HOME}, else the working directory or its nearest ancestor whose {@code pom.xml} is the fairbench
 * parent POM, the one that lists the {@code workload} module (so that tests run by Maven from a module folder, e.g.
 * {@code apps/spring}, find the root too).
 */
public final class FairbenchHome {
    public static final String PROPERTY = "fairbench.home";
    public static final String ENV = "FAIRBENCH_HOME";

    private FairbenchHome() {}

    /** The repository root; throws {@link ServiceException} when none is found. */
    public static Path root() {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) configured = System.getenv(ENV);
        if (configured != null && !configured.isBlank()) return Path.of(configured).toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath().normalize();
        for (Path dir = cwd; dir != null; dir = dir.getParent()) {
            if (isRepoRoot(dir)) return dir;
        }
        throw new ServiceException("cannot find the fairbench folder from " + cwd
                + ": run from inside the repository or set " + ENV);
    }

    /** {@code <root>/.fairbench}, the git-ignored data folder. */
    public static Path dataDir() {
        return root().resolve(".fairbench");
    }

    /** The parent POM declares the modules; a module's POM names fairbench-parent too, but only as its parent. */
    static boolean isRepoRoot(Path dir) {
        Path pom = dir.resolve("pom.xml");
        if (!Files.isRegularFile(pom) || !Files.isRegularFile(dir.resolve("workload").resolve("pom.xml"))) return false;
        try {
            String text = Files.readString(pom);
            return text.contains("<artifactId>fairbench-parent</artifactId>") && text.contains("<module>workload</module>");
        } catch (IOException e) {
            return false;
        }
    }
}
