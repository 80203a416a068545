package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonValue;

/** What happened to an app in a session; written in lower case in results.json. */
public enum AppStatus {
    /** Passed the conformance gate and every route was measured. */
    MEASURED,
    /** Started but did not finish: failed the gate, did not become ready, crashed or errored under load. */
    FAILED,
    /** Never started: not built, a toolchain missing, or excluded by the user. */
    SKIPPED;

    @JsonValue
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
