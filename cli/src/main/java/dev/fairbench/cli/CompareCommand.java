package dev.fairbench.cli;

import dev.fairbench.report.Comparison;
import dev.fairbench.results.ResultsException;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.Results;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench compare DIR_A DIR_B [--format text|md|json]}: per app and route, the ratio B/A of req/s, p99,
 * app CPU per request and peak RSS ({@link Comparison}). A directory without a readable results.json is a usage
 * error (exit 2, one line); one that does not match the schema is one line per problem, naming the file and
 * JSON path.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two results directories: per app and route, the ratio B/A of req/s, p99 latency, "
                + "app CPU per request and peak RSS.",
                "A ratio above 1 means B has more: better for req/s, worse for the others.",
                "Then how well the two agree (app CPU per request within 5%%, verdict cells), how steady the host was "
                        + "in each, and whether both started the same builds (SHA-256 and build environment)."})
public final class CompareCommand implements Runnable {
    /** Output formats of {@code --format}. */
    enum Format { text, md, json }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR_A", description = "The baseline results directory.")
    Path dirA;

    @Parameters(index = "1", paramLabel = "DIR_B", description = "The results directory compared with it.")
    Path dirB;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public void run() {
        Results a = read(dirA);
        Results b = read(dirB);
        Comparison comparison = Comparison.of(dirA.toString(), a, dirB.toString(), b).withSteadiness(a, dirA, b, dirB);
        PrintWriter out = spec.commandLine().getOut();
        out.print(switch (format) {
            case text -> comparison.text();
            case md -> comparison.markdown();
            case json -> comparison.json();
        });
        out.flush();
    }

    private Results read(Path dir) {
        try {
            return ResultsStore.read(dir);
        } catch (ResultsException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }
}
