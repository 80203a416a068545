package dev.fairbench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fairbench.workload.data.DatabaseUrl;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real embedded servers served on another loopback address ({@link Services#serve(ServiceOptions)}) on ports
 * 21452/21399 of their own: reachable there and only there, PostgreSQL letting in exactly the allowed clients, and
 * nothing of it left in the cluster for the next start on 127.0.0.1.
 */
@Timeout(180)
class ServeTest {
    static final ServiceOptions LOCAL = ServiceOptions.defaults().withPorts(21452, 21399);
    static final ServiceOptions SERVED = LOCAL.withListen("127.0.0.2", List.of("127.0.0.3/32"));

    @AfterEach
    void deleteEverything() {
        Services services = new Services(LOCAL);
        services.stop();
        services.postgres().deleteFiles();
        services.redis().deleteFiles();
    }

    @Test
    void servedServersAnswerOnTheirAddressOnlyAndLetInTheAllowedClients() throws Exception {
        long postmaster;
        long redis;
        try (RunningServices served = Services.serve(SERVED)) {
            postmaster = served.postgresPid().orElseThrow();
            redis = served.redisPid().orElseThrow();
            assertThat(served.postgresUrl()).contains("@127.0.0.2:21452/");
            assertThat(served.seedPostgresUrl()).contains("@127.0.0.2:21452/");
            assertThat(served.redisUrl()).endsWith("@127.0.0.2:21399");

            assertThat(selectOne(served.postgresUrl(), "127.0.0.3")).as("an allowed client").isEqualTo(1);
            assertThat(selectOne(served.seedPostgresUrl(), "127.0.0.2")).as("the host itself").isEqualTo(1);
            assertThatThrownBy(() -> selectOne(served.postgresUrl(), "127.0.0.4")).isInstanceOf(SQLException.class)
                    .hasMessageContaining("no pg_hba.conf entry").hasMessageContaining("127.0.0.4");
            assertThat(redisPing(served.redisUrl())).isEqualTo("+OK\r\n+PONG\r\n");

            assertThat(refused("127.0.0.1", 21452)).as("PostgreSQL on 127.0.0.1").isTrue();
            assertThat(refused("127.0.0.1", 21399)).as("Redis on 127.0.0.1").isTrue();
        }
        assertThat(Processes.isAlive(postmaster)).as("postmaster %d stopped", postmaster).isFalse();
        assertThat(Processes.isAlive(redis)).as("redis %d stopped", redis).isFalse();

        try (RunningServices local = Services.ensureRunning(LOCAL)) {
            assertThat(local.postgresUrl()).contains("@127.0.0.1:21452/");
            assertThat(selectOne(local.postgresUrl(), "127.0.0.1")).isEqualTo(1);
            assertThat(redisPing(local.redisUrl())).isEqualTo("+OK\r\n+PONG\r\n");
            assertThat(refused("127.0.0.2", 21452)).as("the next start is on loopback only again").isTrue();
            assertThat(refused("127.0.0.2", 21399)).isTrue();
            assertThat(Files.readString(Path.of("/proc", Long.toString(local.postgresPid().orElseThrow()), "cmdline")))
                    .doesNotContain("hba_file", "listen_addresses");
        }
    }

    @Test
    void aServerAlreadyOnThePortIsAnErrorNotBorrowed() {
        try (RunningServices local = Services.ensureRunning(LOCAL)) {
            long postmaster = local.postgresPid().orElseThrow();
            assertThatThrownBy(() -> Services.serve(SERVED)).isInstanceOf(ServiceException.class)
                    .hasMessageContaining("PostgreSQL already runs on port 21452 (pid " + postmaster + ")")
                    .hasMessageContaining("--pg-port").hasMessageNotContaining("\n");
            assertThat(local.postgresPid()).as("the running server is left alone").hasValue(postmaster);
            assertThat(local.redisPid()).isPresent();
        }
        assertThatThrownBy(() -> Services.serve(SERVED.withUrls("postgresql://u:p@db:5432/x", null)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** {@code fairbench services start} does not take an address, but the API's detached start honours one too. */
    @Test
    void aDetachedStartListensOnTheGivenAddress() throws Exception {
        Services services = new Services(SERVED);
        services.start();
        try {
            assertThat(selectOne(services.urls().postgresUrl(), "127.0.0.3")).isEqualTo(1);
            assertThat(redisPing(services.urls().redisUrl())).isEqualTo("+OK\r\n+PONG\r\n");
            assertThat(refused("127.0.0.1", 21452)).isTrue();
        } finally {
            services.stop();
        }
    }

    /** {@code SELECT 1} through {@code url}, the client side bound to {@code from}. */
    static int selectOne(String url, String from) throws SQLException {
        DatabaseUrl db = DatabaseUrl.parse(url);
        Properties p = new Properties();
        p.setProperty("user", db.user());
        p.setProperty("password", db.password());
        p.setProperty("localSocketAddress", from);
        p.setProperty("connectTimeout", "5");
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), p); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** What Redis at {@code url} answers to {@code AUTH} with the URL's password and {@code PING}. */
    static String redisPing(String url) throws IOException {
        URI uri = URI.create(url);
        String password = uri.getUserInfo().substring(1);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(2000);
            OutputStream out = socket.getOutputStream();
            out.write(("AUTH " + password + "\r\nPING\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes("+OK\r\n+PONG\r\n".length()), StandardCharsets.US_ASCII);
        }
    }

    /** Whether a TCP connection to {@code host:port} is refused (nothing listens there). */
    static boolean refused(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2000);
            return false;
        } catch (ConnectException e) {
            return true;
        }
    }
}
