package dev.fairbench.runner;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;

/** The check that an app listens on {@code HOST} only: real listeners, on loopback and on every address. */
class VerifierHostCheckTest {

    @Test
    void aListenerOnTheLoopbackAddressOnlyPasses() throws Exception {
        try (ServerSocket app = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            assertThat(Verifier.listensOnHostOnly(app.getLocalPort())).isNull();
        }
    }

    @Test
    void aListenerOnEveryAddressIsNamed() throws Exception {
        try (ServerSocket app = new ServerSocket(0, 50, InetAddress.getByName("0.0.0.0"))) {
            assertThat(Verifier.listensOnHostOnly(app.getLocalPort()))
                    .isEqualTo("HOST: it answers on 127.0.0.2:" + app.getLocalPort()
                            + ", but must listen on HOST (127.0.0.1) only");
        }
    }
}
