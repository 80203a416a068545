package dev.fairbench.profile;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The counters give the same counts however TCP splits the stream. */
class WireCounterPropertiesTest {

    @Property(tries = 200, seed = "42")
    void postgresCountsDoNotDependOnChunking(@ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 50) Integer> cuts) {
        byte[] clientStream = concat(
                startup(80877103, 0),            // SSLRequest: the server answers one byte 'N'
                startup(196608, 30),             // StartupMessage v3
                message('P', 40), message('B', 20), message('D', 6), message('E', 9), message('S', 0),
                message('P', 40), message('B', 20), message('E', 9), message('S', 0),
                message('Q', 25), message('X', 0));
        byte[] serverStream = concat(new byte[] {'N'},
                message('R', 4), message('S', 20), message('K', 8), message('Z', 1),   // auth ok … ready
                message('1', 0), message('2', 0), message('D', 30), message('C', 12), message('Z', 1),
                message('2', 0), message('C', 12), message('Z', 1),
                message('T', 30), message('D', 10), message('C', 10), message('Z', 1));
        WireTally tally = new WireTally();
        PgWireCounter counter = new PgWireCounter(tally);
        // Server bytes before client bytes of the next exchange, as on a real connection.
        feed(counter::fromClient, slice(clientStream, 0, 8), cuts);
        feed(counter::fromServer, slice(serverStream, 0, 1), cuts);
        int startupEnd = 8 + 4 + 4 + 30;
        feed(counter::fromClient, slice(clientStream, 8, startupEnd), cuts);
        int authEnd = 1 + 4 * 5 + 4 + 20 + 5 + 8 + 5 + 1 + 5;
        feed(counter::fromServer, slice(serverStream, 1, authEnd), cuts);
        feed(counter::fromClient, slice(clientStream, startupEnd, clientStream.length), cuts);
        feed(counter::fromServer, slice(serverStream, authEnd, serverStream.length), cuts);

        WireCounts counts = tally.snapshot();
        assertThat(counts.parses()).isEqualTo(2);
        assertThat(counts.queries()).isEqualTo(3);          // two Execute, one simple Query
        assertThat(counts.readyForQuery()).isEqualTo(3);    // the first one, after authentication, is not counted
        assertThat(counts.clientBursts()).isEqualTo(1);     // everything after authentication was sent at once
    }

    @Property(tries = 200, seed = "42")
    void redisCountsDoNotDependOnChunking(@ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 30) Integer> cuts) {
        String commands = "*2\r\n$3\r\nGET\r\n$16\r\npage:GET:/cached\r\n"
                + "*5\r\n$3\r\nSET\r\n$3\r\nk\r\n\r\n$4\r\n\r\n\r\n\r\n$2\r\nEX\r\n$2\r\n60\r\n"
                + "PING\r\n";
        WireTally tally = new WireTally();
        RedisWireCounter counter = new RedisWireCounter(tally);
        feed(counter::fromClient, commands.getBytes(StandardCharsets.UTF_8), cuts);
        assertThat(tally.snapshot().queries()).isEqualTo(3);
        assertThat(tally.snapshot().clientBursts()).isEqualTo(1);
        counter.fromServer(ByteBuffer.wrap("+PONG\r\n".getBytes(StandardCharsets.UTF_8)));
        counter.fromClient(ByteBuffer.wrap("PING\r\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(tally.snapshot().clientBursts()).isEqualTo(2);
    }

    private static void feed(java.util.function.Consumer<ByteBuffer> sink, byte[] bytes, List<Integer> cuts) {
        int at = 0, i = 0;
        while (at < bytes.length) {
            int n = Math.min(cuts.get(i++ % cuts.size()), bytes.length - at);
            sink.accept(ByteBuffer.wrap(bytes, at, n).slice());
            at += n;
        }
    }

    private static byte[] startup(int code, int extraBytes) {
        ByteBuffer b = ByteBuffer.allocate(8 + extraBytes);
        b.putInt(8 + extraBytes).putInt(code);
        return b.array();
    }

    private static byte[] message(char type, int bodyBytes) {
        ByteBuffer b = ByteBuffer.allocate(5 + bodyBytes);
        b.put((byte) type).putInt(4 + bodyBytes);
        return b.array();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    private static byte[] slice(byte[] bytes, int from, int to) {
        return java.util.Arrays.copyOfRange(bytes, from, to);
    }
}
