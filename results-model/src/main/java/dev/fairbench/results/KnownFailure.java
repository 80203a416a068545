package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A case of the hostile suite (docs/workload.md §5.1) that the app is declared to fail in the registry
 * ({@code known_failures}): its framework offers no way to meet the bound. Listed by the report with the settings
 * that could not be equalized, and its failure in the robustness table is shown as declared.
 *
 * @param caseName the hostile case's name, as in {@link RobustnessCase#name()}; written as {@code case}
 * @param reason   why the app cannot pass it, one line in English
 * @param upstream the framework's issue or pull request about it, e.g. {@code rwf2/Rocket#1405}; {@code null} when
 *                 none is known
 */
public record KnownFailure(@JsonProperty("case") String caseName, String reason, String upstream) {}
