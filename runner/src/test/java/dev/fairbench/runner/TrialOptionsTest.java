package dev.fairbench.runner;

import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.workload.Route;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The options builder: defaults, values taken from a parent, derived values, and one line per mistake. */
class TrialOptionsTest {
    private static final Path ROOT = Path.of("/repo");

    private static TrialOptions.Builder base() {
        return TrialOptions.builder().repoRoot(ROOT).outputDir(ROOT.resolve("results/x"))
                .services(ServiceOptions.defaults()).cores(4);
    }

    @Test
    void defaultsAreTheRoundTwoRules() {
        TrialOptions o = base().build();
        assertThat(o.apps()).isEmpty();
        assertThat(o.routes()).containsExactly(Route.values());
        assertThat(o.connections()).isEqualTo(50);
        assertThat(o.placement()).isEqualTo(CpuPlacement.defaults(4));
        assertThat(o.loadgenThreads()).as("one per load generator CPU").isEqualTo(1);
        assertThat(o.build()).isTrue();
        assertThat(o.languages()).containsExactly("en", "uk");
        assertThat(o.registryFile()).isEqualTo(ROOT.resolve("apps.toml"));
        assertThat(o.detailSlugs()).isZero();
        assertThat(o.hostile()).as("only run asks for the hostile suite").isFalse();
    }

    @Test
    void aChildTakesWhatItDoesNotSetFromItsParent() {
        TrialOptions parent = base().connections(8).languages(List.of("uk")).apps(List.of("vertx", "go-nethttp"))
                .build();
        TrialOptions child = TrialOptions.builder().parent(parent).apps(List.of("vertx"))
                .routes(List.of(Route.PHASH)).build();
        assertThat(child.apps()).containsExactly("vertx");
        assertThat(child.routes()).containsExactly(Route.PHASH);
        assertThat(child.connections()).isEqualTo(8);
        assertThat(child.languages()).containsExactly("uk");
        assertThat(child.outputDir()).isEqualTo(parent.outputDir());
        assertThat(child.services()).isSameAs(parent.services());
        assertThat(TrialOptions.builder().parent(base().hostile(true).build()).build().hostile()).isTrue();
    }

    @Test
    void loadgenThreadsNeverExceedConnections() {
        TrialOptions o = base().cores(8).connections(2).build();
        assertThat(CpuPlacement.parse(o.placement().loadgenCpus())).hasSize(2);
        assertThat(o.loadgenThreads()).isEqualTo(2);
        assertThat(base().cores(8).connections(1).build().loadgenThreads()).isEqualTo(1);
    }

    @Test
    void mistakesAreOneLine() {
        assertThatThrownBy(() -> base().connections(0).build()).hasMessage("--connections must be at least 1");
        assertThatThrownBy(() -> base().connections(4).loadgenThreads(5).build())
                .hasMessage("--loadgen-threads (5) must not exceed --connections (4)");
        assertThatThrownBy(() -> base().languages(List.of("de")).build())
                .hasMessage("unknown report language 'de': expected one of en, uk");
        assertThatThrownBy(() -> base().routes(List.of()).build()).hasMessage("no route given");
        assertThatThrownBy(() -> TrialOptions.builder().outputDir(ROOT).services(ServiceOptions.defaults()).build())
                .hasMessage("the repository root is not given");
    }
}
