package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A postmaster tied to a command that has ended can stay a zombie until its new parent reaps it, and PostgreSQL
 * refuses to start while its socket's lock file names a pid of its own user that answers {@code kill(pid, 0)}, as
 * such a zombie does. A start over that lock file must succeed.
 */
@Timeout(60)
class StaleSocketLockTest {
    private static final int PORT = 21437;

    @Test
    void aSocketLockLeftByAZombieOfTheServersUserDoesNotStopTheNextStart() throws Exception {
        Path dataDir = ServiceOptions.defaults().dataDir();
        EmbeddedPostgres pg = new EmbeddedPostgres(dataDir, PORT);
        // A real zombie of the user PostgreSQL runs as: the child 'sleep' exits at once, and its parent (exec'd into
        // 'sleep 30') never waits for it.
        List<String> cmd = new ArrayList<>(ServiceUser.dropRootPrefix(dataDir));
        cmd.addAll(List.of("sh", "-c", "sleep 0.1 & echo $!; exec sleep 30"));
        Process parent = new ProcessBuilder(cmd).start();
        try {
            long zombie = Long.parseLong(parent.inputReader().readLine().strip());
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (Processes.isAlive(zombie) && System.nanoTime() < deadline) Thread.sleep(20);
            assertThat(Processes.isAlive(zombie)).as("the child has exited").isFalse();
            assertThat(Files.exists(Path.of("/proc", Long.toString(zombie)))).as("and is a zombie").isTrue();

            assertThat(pg.start()).isTrue();
            pg.stop();
            Path lock = pg.clusterDir().resolve(".s.PGSQL." + PORT + ".lock");
            Files.writeString(lock, zombie + "\n" + pg.clusterDir() + "\n");

            assertThat(pg.start()).as("started over the zombie's socket lock").isTrue();
            assertThat(Processes.readPidFile(lock)).as("the lock is the new postmaster's").hasValue(pg.pid().orElseThrow());
        } finally {
            pg.stop();
            parent.destroyForcibly();
            pg.deleteFiles();
        }
    }
}
