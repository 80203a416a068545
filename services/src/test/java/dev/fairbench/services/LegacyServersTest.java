package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A Redis left running without a password by an older fairbench is replaced by one that requires it. */
@Timeout(60)
class LegacyServersTest {
    @Test
    void anOpenRedisOfTheOldLayoutIsStoppedAndReplaced() throws Exception {
        Path dataDir = ServiceOptions.defaults().dataDir();
        EmbeddedRedis redis = new EmbeddedRedis(dataDir, 21385);
        Path base = ServiceUser.serviceDir(dataDir, "redis");
        ServiceUser.ensureDir(base);
        Archives.copyExecutableOnce("/redis-server-6.2.6-v5-linux-amd64", redis.binary());
        Path legacyPid = base.resolve("redis-21385.pid");
        List<String> old = List.of(redis.binary().toString(), "--bind", "127.0.0.1", "--port", "21385",
                "--save", "", "--daemonize", "yes", "--pidfile", legacyPid.toString());
        assertThat(Processes.run(old, base.resolve("legacy-test.log"), Duration.ofSeconds(10))).isZero();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (Processes.readPidFile(legacyPid).isEmpty() && System.nanoTime() < deadline) Thread.sleep(20);
        long oldPid = Processes.readPidFile(legacyPid).orElseThrow();
        try {
            assertThat(redis.start()).isTrue();
            assertThat(Processes.isAlive(oldPid)).isFalse();
            assertThat(Files.exists(legacyPid)).isFalse();
            assertThat(redis.ping()).as("the new server answers with the password").isTrue();
        } finally {
            redis.stop();
            Processes.kill(oldPid);
            redis.deleteFiles();
        }
    }
}
