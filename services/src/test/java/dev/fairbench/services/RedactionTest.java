package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Redaction and the URL helpers that carry passwords, without servers. */
class RedactionTest {
    @TempDir
    Path tmp;

    @Test
    void urlsWithoutPasswordsAndOrdinaryTextStayAsTheyAre() {
        for (String s : new String[] {"postgresql://fairbench@127.0.0.1:15432/fairbench", "redis://127.0.0.1:6379",
                "http://127.0.0.1:8080/post/a:b@c", "time 12:30 @home", ""}) {
            assertThat(Redaction.redact(s)).isEqualTo(s);
        }
        assertThat(Redaction.redact(null)).isNull();
    }

    @Test
    void everyPasswordOfAUrlOrParameterIsMasked() {
        assertThat(Redaction.redact("a redis://default:pw1@h:1 b postgres://u:pw2@h/d c"))
                .isEqualTo("a redis://default:***@h:1 b postgres://u:***@h/d c");
        assertThat(Redaction.redact("jdbc:postgresql://h/d?user=u&password=pw3")).isEqualTo(
                "jdbc:postgresql://h/d?user=u&password=***");
        Redaction.registerUrl("postgresql://u:registered-secret-1@h/d");
        assertThat(Redaction.redact("echo registered-secret-1")).isEqualTo("echo ***");
        Redaction.register("short");
        assertThat(Redaction.redact("a short word")).as("too short to register").isEqualTo("a short word");
    }

    @Test
    void proxiedUrlsKeepUserPasswordPathAndQuery() {
        assertThat(ServiceUrls.withAddress("redis://:p%40ss@127.0.0.1:16379/0", "127.0.0.1", 4000))
                .isEqualTo("redis://:p%40ss@127.0.0.1:4000/0");
        assertThat(ServiceUrls.withAddress("postgresql://u:p@db:5432/x?options=-c%20a%3Db", "127.0.0.1", 4001))
                .isEqualTo("postgresql://u:p@127.0.0.1:4001/x?options=-c%20a%3Db");
    }

    @Test
    void externalAppUrlsGetTheSearchPathOfSchemaFairbenchOnce() {
        assertThat(Services.withSearchPath("postgresql://u:p@db/x"))
                .isEqualTo("postgresql://u:p@db/x?options=-c%20search_path%3Dfairbench");
        assertThat(Services.withSearchPath("postgresql://u:p@db/x?sslmode=require"))
                .isEqualTo("postgresql://u:p@db/x?sslmode=require&options=-c%20search_path%3Dfairbench");
        assertThat(Services.withSearchPath("postgresql://u@db/x?options=-c%20search_path%3Dmine"))
                .as("the user's own options win").endsWith("search_path%3Dmine");
    }

    @Test
    void theServiceFoldersLeaveACheckoutTheServiceUserCannotReach() throws Exception {
        Path reachable = tmp.resolve(".fairbench");
        if (!ServiceUser.isRoot()) {
            assertThat(ServiceUser.serviceDir(reachable, "pg")).isEqualTo(reachable.resolve("pg"));
            return;
        }
        Path closed = Files.createDirectory(tmp.resolve("closed"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path moved = ServiceUser.serviceDir(closed.resolve(".fairbench"), "redis");
        assertThat(moved.startsWith(ServiceUser.ROOT_SERVICE_BASE)).as(moved.toString()).isTrue();
        assertThat(moved.getFileName().toString()).isEqualTo("redis");
        assertThat(ServiceUser.serviceDir(closed.resolve(".fairbench"), "redis")).as("stable").isEqualTo(moved);
    }
}
