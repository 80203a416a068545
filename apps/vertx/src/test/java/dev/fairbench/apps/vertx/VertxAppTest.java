package dev.fairbench.apps.vertx;

import dev.fairbench.apps.common.AppEnvironment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The PostgreSQL connection budget: one per event loop by default, never above POOL_MAX in total. */
class VertxAppTest {
    private static AppEnvironment env(int poolMax, int workers) {
        return new AppEnvironment(0, "postgresql://fairbench@127.0.0.1:1/fairbench", "redis://127.0.0.1:1",
                poolMax, 1, workers);
    }

    @Test
    void oneConnectionPerLoopUnlessConfigured() {
        assertThat(VertxApp.pgConnectionsPerLoop(env(16, 4), null)).isEqualTo(1);
        assertThat(VertxApp.pgConnectionsPerLoop(env(16, 4), " ")).isEqualTo(1);
        assertThat(VertxApp.pgConnectionsPerLoop(env(16, 4), "3")).isEqualTo(3);
    }

    @Test
    void configuredConnectionsAreCappedAtThePoolSlice() {
        assertThat(VertxApp.pgConnectionsPerLoop(env(16, 4), "16")).isEqualTo(4);
        assertThat(VertxApp.pgConnectionsPerLoop(env(16, 1), "99")).isEqualTo(16);
        assertThat(VertxApp.pgConnectionsPerLoop(env(16, 3), "0")).isEqualTo(1);
    }

    @Test
    void refusesMoreLoopsThanPoolMaxConnections() {
        assertThatThrownBy(() -> VertxApp.start(env(2, 3), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("POOL_MAX 2");
    }
}
