package dev.fairbench.profile;

import dev.fairbench.apps.testsupport.TestServices;
import dev.fairbench.loadgen.Progress;
import dev.fairbench.workload.data.DatabaseUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The steady span of a window, with real Redis traffic through a proxy and progress callbacks given by hand. */
@Timeout(60)
class WireWindowTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void countsBetweenTheFirstAndTheLastMidRunSnapshot() throws Exception {
        TestServices services = TestServices.shared();
        DatabaseUrl db = DatabaseUrl.parse(services.postgresUrl());
        URI redisUri = URI.create(services.redisUrl());
        try (CountingProxy pg = CountingProxy.postgres(db.host(), db.port());
             CountingProxy redis = CountingProxy.redis(redisUri.getHost(), redisUri.getPort());
             Socket s = new Socket(InetAddress.getLoopbackAddress(), redis.port())) {
            auth(s, services);
            WireWindow window = new WireWindow(pg, redis, 4 * SECOND);
            ping(s, 3);
            window.progress(new Progress(SECOND, 10, 10, 0, 0));
            ping(s, 6);
            window.progress(new Progress(2 * SECOND, 13, 6.5, 0, 0));
            ping(s, 2);
            window.progress(new Progress(3 * SECOND, 16, 5.3, 0, 0));
            // Traffic after the last mid-run snapshot (the hang-up) and the final callback do not count.
            ping(s, 50);
            window.progress(new Progress(4 * SECOND, 40, 10, 0, 0));

            WireWindow.Span span = window.finish(45);
            assertThat(span.steady()).isTrue();
            assertThat(span.requests()).isEqualTo(6);
            assertThat(span.redis().queries()).isEqualTo(8);
            assertThat(span.redis().clientBursts()).isEqualTo(8);
            assertThat(span.postgres().queries()).isZero();
            assertThat(span.perRequest(span.redis().queries())).isEqualTo(8 / 6.0);
        }
    }

    @Test
    void aShortWindowCountsFromStartToFinish() throws Exception {
        TestServices services = TestServices.shared();
        DatabaseUrl db = DatabaseUrl.parse(services.postgresUrl());
        URI redisUri = URI.create(services.redisUrl());
        try (CountingProxy pg = CountingProxy.postgres(db.host(), db.port());
             CountingProxy redis = CountingProxy.redis(redisUri.getHost(), redisUri.getPort());
             Socket s = new Socket(InetAddress.getLoopbackAddress(), redis.port())) {
            auth(s, services);
            WireWindow window = new WireWindow(pg, redis, 2 * SECOND);
            ping(s, 4);
            window.progress(new Progress(SECOND, 4, 4, 0, 0));
            ping(s, 3);
            window.progress(new Progress(2 * SECOND, 7, 3.5, 0, 0));

            WireWindow.Span span = window.finish(8);
            assertThat(span.steady()).isFalse();
            assertThat(span.requests()).isEqualTo(8);
            assertThat(span.redis().queries()).isEqualTo(7);
        }
    }

    /** {@code AUTH} with the password of the test Redis (from its URL, {@code redis://:<password>@…}). */
    static void auth(Socket s, TestServices services) throws Exception {
        String password = URI.create(services.redisUrl()).getUserInfo().substring(1);
        s.getOutputStream().write(("AUTH " + password + "\r\n").getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        assertThat(new String(s.getInputStream().readNBytes(5), StandardCharsets.US_ASCII)).isEqualTo("+OK\r\n");
    }

    /** Sends {@code n} PINGs one at a time, each after the previous reply. */
    private static void ping(Socket s, int n) throws Exception {
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        for (int i = 0; i < n; i++) {
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] reply = in.readNBytes(7);
            assertThat(new String(reply, StandardCharsets.US_ASCII)).isEqualTo("+PONG\r\n");
        }
    }
}
