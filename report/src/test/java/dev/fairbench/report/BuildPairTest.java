package dev.fairbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.Build;
import dev.fairbench.results.Results;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A comparison says whether the two sessions started the same builds, and which apps were built with overrides. */
class BuildPairTest {
    private static final String RELEASE = "a1".repeat(32);
    private static final String GATE = "b2".repeat(32);

    private static Build build(String sha, Map<String, String> environment) {
        return new Build("peers/target/release/x", sha, 1, Instant.EPOCH, true, "cargo build", environment);
    }

    /** The sample with these builds for vertx and go-nethttp (the sample's two apps). */
    private static Results with(Build vertx, Build go) {
        Results r = SampleResults.build();
        AppResult v = r.app("vertx").orElseThrow().withBuild(vertx);
        AppResult g = r.app("go-nethttp").orElseThrow().withBuild(go);
        return r.withApp(v).withApp(g);
    }

    @Test
    void theSameBuildsAreOneLine() {
        Results a = with(build(RELEASE, Map.of()), build(GATE, Map.of()));
        Comparison c = Comparison.of("a", a, "b", a);
        assertThat(c.builds()).extracting(BuildPair::same).containsExactly(true, true);
        assertThat(c.text()).contains("builds: the same artifact (SHA-256) and build environment in A and B for 2 of 2 "
                + "apps\n").doesNotContain("build environment of");
    }

    @Test
    void aDifferentBinaryOrBuildEnvironmentIsNamed() throws Exception {
        Map<String, String> noLto = Map.of("CARGO_PROFILE_RELEASE_LTO", "off");
        Results a = with(build(RELEASE, Map.of()), build(RELEASE, Map.of()));
        Results b = with(build(GATE, noLto), build(RELEASE, Map.of()));
        Comparison c = Comparison.of("a", a, "b", b);
        assertThat(c.markdown()).contains("builds differ for 1 of 2 apps, whose rows compare two binaries: vertx (A "
                        + "a1a1a1a1a1a1, B b2b2b2b2b2b2)\n")
                .contains("build environment of vertx (A: none; B: CARGO_PROFILE_RELEASE_LTO=off)\n")
                .doesNotContain("build environment of go-nethttp");
        JsonNode json = new ObjectMapper().readTree(c.json());
        assertThat(json.get("builds").get(0).get("environment_b").get("CARGO_PROFILE_RELEASE_LTO").asText())
                .isEqualTo("off");
        assertThat(json.get("builds").get(1).get("same").asBoolean()).isTrue();

        Comparison bothGate = Comparison.of("b", b, "b", b);
        assertThat(bothGate.text()).contains("for 2 of 2 apps")
                .contains("build environment of vertx (A and B: CARGO_PROFILE_RELEASE_LTO=off)\n");
    }

    @Test
    void withoutRecordedBuildsNothingIsSaid() {
        Results a = SampleResults.build();
        Results oneSide = with(build(RELEASE, Map.of()), null);
        assertThat(Comparison.of("a", a, "b", a).text()).doesNotContain("build");
        assertThat(Comparison.of("a", oneSide, "b", a).builds()).isEmpty();
        assertThat(Comparison.of("a", oneSide, "b", oneSide).builds()).extracting(BuildPair::app).containsExactly("vertx");
    }
}
