package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding and stopping every server of a data folder, as after a test JVM killed with SIGKILL. Uses a data folder
 * of its own so that the servers of other tests stay untouched; Redis stands for both kinds of server here because
 * a PostgreSQL cluster of its own would cost an initdb (the PostgreSQL side of stopping is tested in ServicesTest).
 */
@Timeout(60)
class AllServersTest {
    @Test
    void aServerLeftBehindIsListedAndStopped(@TempDir Path dataDir) {
        EmbeddedRedis orphan = new EmbeddedRedis(dataDir, 21382);
        try {
            assertThat(orphan.start()).isTrue();
            long pid = orphan.pid().orElseThrow();
            assertThat(Services.runningUnder(dataDir)).singleElement()
                    .satisfies(s -> assertThat(s.line()).contains("redis", "pid " + pid, "127.0.0.1:21382"));

            assertThat(Services.stopAllUnder(dataDir)).hasSize(1);

            assertThat(Processes.isAlive(pid)).isFalse();
            assertThat(Services.runningUnder(dataDir)).isEmpty();
        } finally {
            orphan.stop();
        }
    }

    @Test
    void clusterPortsComeFromTheDataFolderNames(@TempDir Path dataDir) throws Exception {
        // @TempDir is mode 700: as root, PostgreSQL would then live under /var/tmp (see EmbeddedPostgres)
        Files.setPosixFilePermissions(dataDir, Archives.permissions(0755));
        for (String name : new String[] {"data-15432", "data-21432", "data-21433.init", "17.5.0", "data-x"}) {
            Files.createDirectories(dataDir.resolve("pg").resolve(name));
        }
        assertThat(EmbeddedPostgres.clusterPorts(dataDir)).containsExactly(15432, 21432);
        assertThat(EmbeddedPostgres.clusterPorts(dataDir.resolve("nowhere"))).isEmpty();
    }
}
