package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Seeder;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Nobody else gets in: real embedded PostgreSQL and Redis on ports 21436/21383, probed as a local stranger would,
 * without the passwords, and as the apps' role, which must not write.
 */
@Timeout(120)
class SecurityTest {
    static final ServiceOptions OPTIONS = ServiceOptions.defaults().withPorts(21436, 21383);
    static final Services SERVICES = new Services(OPTIONS);

    @BeforeAll
    static void start() {
        SERVICES.start();
        Services.ensureSeeded(SERVICES.urls().seedPostgresUrl());
    }

    @AfterAll
    static void stop() {
        SERVICES.stop();
    }

    @Test
    void redisRefusesClientsWithoutThePasswordAndHasNoConfigOrModuleCommand() throws Exception {
        EmbeddedRedis redis = SERVICES.redis();
        assertThat(send(redis.port(), "PING\r\n")).startsWith("-NOAUTH");
        assertThat(send(redis.port(), "AUTH wrong-password\r\n")).startsWith("-WRONGPASS");
        String authed = send(redis.port(), "AUTH " + redis.password() + "\r\nCONFIG SET dir /tmp\r\n"
                + "MODULE LOAD /tmp/x.so\r\nDEBUG SLEEP 0\r\nPING\r\n");
        assertThat(authed).startsWith("+OK\r\n").contains("unknown command `CONFIG`", "unknown command `MODULE`",
                "unknown command `DEBUG`").endsWith("+PONG\r\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(redis.passwordFile())))
                .isEqualTo("rw-------");
        assertThat(Files.readString(Path.of("/proc", Long.toString(redis.pid().orElseThrow()), "cmdline")))
                .as("the password is not in the server's argv").doesNotContain(redis.password());
    }

    @Test
    void whenRootBothServersRunAsTheServiceUser() throws Exception {
        if (!ServiceUser.isRoot()) return;
        for (long pid : new long[] {SERVICES.redis().pid().orElseThrow(), SERVICES.postgres().pid().orElseThrow()}) {
            String owner = Files.getOwner(Path.of("/proc", Long.toString(pid))).getName();
            assertThat(owner).as("owner of pid %d", pid).isEqualTo(ServiceUser.NAME);
        }
    }

    @Test
    void postgresRefusesConnectionsWithoutThePassword() {
        DatabaseUrl owner = DatabaseUrl.parse(SERVICES.urls().seedPostgresUrl());
        Properties noPassword = new Properties();
        noPassword.setProperty("user", owner.user());
        assertThatThrownBy(() -> DriverManager.getConnection(owner.jdbcUrl(), noPassword).close())
                .isInstanceOf(SQLException.class).hasMessageContaining("password");
        Properties wrong = new Properties();
        wrong.setProperty("user", "postgres");
        wrong.setProperty("password", "postgres");
        assertThatThrownBy(() -> DriverManager.getConnection(owner.jdbcUrl(), wrong).close())
                .isInstanceOf(SQLException.class);
    }

    @Test
    void theAppRoleReadsTheTablesButCannotWriteOrCreate() throws Exception {
        DatabaseUrl app = DatabaseUrl.parse(SERVICES.urls().postgresUrl());
        assertThat(app.user()).isEqualTo(EmbeddedPostgres.APP_ROLE);
        try (Connection c = DriverManager.getConnection(app.jdbcUrl(), credentials(app));
             Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM posts")) {
                rs.next();
                assertThat(rs.getInt(1)).as("unqualified names find schema fairbench").isEqualTo(1000);
            }
            for (String write : new String[] {"DELETE FROM comments", "UPDATE posts SET title = 'x'",
                    "INSERT INTO tags (id, slug, name) VALUES (999, 'x', 'x')", "DROP TABLE comments",
                    "CREATE TABLE public.mine (id int)", "CREATE TABLE fairbench.mine (id int)",
                    "COPY posts TO PROGRAM 'id'"}) {
                assertThatThrownBy(() -> s.execute(write)).as(write).isInstanceOf(SQLException.class)
                        .hasMessageMatching("(?s).*(permission denied|must be owner).*");
            }
        }
    }

    @Test
    void aForeignObjectInTheSchemaIsRefusedWithoutDroppingAnything() throws Exception {
        String ownerUrl = SERVICES.urls().seedPostgresUrl();
        exec(ownerUrl, "CREATE TABLE fairbench.someone_elses (id int)");
        try {
            assertThatThrownBy(() -> Services.seed(ownerUrl)).isInstanceOf(ServiceException.class)
                    .hasMessageContaining("someone_elses").hasMessageNotContaining("\n");
            assertThat(ServicesTest.queryInt(ownerUrl, "SELECT count(*) FROM fairbench.someone_elses")).isZero();
            assertThat(ServicesTest.queryInt(ownerUrl, "SELECT count(*) FROM posts")).as("nothing dropped")
                    .isEqualTo(1000);
        } finally {
            exec(ownerUrl, "DROP TABLE fairbench.someone_elses");
        }
    }

    @Test
    void onAnotherDatabaseTheFairbenchSchemaOfSomeoneElseIsRefusedAndPublicLeftAlone() throws Exception {
        String ownerUrl = SERVICES.urls().seedPostgresUrl();
        exec(ownerUrl, "DROP DATABASE IF EXISTS shared");
        exec(ownerUrl, "CREATE DATABASE shared");
        String shared = ownerUrl.substring(0, ownerUrl.lastIndexOf('/')) + "/shared";
        exec(shared, "CREATE TABLE public.posts (id int)");
        exec(shared, "INSERT INTO public.posts VALUES (7)");
        Services.seed(shared);
        assertThat(ServicesTest.queryInt(shared, "SELECT id FROM public.posts")).as("public.posts untouched")
                .isEqualTo(7);
        assertThat(ServicesTest.queryInt(shared, "SELECT count(*) FROM fairbench.posts")).isEqualTo(1000);

        exec(shared, "DROP SCHEMA fairbench CASCADE");
        exec(shared, "CREATE SCHEMA fairbench");
        exec(shared, "CREATE TABLE fairbench.posts (id int)");
        assertThatThrownBy(() -> Services.seed(shared)).isInstanceOf(ServiceException.class)
                .hasMessageContaining("posts").hasMessageContaining("refusing");
        assertThat(ServicesTest.queryInt(shared, "SELECT count(*) FROM fairbench.posts")).as("not dropped").isZero();
    }

    @Test
    void urlsAndMessagesAreRedacted() {
        String redis = SERVICES.urls().redisUrl();
        String pg = SERVICES.urls().postgresUrl();
        assertThat(Redaction.redact(redis)).isEqualTo("redis://:***@127.0.0.1:21383");
        assertThat(Redaction.redact("cannot reach " + pg + " now")).isEqualTo(
                "cannot reach postgresql://fairbench_app:***@127.0.0.1:21436/fairbench now");
        assertThat(Redaction.redact("AUTH " + SERVICES.redis().password())).isEqualTo("AUTH ***");
        assertThat(Redaction.redact("--pg-url postgresql://u:s3cr%40t@db:5432/x?sslmode=require&password=p2"))
                .isEqualTo("--pg-url postgresql://u:***@db:5432/x?sslmode=require&password=***");
        assertThat(SERVICES.status()).allSatisfy(s -> assertThat(s.url()).contains(":***@"));
    }

    private static Properties credentials(DatabaseUrl url) {
        Properties p = new Properties();
        p.setProperty("user", url.user());
        p.setProperty("password", url.password());
        return p;
    }

    private static void exec(String url, String sql) throws SQLException {
        try (Connection c = Seeder.connect(DatabaseUrl.parse(url)); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Sends raw RESP to Redis and returns what arrives within half a second. */
    private static String send(int port, String commands) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            out.write(commands.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder reply = new StringBuilder();
            byte[] buf = new byte[4096];
            try {
                for (int n; (n = in.read(buf)) > 0; ) reply.append(new String(buf, 0, n, StandardCharsets.US_ASCII));
            } catch (java.net.SocketTimeoutException enough) {
                // everything answered has arrived
            }
            return reply.toString();
        }
    }
}
