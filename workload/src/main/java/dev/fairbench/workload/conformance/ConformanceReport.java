package dev.fairbench.workload.conformance;

import java.util.List;

/** Outcome of one app's gate: how many cases ran and every mismatch found (empty when it passed). */
public record ConformanceReport(int casesChecked, List<Mismatch> mismatches) {
    public ConformanceReport {
        mismatches = List.copyOf(mismatches);
    }

    public boolean passed() {
        return mismatches.isEmpty();
    }
}
