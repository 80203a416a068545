package dev.fairbench.report.render;

import dev.fairbench.report.Steadiness;
import dev.fairbench.report.render.Block.Paragraph;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Results;

import java.util.List;
import java.util.Optional;

/**
 * The report's lines on how steady the host was ({@link Steadiness}, read once from the hlogs of the results
 * directory by the caller): the steadiness line under "Interference", and a warning at the top when the run was
 * unsteady. Nothing when it was not read (no results directory, or no app-bound window whose hlog is there).
 * Stateless.
 */
final class SteadinessBuilder {
    private SteadinessBuilder() {}

    /** The steadiness line, for under the host speed. */
    static List<Block> section(Results results, Optional<Steadiness> steadiness, Messages m) {
        return steadiness.<List<Block>>map(s -> {
            String app = results.app(s.dropApp()).map(AppResult::label).orElse(s.dropApp());
            return List.of(new Paragraph(m.get("steadiness", m.integer(s.windows()), m.percent(s.medianCv()),
                    m.percent(s.p90Cv()), m.percent(s.largestDrop()), app, m.route(s.dropRoute()),
                    m.integer(s.dropRound()))));
        }).orElse(List.of());
    }

    /** The warning that the host was unsteady ({@link Steadiness#unsteady()}), for the top; nothing when it was not. */
    static List<Block> warning(Optional<Steadiness> steadiness, Messages m) {
        return steadiness.filter(Steadiness::unsteady)
                .<List<Block>>map(s -> List.of(new Paragraph(m.get("unsteady", m.percent(s.medianCv()),
                        m.percent(Steadiness.UNSTEADY_MEDIAN_CV)))))
                .orElse(List.of());
    }
}
