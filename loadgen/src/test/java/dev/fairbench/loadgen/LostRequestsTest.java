package dev.fairbench.loadgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** A connection dropped under N pipelined requests counts N lost requests, not one error. */
@Timeout(30)
class LostRequestsTest {
    private static final int PIPELINE = 8;

    @Test
    void droppedConnectionCountsEveryPipelinedRequest() throws Exception {
        try (DropOnceServer server = new DropOnceServer(PIPELINE)) {
            LoadSpec spec = LoadSpec.closedLoop(URI.create("http://127.0.0.1:" + server.port() + "/"), 1, 1,
                    Duration.ofMillis(600)).withPipeline(PIPELINE);
            LoadResult r = LoadGenerator.run(spec, null);
            assertThat(server.dropped()).isTrue();
            assertThat(r.requestsCompleted()).isZero();
            assertThat(r.readErrors()).isEqualTo(PIPELINE);
            assertThat(r.errors()).isEqualTo(PIPELINE);
        }
    }

    /**
     * Loopback server that never answers: the first connection that receives {@code n} complete requests is closed
     * (FIN) with all of them outstanding; every later connection is read and left open.
     */
    private static final class DropOnceServer implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        private final AtomicBoolean dropped = new AtomicBoolean();
        private final int n;

        DropOnceServer(int n) throws IOException {
            this.n = n;
            Thread acceptor = new Thread(this::accept, "drop-once-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return server.getLocalPort();
        }

        boolean dropped() {
            return dropped.get();
        }

        private void accept() {
            try {
                while (true) {
                    Socket s = server.accept();
                    sockets.add(s);
                    Thread t = new Thread(() -> serve(s), "drop-once-conn");
                    t.setDaemon(true);
                    t.start();
                }
            } catch (IOException closed) {
                // server closed
            }
        }

        private void serve(Socket s) {
            try (InputStream in = s.getInputStream()) {
                int requests = 0;
                int matched = 0;
                byte[] end = {'\r', '\n', '\r', '\n'};
                int b;
                while ((b = in.read()) >= 0) {
                    matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
                    if (matched == 4) {
                        matched = 0;
                        if (++requests == n && dropped.compareAndSet(false, true)) {
                            s.close();
                            return;
                        }
                    }
                }
            } catch (IOException e) {
                // closed by the client or by close()
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket s : sockets) {
                s.close();
            }
        }
    }
}
