package dev.fairbench.friction;

import dev.fairbench.results.friction.FrictionApp.SourceCount;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Counts the lines of code under some paths: the non-blank lines (a line with at least one character that is not
 * white space) of every source file. Not source files, so not counted: documentation ({@code .md}, {@code .txt},
 * {@code .rst}, {@code .adoc}, {@code LICENSE*}), lockfiles ({@link #LOCKFILES}), generated files (a line among
 * the first {@value #MARKER_LINES} saying {@code Code generated … DO NOT EDIT} or {@code @generated}, the marks of
 * Go's and other generators) and binary files (a NUL byte, or not UTF-8). Symbolic links are not followed; a file
 * under two of the paths counts once. Meant for a fresh copy of the project, which holds no build output.
 * Stateless and thread-safe.
 */
final class SourceLines {
    /** Lockfiles: written by a tool, not by a person. */
    static final Set<String> LOCKFILES = Set.of("Cargo.lock", "go.sum", "package-lock.json", "yarn.lock",
            "pnpm-lock.yaml", "poetry.lock", "Gemfile.lock", "composer.lock", "gradle.lockfile");
    static final int MARKER_LINES = 5;
    private static final Set<String> DOC_EXTENSIONS = Set.of("md", "txt", "rst", "adoc");
    private static final Pattern GENERATED = Pattern.compile("Code generated .*DO NOT EDIT|@generated");

    private SourceLines() {
    }

    /**
     * The count under {@code paths} (absolute, files or folders), each named in the result relative to
     * {@code root}.
     */
    static SourceCount count(Path root, List<Path> paths) throws IOException {
        Set<Path> files = new TreeSet<>();
        for (Path p : paths) {
            if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                files.add(p);
            } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).forEach(files::add);
                }
            }
        }
        int counted = 0;
        long lines = 0;
        for (Path f : files) {
            long n = linesOf(f);
            if (n >= 0) {
                counted++;
                lines += n;
            }
        }
        List<String> named = new ArrayList<>();
        for (Path p : paths) named.add(root.relativize(p).toString());
        return new SourceCount(named, counted, lines);
    }

    /** The non-blank lines of a source file, or -1 when it is not one (see the class). */
    static long linesOf(Path file) throws IOException {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        if (LOCKFILES.contains(name) || DOC_EXTENSIONS.contains(extension) || name.startsWith("LICENSE")) return -1;
        byte[] bytes = Files.readAllBytes(file);
        for (byte b : bytes) {
            if (b == 0) return -1;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return -1;
        }
        if (text.lines().limit(MARKER_LINES).anyMatch(l -> GENERATED.matcher(l).find())) return -1;
        return text.lines().filter(l -> !l.isBlank()).count();
    }
}
