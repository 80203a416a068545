package dev.fairbench.runner;

import dev.fairbench.runner.proc.Commands;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the programs apps need ({@code go}, {@code cargo}, {@code mvn}, ...) on {@code PATH} and asks their
 * versions. {@code java} means the JDK the runner itself runs on ({@code ${JAVA}} in the registry), so Java apps
 * run on the JDK the launcher chose, not on whatever {@code java} comes first on {@code PATH}. Thread-safe;
 * versions are cached.
 */
public final class Toolchains {
    private static final Map<String, String> VERSIONS = new ConcurrentHashMap<>();

    private Toolchains() {}

    /** The runner's own {@code java} executable. */
    public static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The executable of {@code tool}, when installed. */
    public static Optional<Path> find(String tool) {
        if (tool.equals("java")) return Optional.of(java());
        if (tool.contains("/")) {
            Path p = Path.of(tool);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = System.getenv("PATH");
        if (path == null) return Optional.empty();
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, tool);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    /** The first of {@code tools} that is not installed. */
    public static Optional<String> firstMissing(List<String> tools) {
        return tools.stream().filter(t -> find(t).isEmpty()).findFirst();
    }

    /**
     * One line naming the version of {@code tool} ({@code go version}, {@code rustc --version}, ...), or
     * {@code null} when it is not installed or does not answer within 20 s.
     */
    public static String version(String tool) {
        if (tool.equals("java")) {
            return System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version");
        }
        return VERSIONS.computeIfAbsent(tool, t -> {
            Optional<Path> exe = find(t);
            if (exe.isEmpty()) return "";
            List<String> cmd = switch (t) {
                case "go" -> List.of(exe.get().toString(), "version");
                case "mvn" -> List.of(exe.get().toString(), "-v", "-B");
                default -> List.of(exe.get().toString(), "--version");
            };
            return Commands.run(cmd, Duration.ofSeconds(20)).firstLine();
        }).transform(v -> v.isEmpty() ? null : v);
    }
}
