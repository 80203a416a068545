package dev.fairbench.report;

import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Results;
import dev.fairbench.report.render.Block;
import dev.fairbench.report.render.HtmlRenderer;
import dev.fairbench.report.render.MarkdownRenderer;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.ReportBuilder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes the reports of a results directory: {@code report.md} and {@code report.html} in English, and
 * {@code report.LANG.md} / {@code report.LANG.html} in any other language (e.g. {@code report.uk.html}), so
 * both languages can sit side by side. The reports depend on results.json and the hlogs it names; each file is written to a
 * temporary file and moved into place. Stateless and thread-safe.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /** The two files a language's report is written to, Markdown first. */
    public static List<Path> files(Path dir, String language) {
        String stem = language.equals("en") ? "report" : "report." + language;
        return List.of(dir.resolve(stem + ".md"), dir.resolve(stem + ".html"));
    }

    /** Reads {@code dir/results.json} and writes the reports in this language; returns the files written. */
    public static List<Path> write(Path dir, String language) throws IOException {
        return write(dir, ResultsStore.read(dir), language);
    }

    /**
     * Writes the reports of these results in this language into {@code dir}; returns the files written.
     *
     * @throws IllegalArgumentException for a language not in {@link Messages#LANGUAGES}
     */
    public static List<Path> write(Path dir, Results results, String language) throws IOException {
        Messages messages = Messages.of(language);
        List<Path> files = files(dir, language);
        writeAtomically(files.get(0), MarkdownRenderer.render(ReportBuilder.build(results, messages, dir)));
        writeAtomically(files.get(1), HtmlRenderer.render(ReportBuilder.build(results, messages, dir),
                messages.language(), messages.get("toc")));
        return files;
    }

    /** Writes the reports of these results in every language of {@link Messages#LANGUAGES}; returns the files. */
    public static List<Path> writeAll(Path dir, Results results) throws IOException {
        List<Path> files = new java.util.ArrayList<>();
        for (String language : Messages.LANGUAGES) {
            files.addAll(write(dir, results, language));
        }
        return files;
    }

    /** The Markdown report, without the plots drawn from the hlogs (no directory to read them from). */
    public static String markdown(Results results, Messages messages) {
        return MarkdownRenderer.render(ReportBuilder.build(results, messages));
    }

    /** The HTML report, without the plots drawn from the hlogs (no directory to read them from). */
    public static String html(Results results, Messages messages) {
        List<Block> blocks = ReportBuilder.build(results, messages);
        return HtmlRenderer.render(blocks, messages.language(), messages.get("toc"));
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
