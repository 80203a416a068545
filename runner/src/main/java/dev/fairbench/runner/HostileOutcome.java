package dev.fairbench.runner;

import dev.fairbench.runner.registry.KnownFailure;
import dev.fairbench.workload.conformance.HostileChecker;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The hostile suite's results of one app read against the known failures its registry entry declares: a declared
 * case that fails is a known failure, not a problem; a declared case that passes is one, since the declaration is
 * stale and must be removed. Immutable.
 *
 * @param results  the suite's results, in suite order
 * @param declared the app's {@code known_failures}
 */
record HostileOutcome(List<HostileChecker.Result> results, List<KnownFailure> declared) {

    /** What one case's result means for {@code verify}. */
    enum Verdict {
        /** Passed, and not declared. */
        PASSED,
        /** Failed, and not declared: {@code verify} fails. */
        FAILED,
        /** Failed, and declared: shown, {@code verify} does not fail. */
        KNOWN_FAILURE,
        /** Passed, but declared to fail: {@code verify} fails until the declaration is removed. */
        STALE_DECLARATION
    }

    HostileOutcome {
        results = List.copyOf(results);
        declared = List.copyOf(declared);
    }

    Verdict verdict(HostileChecker.Result r) {
        boolean isDeclared = declaration(r.name()).isPresent();
        if (r.passed()) return isDeclared ? Verdict.STALE_DECLARATION : Verdict.PASSED;
        return isDeclared ? Verdict.KNOWN_FAILURE : Verdict.FAILED;
    }

    long count(Verdict v) {
        return results.stream().filter(r -> verdict(r) == v).count();
    }

    /** One line of what fails {@code verify} ({@link Verdict#FAILED} and {@link Verdict#STALE_DECLARATION}), or null. */
    String problem() {
        List<String> parts = new ArrayList<>();
        long failed = count(Verdict.FAILED);
        if (failed > 0) parts.add("hostile: " + failed + " of " + results.size() + " cases failed");
        for (HostileChecker.Result r : results) {
            if (verdict(r) == Verdict.STALE_DECLARATION) {
                parts.add("hostile case '" + r.name() + "' now passes but is declared a known failure: remove it "
                        + "from known_failures in apps.toml");
            }
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    /** The summary line after the app's name, e.g. {@code hostile: 25 of 31 cases passed, 6 known failures (declared)}. */
    String summary() {
        long known = count(Verdict.KNOWN_FAILURE);
        return "hostile: " + count(Verdict.PASSED) + " of " + results.size() + " cases passed"
                + (known == 0 ? "" : ", " + known + " known failure" + (known == 1 ? "" : "s") + " (declared)");
    }

    /** One line per case with its time and verdict, for {@code verify}. */
    String describe() {
        StringBuilder out = new StringBuilder();
        for (HostileChecker.Result r : results) {
            Verdict v = verdict(r);
            String mark = switch (v) {
                case PASSED -> "ok";
                case FAILED, STALE_DECLARATION -> "FAIL";
                case KNOWN_FAILURE -> "known";
            };
            String detail = switch (v) {
                case PASSED -> "";
                case FAILED -> ": " + r.problem();
                case KNOWN_FAILURE -> ": known failure (declared): " + r.problem();
                case STALE_DECLARATION -> ": passes, but apps.toml declares it a known failure (remove the declaration)";
            };
            out.append(String.format("  %-5s %5d ms  %s%s%n", mark, r.millis(), r.name(), detail));
        }
        return out.toString();
    }

    private Optional<KnownFailure> declaration(String caseName) {
        return declared.stream().filter(k -> k.caseName().equals(caseName)).findFirst();
    }
}
