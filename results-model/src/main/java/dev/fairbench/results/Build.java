package dev.fairbench.results;

import java.time.Instant;
import java.util.Map;

/**
 * The artifact an app was started from, as the runner found it before the app's first start, and how it was built
 * when the runner built it: so that a results file shows what it measured, and two files show whether they measured
 * the same binary (a run after {@code ./fairbench test} once measured the gate's Rust builds without LTO, and nothing
 * in results.json showed it).
 *
 * @param artifact      the artifact's path relative to the repository root, e.g. {@code peers/target/release/axum-sqlx}
 *                      (absolute for one outside it)
 * @param sha256        lower-case hex SHA-256 of its bytes (of that file alone: not of the libraries a thin jar loads
 *                      from beside it)
 * @param bytes         its size in bytes
 * @param modifiedAt    its last-modified time: when it was last built
 * @param builtByRunner true when the runner's build stamp matches these bytes: fairbench's runner built it (in this
 *                      session or an earlier one) with {@code command} and {@code environment}; false when something
 *                      else did (the launcher's reactor build of the Java apps, a build by hand) or the file changed
 *                      after the runner built it
 * @param command       the registry's build command as the runner ran it, or {@code null} when not
 *                      {@code builtByRunner}
 * @param environment   the variables of the build's environment that change what a Rust or Go build makes
 *                      ({@code CARGO_PROFILE_*}, {@code RUSTFLAGS}, {@code GOFLAGS}, …), sorted by name; empty when
 *                      none was set or the build is not the runner's
 */
public record Build(String artifact, String sha256, long bytes, Instant modifiedAt, boolean builtByRunner,
                    String command, Map<String, String> environment) {

    public Build {
        environment = Lists.sorted(environment);
        if (builtByRunner != (command != null)) {
            throw new IllegalArgumentException("command is set exactly when the runner built the artifact: "
                    + builtByRunner + ", " + command);
        }
    }

    /** Whether {@code other} is the same bytes built the same way (the artifact's path and time may differ). */
    public boolean sameAs(Build other) {
        return other != null && sha256.equals(other.sha256) && environment.equals(other.environment);
    }
}
