package dev.fairbench.friction;

import dev.fairbench.runner.proc.Commands;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A fresh copy of a git work tree in a new folder: the files git does not ignore, as they are in the work tree
 * ({@code git ls-files --cached --others --exclude-standard}: tracked files with their uncommitted changes, and new
 * files not yet added), so it holds no build output ({@code target/}, binaries, {@code .fairbench/}) and no
 * {@code .git}. Tracked files deleted from the work tree are left out. Executable bits and symbolic links are kept.
 * {@link #close()} deletes the copy. Not thread-safe.
 */
final class ProjectCopy implements AutoCloseable {
    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);

    private final Path root;
    private final int files;

    private ProjectCopy(Path root, int files) {
        this.root = root;
        this.files = files;
    }

    /**
     * Copies the work tree at {@code workTree} into {@code target}, a folder that must not exist yet.
     *
     * @throws IOException when git cannot list the files (not a work tree, git missing) or a copy fails
     */
    static ProjectCopy of(Path workTree, Path target) throws IOException {
        Commands.Result listed = Commands.run(List.of("git", "-C", workTree.toString(), "ls-files", "-z", "--cached",
                "--others", "--exclude-standard"), GIT_TIMEOUT);
        if (!listed.ok()) {
            throw new IOException("git ls-files in " + workTree + " failed: " + listed.firstLine());
        }
        Files.createDirectories(target.getParent());
        Files.createDirectory(target);
        int copied = 0;
        for (String name : listed.output().split("\0")) {
            if (name.isEmpty()) continue;
            Path from = workTree.resolve(name);
            if (!Files.exists(from, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
                continue; // deleted from the work tree, or a submodule's folder
            }
            Path to = target.resolve(name);
            Files.createDirectories(to.getParent());
            Files.copy(from, to, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
            copied++;
        }
        return new ProjectCopy(target, copied);
    }

    /** The copy's root, the repository root of the copied project. */
    Path root() {
        return root;
    }

    /** Files copied. */
    int files() {
        return files;
    }

    /** Deletes the copy and everything built in it. */
    @Override
    public void close() throws IOException {
        deleteTree(root);
    }

    /** Deletes {@code dir} and everything under it, links not followed; nothing when it does not exist. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return;
        List<IOException> failures = new ArrayList<>();
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) {
                delete(d);
                return FileVisitResult.CONTINUE;
            }

            private void delete(Path p) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    failures.add(e);
                }
            }
        });
        if (!failures.isEmpty()) throw failures.getFirst();
    }
}
