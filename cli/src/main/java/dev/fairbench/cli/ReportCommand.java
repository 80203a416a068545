package dev.fairbench.cli;

import dev.fairbench.report.ReportWriter;
import dev.fairbench.results.ResultsException;
import dev.fairbench.report.render.MarkdownRenderer;
import dev.fairbench.report.render.Messages;
import dev.fairbench.report.render.VerdictsBuilder;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.SuiteStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench report DIR [--lang en|uk] [--summary]}: regenerates the Markdown and HTML reports of a results directory
 * from its results.json alone, and prints the files written; with {@code --summary} prints the Markdown summary
 * that docs/benchmarks.md quotes instead. A directory without a readable results.json is a
 * usage error (exit 2, one line); one that does not match the schema is one line per problem, naming the file
 * and JSON path.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Regenerate report.md and report.html of a results directory from its results.json alone.",
                "English is written to report.md/report.html, another language to report.LANG.md/.html."})
public final class ReportCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A results directory (holds results.json).")
    Path dir;

    @Option(names = "--lang", paramLabel = "LANG", defaultValue = "en",
            description = "Report language: en or uk (default: ${DEFAULT-VALUE}).")
    String language;

    @Option(names = "--summary", description = "Print the Markdown summary that docs/benchmarks.md quotes (setup, "
            + "verdicts, cost per request, cost runs, interference, and the write-up's findings of a suite that declares "
            + "them) instead of writing the reports.")
    boolean summary;

    @Override
    public void run() {
        if (!Messages.LANGUAGES.contains(language)) {
            throw new ParameterException(spec.commandLine(), "unknown language '" + language + "' for --lang"
                    + " (expected one of " + String.join(", ", Messages.LANGUAGES) + ")");
        }
        if (!Files.isDirectory(dir)) {
            throw new ParameterException(spec.commandLine(), dir + " is not a directory");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (summary) {
            try {
                out.print(MarkdownRenderer.render(VerdictsBuilder.summary(ResultsStore.read(dir),
                        SuiteStore.readIfPresent(dir).orElse(null), dir, Messages.of(language))));
                out.flush();
                return;
            } catch (ResultsException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
        }
        try {
            for (Path file : ReportWriter.write(dir, language)) {
                out.println("wrote " + file);
            }
        } catch (ResultsException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (IOException e) {
            throw new Fairbench.CommandFailure("cannot write the report into " + dir + ": " + e.getMessage(), e);
        }
        out.flush();
    }
}
