package dev.fairbench.results;

import java.util.List;

/**
 * Outcome of the conformance gate for one app (mirrors {@code dev.fairbench.workload.conformance.ConformanceReport}).
 *
 * @param casesChecked how many cases were checked
 * @param mismatches   every failed case; empty when the gate passed
 */
public record Conformance(int casesChecked, List<Mismatch> mismatches) {

    public Conformance {
        mismatches = Lists.copy(mismatches);
    }

    public boolean passed() {
        return mismatches.isEmpty();
    }

    /**
     * One failed case.
     *
     * @param caseName the case, e.g. {@code GET /post/some-slug}
     * @param what     what differed, one line, e.g. {@code body differs}
     * @param diff     short unified diff of expected against actual, or empty
     */
    public record Mismatch(String caseName, String what, String diff) {
        public Mismatch {
            diff = diff == null ? "" : diff;
        }
    }
}
