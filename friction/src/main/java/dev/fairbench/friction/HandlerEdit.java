package dev.fairbench.friction;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Map;

/**
 * The one-line change of the incremental build: a comment line appended to the app's handler file, in the comment
 * syntax of its language (by file extension), so that the build tools see a changed source without any change of
 * behaviour. Stateless.
 */
final class HandlerEdit {
    /** Line-comment prefix by file extension. */
    static final Map<String, String> LINE_COMMENT = Map.ofEntries(
            Map.entry("rs", "//"), Map.entry("go", "//"), Map.entry("java", "//"), Map.entry("kt", "//"),
            Map.entry("scala", "//"), Map.entry("c", "//"), Map.entry("h", "//"), Map.entry("cc", "//"),
            Map.entry("cpp", "//"), Map.entry("zig", "//"), Map.entry("js", "//"), Map.entry("ts", "//"),
            Map.entry("cs", "//"), Map.entry("swift", "//"), Map.entry("py", "#"), Map.entry("rb", "#"),
            Map.entry("sh", "#"), Map.entry("toml", "#"), Map.entry("ex", "#"), Map.entry("exs", "#"),
            Map.entry("hs", "--"), Map.entry("lua", "--"), Map.entry("sql", "--"));
    static final String TEXT = "fairbench friction: one-line change for the incremental build";

    private HandlerEdit() {
    }

    /**
     * Appends the comment line to {@code file} (after a line feed when the file does not end with one).
     *
     * @throws IOException when the file cannot be written, or its extension has no known line comment
     */
    static void appendComment(Path file) throws IOException {
        String name = file.getFileName().toString();
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        String prefix = LINE_COMMENT.get(extension);
        if (prefix == null || !name.contains(".")) {
            throw new IOException("no line comment known for " + name + " (known: ."
                    + String.join(", .", LINE_COMMENT.keySet().stream().sorted().toList()) + ")");
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String line = (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + prefix + " " + TEXT + "\n";
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}
