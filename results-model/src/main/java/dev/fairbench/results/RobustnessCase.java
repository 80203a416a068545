package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One case of the hostile suite (docs/workload.md §5.1) run against an app: slow, huge and odd requests it must
 * answer or close within a bound. A failure is a finding, not a gate: the app is measured all the same.
 *
 * @param name   the case's name, e.g. {@code slowloris headers}; written as {@code case}
 * @param passed whether the app answered or closed as the case expects, within its bound
 * @param millis how long the exchange took
 * @param detail what was wrong, one line in English; {@code null} when the case passed
 */
public record RobustnessCase(@JsonProperty("case") String name, boolean passed, long millis, String detail) {}
