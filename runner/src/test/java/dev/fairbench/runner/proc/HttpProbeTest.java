package dev.fairbench.runner.proc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The readiness probe against hostile loopback servers: it fails fast with a clear message. */
@Timeout(10)
class HttpProbeTest {

    /** Accepts one connection, reads a little of the request, then runs {@code answer} on its output. */
    private interface Answer {
        void write(OutputStream out) throws IOException, InterruptedException;
    }

    private static ServerSocket serve(Answer answer) throws IOException {
        ServerSocket server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                in.read(new byte[256]);
                answer.write(out);
            } catch (IOException | InterruptedException e) {
                // the probe gave up or the test closed the server
            }
        }, "hostile-probe-server");
        t.setDaemon(true);
        t.start();
        return server;
    }

    @Test
    void endlessStatusLineHitsTheLimit() throws Exception {
        try (ServerSocket server = serve(out -> {
            out.write("HTTP/1.1 200 ".getBytes(StandardCharsets.US_ASCII));
            byte[] filler = "x".repeat(1024).getBytes(StandardCharsets.US_ASCII);
            while (true) out.write(filler);
        })) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> HttpProbe.status(server.getLocalPort(), "/", 5_000))
                    .isInstanceOf(IOException.class).hasMessageContaining("status line longer than");
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(3_000);
        }
    }

    @Test
    void stalledStatusLineHitsTheDeadline() throws Exception {
        try (ServerSocket server = serve(out -> {
            out.write("HTTP/1.1 2".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(60_000);
        })) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> HttpProbe.status(server.getLocalPort(), "/", 500))
                    .isInstanceOf(IOException.class).hasMessageContaining("within 500 ms");
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(400L, 2_000L);
        }
    }

    @Test
    void tricklingStatusLineHitsTheTotalDeadline() throws Exception {
        try (ServerSocket server = serve(out -> {
            while (true) {
                out.write('H');
                out.flush();
                Thread.sleep(20);
            }
        })) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> HttpProbe.status(server.getLocalPort(), "/", 500))
                    .isInstanceOf(IOException.class).hasMessageContaining("within 500 ms");
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(400L, 2_000L);
        }
    }

    @Test
    void readsTheStatusOfAnHonestServer() throws Exception {
        try (ServerSocket server = serve(out -> out.write(
                "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII)))) {
            assertThat(HttpProbe.status(server.getLocalPort(), "/ready", 2_000)).isEqualTo(503);
        }
    }

    @Test
    void aPathTooLongToBeWrittenWithoutWaitingIsRefusedBeforeConnecting() {
        assertThatThrownBy(() -> HttpProbe.status(1, "/" + "a".repeat(HttpProbe.MAX_PATH_BYTES), 500))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("longer than 1024 bytes");
    }
}
