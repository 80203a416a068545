package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.DatasetLoader;
import dev.fairbench.workload.data.Seeder;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real embedded PostgreSQL and Redis on ports 21432/21379 (not the defaults, so a developer's running services are
 * left alone). Each test leaves the pair in a state the next one copes with; the last stop is in {@link #stopAll()}.
 */
@Timeout(120)
class ServicesTest {
    static final ServiceOptions OPTIONS = ServiceOptions.defaults().withPorts(21432, 21379);
    static final Services SERVICES = new Services(OPTIONS);

    @AfterAll
    static void stopAll() {
        SERVICES.stop();
    }

    @Test
    void startThenStopLeavesNoProcessAndRestartsOnTheSamePort() throws Exception {
        SERVICES.start();
        long postgresPid = SERVICES.postgres().pid().orElseThrow();
        long redisPid = SERVICES.redis().pid().orElseThrow();
        assertThat(Files.exists(java.nio.file.Path.of("/proc", Long.toString(postgresPid)))).isTrue();
        assertThat(SERVICES.redis().ping()).isTrue();
        assertThat(queryInt(SERVICES.urls().postgresUrl(), "SELECT 1")).isEqualTo(1);
        assertThat(SERVICES.status()).allMatch(ServiceStatus::running);

        SERVICES.stop();

        assertThat(Processes.isAlive(postgresPid)).as("postmaster %d gone", postgresPid).isFalse();
        assertThat(Processes.isAlive(redisPid)).as("redis %d gone", redisPid).isFalse();
        assertThat(postgresChildren(postgresPid)).isZero();
        assertThat(SERVICES.status()).noneMatch(ServiceStatus::running);
        assertThat(SERVICES.redis().ping()).isFalse();

        // what a fault test does: stop one server mid-test and start it again on the same port
        assertThat(SERVICES.postgres().start()).isTrue();
        assertThat(SERVICES.redis().start()).isTrue();
        assertThat(queryInt(SERVICES.urls().postgresUrl(), "SELECT 2")).isEqualTo(2);
        assertThat(SERVICES.redis().ping()).isTrue();
    }

    @Test
    void aStalePidFileWhosePidWasReusedIsRemovedAndTheServerStarts() throws Exception {
        SERVICES.start(); // makes the cluster the pid file goes into
        SERVICES.stop();
        // postmaster.pid naming a live process that is not PostgreSQL (this JVM): PostgreSQL alone refuses it
        java.nio.file.Path pidFile = SERVICES.postgres().pidFile();
        String ownPid = Long.toString(ProcessHandle.current().pid());
        Files.writeString(pidFile, ownPid + "\n" + pidFile.getParent() + "\n");
        Files.writeString(SERVICES.redis().pidFile(), ownPid + "\n");

        assertThat(SERVICES.postgres().start()).isTrue();
        assertThat(SERVICES.redis().start()).isTrue();

        assertThat(SERVICES.postgres().pid()).isPresent().isNotEqualTo(OptionalLong.of(ProcessHandle.current().pid()));
        assertThat(queryInt(SERVICES.urls().postgresUrl(), "SELECT 3")).isEqualTo(3);
        assertThat(SERVICES.redis().ping()).isTrue();
    }

    @Test
    void aLeaseWhosePidWasReusedDoesNotKeepTheServerUp() throws Exception {
        java.nio.file.Path dataDir = Files.createTempDirectory("leases");
        Leases leases = new Leases(dataDir, "redis", 1);
        java.nio.file.Path lease = leases.acquire();
        assertThat(leases.anyLiveHolder()).as("this JVM holds it").isTrue();

        Files.writeString(lease, "2000-01-01T00:00:00Z"); // the same pid, but a process started long ago
        assertThat(leases.anyLiveHolder()).isFalse();
        assertThat(lease).doesNotExist();
    }

    @Test
    void startIsIdempotent() {
        SERVICES.start();
        OptionalLong postgresPid = SERVICES.postgres().pid();
        OptionalLong redisPid = SERVICES.redis().pid();

        assertThat(SERVICES.postgres().start()).as("second start starts nothing").isFalse();
        assertThat(SERVICES.redis().start()).isFalse();
        SERVICES.start();

        assertThat(SERVICES.postgres().pid()).isEqualTo(postgresPid);
        assertThat(SERVICES.redis().pid()).isEqualTo(redisPid);
    }

    @Test
    void scopeStopsWhatItStartedAndNothingElse() {
        SERVICES.stop();
        long postgresPid;
        long redisPid;
        try (RunningServices scope = Services.ensureRunning(OPTIONS)) {
            assertThat(scope.startedPostgres()).isTrue();
            assertThat(scope.startedRedis()).isTrue();
            postgresPid = scope.postgresPid().orElseThrow();
            redisPid = scope.redisPid().orElseThrow();
            assertThat(scope.postgresUrl()).matches("postgresql://fairbench_app:[0-9a-f]{64}@127.0.0.1:21432/fairbench");
            assertThat(scope.seedPostgresUrl()).matches("postgresql://fairbench:[0-9a-f]{64}@127.0.0.1:21432/fairbench");
            assertThat(scope.redisUrl()).matches("redis://:[0-9a-f]{64}@127.0.0.1:21379");
        }
        assertThat(Processes.isAlive(postgresPid)).isFalse();
        assertThat(Processes.isAlive(redisPid)).isFalse();

        SERVICES.start();
        long runningPid = SERVICES.postgres().pid().orElseThrow();
        try (RunningServices scope = Services.ensureRunning(OPTIONS)) {
            assertThat(scope.startedPostgres()).isFalse();
            assertThat(scope.startedRedis()).isFalse();
            assertThat(scope.postgresPid()).hasValue(runningPid);
        }
        assertThat(Processes.isAlive(runningPid)).as("explicitly started server survives the scope").isTrue();
    }

    @Test
    void innerScopeDoesNotStopWhatAnOuterScopeStillUses() {
        SERVICES.stop();
        try (RunningServices outer = Services.ensureRunning(OPTIONS)) {
            try (RunningServices inner = Services.ensureRunning(OPTIONS)) {
                assertThat(inner.startedPostgres()).isFalse();
            }
            assertThat(outer.postgresPid()).isPresent();
            assertThat(outer.embeddedRedis().orElseThrow().ping()).isTrue();
        }
        assertThat(SERVICES.postgres().isRunning()).isFalse();
        assertThat(SERVICES.redis().isRunning()).isFalse();
    }

    @Test
    void seedLoadsTheContractDatasetWithinSeconds() throws Exception {
        SERVICES.start();
        String url = SERVICES.urls().seedPostgresUrl();
        long startNanos = System.nanoTime();
        Services.seed(url);
        Duration seedTime = Duration.ofNanos(System.nanoTime() - startNanos);

        assertThat(DatasetLoader.load(DatabaseUrl.parse(SERVICES.urls().postgresUrl())).sha256())
                .as("the apps' read-only role sees the dataset").isEqualTo(Dataset.SHA256);
        assertThat(seedTime).isLessThan(Duration.ofSeconds(10));
        assertThat(Services.ensureSeeded(url)).as("already seeded: digest matches").isFalse();

        queryInt(url, "DELETE FROM comments WHERE id = 1 RETURNING 1");
        assertThat(Services.ensureSeeded(url)).as("one row missing: seeds again").isTrue();
        assertThat(Seeder.isSeeded(DatabaseUrl.parse(url), dev.fairbench.workload.data.DatasetGenerator.generate()))
                .isTrue();
    }

    @Test
    void aPortTakenByAnotherProgramIsReportedInOneLine() throws Exception {
        try (java.net.ServerSocket squatter = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getByName("127.0.0.1"))) {
            EmbeddedRedis redis = new EmbeddedRedis(OPTIONS.dataDir(), squatter.getLocalPort());
            org.assertj.core.api.Assertions.assertThatThrownBy(redis::start)
                    .isInstanceOf(ServiceException.class)
                    .hasMessageContaining("already in use")
                    .hasMessageNotContaining("\n");
        }
    }

    static int queryInt(String postgresUrl, String sql) throws Exception {
        try (Connection c = Seeder.connect(DatabaseUrl.parse(postgresUrl)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static long postgresChildren(long postmasterPid) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.parent().map(parent -> parent.pid() == postmasterPid).orElse(false))
                .filter(p -> Processes.isAlive(p.pid()))
                .count();
    }
}
