package dev.fairbench.profile;

import dev.fairbench.apps.testsupport.TestServices;
import dev.fairbench.workload.data.DatabaseUrl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The PostgreSQL counter against a client written here byte by byte, so the sequence on the wire is known
 * exactly: extended-protocol statements each with its own Sync (what a pipelining driver such as the Vert.x client
 * sends), written all at once or one at a time, and simple-protocol Query messages written together.
 */
@Timeout(60)
class PgPipelineCountTest {
    private static DatabaseUrl db;

    @BeforeAll
    static void services() {
        db = DatabaseUrl.parse(TestServices.shared().postgresUrl());
    }

    @Test
    void threeSyncedStatementsInOneWriteAreThreeQueriesAndOneRoundTrip() throws Exception {
        try (CountingProxy proxy = CountingProxy.postgres(db.host(), db.port()); Client c = new Client(proxy.port())) {
            WireCounts before = proxy.counts();
            byte[] three = concat(extended("SELECT 1"), extended("SELECT 2"), extended("SELECT 3"));
            c.send(three);
            c.awaitReadyForQuery(3);
            WireCounts delta = proxy.counts().minus(before);
            assertThat(delta.queries()).isEqualTo(3);
            assertThat(delta.parses()).isEqualTo(3);
            assertThat(delta.readyForQuery()).isEqualTo(3);
            assertThat(delta.clientBursts()).isEqualTo(1);
            assertThat(delta.clientBytes()).isEqualTo(three.length);
        }
    }

    @Test
    void theSameStatementsWaitedForOneByOneAreThreeRoundTrips() throws Exception {
        try (CountingProxy proxy = CountingProxy.postgres(db.host(), db.port()); Client c = new Client(proxy.port())) {
            WireCounts before = proxy.counts();
            for (String sql : new String[] {"SELECT 1", "SELECT 2", "SELECT 3"}) {
                c.send(extended(sql));
                c.awaitReadyForQuery(1);
            }
            WireCounts delta = proxy.counts().minus(before);
            assertThat(delta.queries()).isEqualTo(3);
            assertThat(delta.readyForQuery()).isEqualTo(3);
            assertThat(delta.clientBursts()).isEqualTo(3);
        }
    }

    @Test
    void simpleQueriesWrittenTogetherShareOneBurst() throws Exception {
        try (CountingProxy proxy = CountingProxy.postgres(db.host(), db.port()); Client c = new Client(proxy.port())) {
            WireCounts before = proxy.counts();
            c.send(concat(simple("SELECT count(*) FROM posts"), simple("SELECT count(*) FROM tags")));
            c.awaitReadyForQuery(2);
            WireCounts delta = proxy.counts().minus(before);
            assertThat(delta.queries()).isEqualTo(2);
            assertThat(delta.parses()).isZero();
            assertThat(delta.readyForQuery()).isEqualTo(2);
            assertThat(delta.clientBursts()).isEqualTo(1);
        }
    }

    /** Parse, Bind, Execute and Sync of one unnamed statement without parameters. */
    private static byte[] extended(String sql) {
        byte[] text = (sql + "\0").getBytes(StandardCharsets.UTF_8);
        ByteBuffer parse = message('P', 1 + text.length + 2).put((byte) 0).put(text).putShort((short) 0);
        ByteBuffer bind = message('B', 1 + 1 + 2 + 2 + 2).put((byte) 0).put((byte) 0).putShort((short) 0)
                .putShort((short) 0).putShort((short) 0);
        ByteBuffer execute = message('E', 1 + 4).put((byte) 0).putInt(0);
        ByteBuffer sync = message('S', 0);
        return concat(parse.array(), bind.array(), execute.array(), sync.array());
    }

    private static byte[] simple(String sql) {
        byte[] text = (sql + "\0").getBytes(StandardCharsets.UTF_8);
        return message('Q', text.length).put(text).array();
    }

    private static ByteBuffer message(char type, int bodyBytes) {
        return ByteBuffer.allocate(1 + 4 + bodyBytes).put((byte) type).putInt(4 + bodyBytes);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** A protocol v3 session on a socket: startup with SCRAM authentication, then raw messages. */
    private static final class Client implements AutoCloseable {
        private final Socket socket;
        private final DataInputStream in;
        private final OutputStream out;

        Client(int port) throws IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout(20_000);
            in = new DataInputStream(socket.getInputStream());
            out = socket.getOutputStream();
            byte[] params = ("user\0" + db.user() + "\0database\0" + db.database() + "\0\0")
                    .getBytes(StandardCharsets.UTF_8);
            send(ByteBuffer.allocate(8 + params.length).putInt(8 + params.length).putInt(196_608).put(params).array());
            ScramAuth.authenticate(in, out, db.password());
            awaitReadyForQuery(1);
        }

        void send(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** Reads server messages until {@code n} ReadyForQuery arrived; fails on an ErrorResponse. */
        void awaitReadyForQuery(int n) throws IOException {
            int seen = 0;
            while (seen < n) {
                byte type = in.readByte();
                byte[] body = new byte[in.readInt() - 4];
                in.readFully(body);
                if (type == 'E') throw new IOException("server error: " + new String(body, StandardCharsets.UTF_8));
                if (type == 'Z') seen++;
            }
        }

        @Override
        public void close() throws IOException {
            out.write(message('X', 0).array());
            socket.close();
        }
    }
}
