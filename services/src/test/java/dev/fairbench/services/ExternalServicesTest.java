package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --pg-url/--redis-url}: servers that already run (embedded ones on 21433/21380, started here) are used
 * through their URLs; the scope starts nothing (its own ports 21434/21381 stay free) and stops nothing.
 */
@Timeout(120)
class ExternalServicesTest {
    static final Services EXISTING = new Services(ServiceOptions.defaults().withPorts(21433, 21380));

    @BeforeAll
    static void startExisting() {
        EXISTING.start();
    }

    @AfterAll
    static void stopExisting() {
        EXISTING.stop();
    }

    @Test
    void urlOptionsStartNothingAndStopNothing() throws Exception {
        long postgresPid = EXISTING.postgres().pid().orElseThrow();
        long redisPid = EXISTING.redis().pid().orElseThrow();
        ServiceOptions options = ServiceOptions.defaults().withPorts(21434, 21381)
                .withUrls(EXISTING.urls().postgresUrl(), EXISTING.urls().redisUrl());

        try (RunningServices scope = Services.ensureRunning(options)) {
            assertThat(scope.postgresUrl()).as("apps get the search_path of schema fairbench")
                    .isEqualTo(EXISTING.urls().postgresUrl() + "?options=-c%20search_path%3Dfairbench");
            assertThat(scope.seedPostgresUrl()).as("external: seeding uses the given URL")
                    .isEqualTo(EXISTING.urls().postgresUrl());
            assertThat(scope.redisUrl()).isEqualTo(EXISTING.urls().redisUrl());
            assertThat(scope.startedPostgres()).isFalse();
            assertThat(scope.startedRedis()).isFalse();
            assertThat(scope.embeddedPostgres()).isEmpty();
            assertThat(scope.postgresPid()).isEmpty();
            assertThat(ServicesTest.queryInt(scope.postgresUrl(), "SELECT 7")).isEqualTo(7);
            assertThat(new Services(options).status())
                    .extracting(ServiceStatus::state).containsExactly("external", "external");
        }

        assertThat(Processes.isAlive(postgresPid)).isTrue();
        assertThat(Processes.isAlive(redisPid)).isTrue();
        assertThat(new EmbeddedPostgres(options.dataDir(), 21434).isRunning()).isFalse();
        assertThat(Files.exists(options.dataDir().resolve("redis/run-21381"))).isFalse();
    }
}
