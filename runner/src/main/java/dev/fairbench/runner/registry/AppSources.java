package dev.fairbench.runner.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where an app's own code is, as the registry's {@code handler}, {@code sources} and {@code shared_sources} keys
 * declare it, for the build-and-ship measurement ({@code fairbench friction}): the file to change for an
 * incremental build, the paths whose lines are the app's own, and the project libraries it shares with other apps
 * (counted apart). Paths are absolute, resolved against the repository root; lists keep the file's order.
 * Immutable.
 *
 * @param handler the file serving the app's routes, or {@code null} when not declared; always under one of
 *                {@code own}
 * @param own     files and folders of the app itself; empty when not declared
 * @param shared  files and folders of libraries several apps share (e.g. {@code peers/blog-core}); none inside
 *                {@code own} and none holding one of {@code own}
 */
public record AppSources(Path handler, List<Path> own, List<Path> shared) {
    /** No source declared. */
    public static final AppSources NONE = new AppSources(null, List.of(), List.of());

    public AppSources {
        own = List.copyOf(own);
        shared = List.copyOf(shared);
    }

    /** True when the handler and the app's own sources are declared. */
    public boolean declared() {
        return handler != null && !own.isEmpty();
    }

    /**
     * The sources of an entry from its keys (each a path relative to {@code repoRoot}, {@code null} or empty when
     * the key is absent), checked: each path stays inside the repository and exists, the handler is a file under
     * one of the own sources, and no shared source overlaps an own one.
     *
     * @throws RegistryException with one line naming the first mistake
     */
    static AppSources of(String handler, List<String> own, List<String> shared, Path repoRoot) {
        if (handler == null && own.isEmpty() && shared.isEmpty()) return NONE;
        if (handler == null) throw new RegistryException("'sources' needs 'handler' (the file serving the app's routes)");
        if (own.isEmpty()) {
            throw new RegistryException("'handler' needs 'sources' (the app's own files and folders)");
        }
        Path handlerPath = existing("handler", handler, repoRoot);
        if (!Files.isRegularFile(handlerPath)) throw new RegistryException("'handler' " + handler + " is not a file");
        List<Path> ownPaths = new ArrayList<>();
        for (String p : own) ownPaths.add(existing("sources", p, repoRoot));
        if (ownPaths.stream().noneMatch(handlerPath::startsWith)) {
            throw new RegistryException("'handler' " + handler + " is not under any of 'sources'");
        }
        List<Path> sharedPaths = new ArrayList<>();
        for (String p : shared) {
            Path path = existing("shared_sources", p, repoRoot);
            for (int i = 0; i < ownPaths.size(); i++) {
                if (path.startsWith(ownPaths.get(i)) || ownPaths.get(i).startsWith(path)) {
                    throw new RegistryException("'shared_sources' " + p + " overlaps 'sources' " + own.get(i)
                            + ": a line is counted once, as the app's or as shared");
                }
            }
            sharedPaths.add(path);
        }
        return new AppSources(handlerPath, ownPaths, sharedPaths);
    }

    private static Path existing(String key, String relative, Path repoRoot) {
        Path root = repoRoot.toAbsolutePath().normalize();
        Path path = root.resolve(relative).normalize();
        if (Path.of(relative).isAbsolute() || !path.startsWith(root) || path.equals(root)) {
            throw new RegistryException("'" + key + "' " + relative + " must be a path inside the repository, "
                    + "relative to its root");
        }
        if (!Files.exists(path)) throw new RegistryException("'" + key + "' " + relative + ": no such file or folder");
        return path;
    }
}
