package dev.fairbench.report.render;

import dev.fairbench.results.Results;
import dev.fairbench.results.ResultsStore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The grid explains its bound letters only when it shows some. */
class GridBuilderTest {
    private static final Path SAMPLE = Path.of("src/test/resources/sample-results");

    private static Block.Grid grid(Results results, Messages m) {
        return GridBuilder.build(results, m).stream().filter(b -> b instanceof Block.Grid).map(b -> (Block.Grid) b)
                .findFirst().orElseThrow();
    }

    private static String boundNote(Messages m) {
        return m.get("grid.note.bound", m.get("bound.short.app-bound"), m.get("bound.short.services-bound"),
                m.get("bound.short.loadgen-bound"), m.get("bound.short.latency-bound"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void theLetterNoteComesWithTheLetters(String language) throws Exception {
        Messages m = Messages.of(language);
        Block.Grid grid = grid(ResultsStore.read(SAMPLE), m);
        assertThat(grid.rows().stream().flatMap(r -> r.cells().stream())).anyMatch(c -> !c.bound().isEmpty());
        assertThat(grid.notes()).contains(boundNote(m));
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk"})
    void resultsWithoutABoundGetNoLetterNote(String language) throws Exception {
        Messages m = Messages.of(language);
        // as results from before the CPU use of each run was recorded: no cpu_use in the runs, no summary bound
        String json = Files.readString(ResultsStore.file(SAMPLE))
                .replaceAll("\"cpu_use\"\\s*:\\s*\\{[^{}]*\\}\\s*,", "")
                .replaceAll(",\\s*\"cpu_use\"\\s*:\\s*\\{[^{}]*\\}", "")
                .replaceAll(",\\s*\"bound\"\\s*:\\s*\"[^\"]*\"", "")
                .replaceAll("\"bound\"\\s*:\\s*\"[^\"]*\"\\s*,", "");
        assertThat(json).doesNotContain("\"bound\"");
        Block.Grid grid = grid(ResultsStore.fromJson(json, "sample without bounds"), m);
        assertThat(grid.rows().stream().flatMap(r -> r.cells().stream())).allMatch(c -> c.bound().isEmpty());
        assertThat(grid.notes()).hasSize(2).doesNotContain(boundNote(m));
        assertThat(List.copyOf(grid.notes())).first().isEqualTo(m.get("grid.note.bars"));
    }
}
