package dev.fairbench.profile;

import dev.fairbench.apps.testsupport.TestServices;
import dev.fairbench.workload.data.DatabaseUrl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/** The proxies against a real PostgreSQL and Redis, with pgjdbc as the known client. */
class CountingProxyTest {
    private static TestServices services;

    @BeforeAll
    static void startServices() {
        services = TestServices.shared();
    }

    private static Connection connect(CountingProxy proxy, String queryMode) throws Exception {
        DatabaseUrl db = DatabaseUrl.parse(services.seedPostgresUrl());
        Properties props = new Properties();
        props.setProperty("user", db.user());
        props.setProperty("password", db.password());
        props.setProperty("preferQueryMode", queryMode);
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + db.database(), props);
    }

    @Test
    void extendedProtocolQueriesCostOneRoundTripEach() throws Exception {
        DatabaseUrl db = DatabaseUrl.parse(services.seedPostgresUrl());
        try (CountingProxy proxy = CountingProxy.postgres(db.host(), db.port());
             Connection c = connect(proxy, "extended")) {
            WireCounts before = proxy.counts();
            long sum = 0;
            for (int i = 1; i <= 3; i++) {
                try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM comments WHERE post_id = ?")) {
                    ps.setInt(1, i);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        sum += rs.getLong(1);
                    }
                }
            }
            WireCounts delta = proxy.counts().minus(before);
            assertThat(sum).isPositive();
            assertThat(delta.queries()).isEqualTo(3);
            assertThat(delta.readyForQuery()).isEqualTo(3);
            assertThat(delta.clientBursts()).isEqualTo(3);
        }
    }

    @Test
    void simpleProtocolQueriesAreCountedToo() throws Exception {
        DatabaseUrl db = DatabaseUrl.parse(services.seedPostgresUrl());
        try (CountingProxy proxy = CountingProxy.postgres(db.host(), db.port());
             Connection c = connect(proxy, "simple"); Statement s = c.createStatement()) {
            WireCounts before = proxy.counts();
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM posts")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(1_000);
            }
            s.executeQuery("SELECT 1").close();
            WireCounts delta = proxy.counts().minus(before);
            assertThat(delta.queries()).isEqualTo(2);
            assertThat(delta.parses()).isZero();
            assertThat(delta.readyForQuery()).isEqualTo(2);
            assertThat(delta.clientBursts()).isEqualTo(2);
        }
    }

    @Test
    void aPipelinedBatchSharesOneSynchronisationAndFewerBursts() throws Exception {
        DatabaseUrl db = DatabaseUrl.parse(services.seedPostgresUrl());
        try (CountingProxy proxy = CountingProxy.postgres(db.host(), db.port());
             Connection c = connect(proxy, "extended")) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMP TABLE t (x int)");
            }
            WireCounts before = proxy.counts();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?)")) {
                for (int i = 0; i < 8; i++) {
                    ps.setInt(1, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            WireCounts delta = proxy.counts().minus(before);
            c.rollback();
            assertThat(delta.queries()).isEqualTo(8);
            assertThat(delta.readyForQuery()).isEqualTo(1);
            assertThat(delta.clientBursts()).isLessThan(delta.queries());
        }
    }

    @Test
    void proxiedBytesAreUnchanged() throws Exception {
        DatabaseUrl db = DatabaseUrl.parse(services.seedPostgresUrl());
        String viaProxy, direct;
        try (CountingProxy proxy = CountingProxy.postgres(db.host(), db.port());
             Connection c = connect(proxy, "extended"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT string_agg(body, '|' ORDER BY id) FROM comments WHERE post_id < 50")) {
            rs.next();
            viaProxy = rs.getString(1);
        }
        Properties props = new Properties();
        props.setProperty("user", db.user());
        props.setProperty("password", db.password());
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), props); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT string_agg(body, '|' ORDER BY id) FROM comments WHERE post_id < 50")) {
            rs.next();
            direct = rs.getString(1);
        }
        assertThat(viaProxy).isEqualTo(direct).contains("<script>");
    }

    @Test
    void redisCommandsAndBursts() throws Exception {
        URI redis = URI.create(services.redisUrl());
        try (CountingProxy proxy = CountingProxy.redis(redis.getHost(), redis.getPort());
             Socket socket = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            WireWindowTest.auth(socket, services);
            // Three pipelined commands in one write, then one more after the replies.
            out.write(("*3\r\n$3\r\nSET\r\n$6\r\nfb:cpt\r\n$2\r\nhi\r\n*2\r\n$3\r\nGET\r\n$6\r\nfb:cpt\r\n"
                    + "*2\r\n$3\r\nDEL\r\n$6\r\nfb:cpt\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String replies = readUntil(in, ":1\r\n");
            assertThat(replies).isEqualTo("+OK\r\n$2\r\nhi\r\n:1\r\n");
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(readUntil(in, "+PONG\r\n")).isEqualTo("+PONG\r\n");
            WireCounts counts = proxy.counts();
            assertThat(counts.queries()).as("AUTH and the four").isEqualTo(5);
            assertThat(counts.clientBursts()).isEqualTo(3);
        }
    }

    private static String readUntil(InputStream in, String end) throws Exception {
        StringBuilder got = new StringBuilder();
        while (!got.toString().endsWith(end)) {
            int b = in.read();
            if (b < 0) break;
            got.append((char) b);
        }
        return got.toString();
    }
}
