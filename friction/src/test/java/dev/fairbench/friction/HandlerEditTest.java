package dev.fairbench.friction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HandlerEditTest {
    @TempDir
    Path dir;

    @Test
    void appendsOneCommentLineInTheLanguagesSyntax() throws IOException {
        Path rust = dir.resolve("main.rs");
        Files.writeString(rust, "fn main() {}\n");
        HandlerEdit.appendComment(rust);
        assertThat(Files.readString(rust)).isEqualTo("fn main() {}\n// " + HandlerEdit.TEXT + "\n");
        Path python = dir.resolve("app.py");
        Files.writeString(python, "print(1)"); // no final line feed: the comment goes on a line of its own
        HandlerEdit.appendComment(python);
        assertThat(Files.readString(python)).isEqualTo("print(1)\n# " + HandlerEdit.TEXT + "\n");
    }

    @Test
    void aFileWithoutAKnownLineCommentIsRefusedUnchanged() throws IOException {
        Path html = dir.resolve("index.html");
        Files.writeString(html, "<p>\n");
        assertThatThrownBy(() -> HandlerEdit.appendComment(html)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("no line comment known for index.html");
        assertThat(Files.readString(html)).isEqualTo("<p>\n");
        Path noExtension = dir.resolve("Makefile");
        Files.writeString(noExtension, "all:\n");
        assertThatThrownBy(() -> HandlerEdit.appendComment(noExtension)).isInstanceOf(IOException.class);
    }
}
