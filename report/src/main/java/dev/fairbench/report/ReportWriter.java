package dev.fairbench.report;

import dev.fairbench.results.ResultsException;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Results;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.results.SuiteStore;
import dev.fairbench.report.render.Block;
import dev.fairbench.report.render.HtmlRenderer;
import dev.fairbench.report.render.MarkdownRenderer;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.ReportBuilder;
import dev.fairbench.report.render.SuiteLoadsBuilder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /**
     * Reads {@code dir/results.json} and writes the reports in this language; returns the files written. A directory
     * of a suite of several loads (a {@code suite.json} whose loads have directories of their own) gets the suite's
     * report instead ({@link #writeSuite}).
     */
    public static List<Path> write(Path dir, String language) throws IOException {
        var suite = SuiteStore.readIfPresent(dir);
        if (suite.isPresent() && suite.get().loads().stream().noneMatch(SuiteRun.Load::inSuiteDir)) {
            return writeSuite(dir, language);
        }
        return write(dir, ResultsStore.read(dir), language);
    }

    /**
     * Writes the report of the suite of several loads in {@code dir} (its {@code suite.json}, and each load's
     * {@code results.json} under it; a load without one is reported as not measured); returns the files written.
     *
     * @throws ResultsException when {@code dir} has no {@code suite.json} or a file does not match its schema
     */
    public static List<Path> writeSuite(Path dir, String language) throws IOException {
        SuiteRun suite = SuiteStore.readIfPresent(dir)
                .orElseThrow(() -> new ResultsException("no " + SuiteStore.FILE_NAME + " in " + dir + ": not a suite's results"));
        Map<String, Results> loads = new LinkedHashMap<>();
        for (SuiteRun.Load load : suite.loads()) {
            Path loadDir = dir.resolve(load.dir());
            if (Files.exists(ResultsStore.file(loadDir))) loads.put(load.name(), ResultsStore.read(loadDir));
        }
        Messages messages = Messages.of(language);
        List<Block> blocks = SuiteLoadsBuilder.build(suite, loads, messages, dir);
        List<Path> files = files(dir, language);
        writeAtomically(files.get(0), MarkdownRenderer.render(blocks));
        writeAtomically(files.get(1), HtmlRenderer.render(blocks, messages.language(), messages.get("toc")));
        return files;
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
