package dev.fairbench.workload.conformance;

/** One failed check: which case, what differed, and a short unified diff (or a one-line description). */
public record Mismatch(String caseName, String what, String diff) {
    @Override
    public String toString() {
        return caseName + ": " + what + (diff.isEmpty() ? "" : "\n" + diff);
    }
}
