package dev.fairbench.apps.nettyhello;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The server started in-process on a free port, spoken to over raw sockets so that every byte is seen. */
class HelloServerTest {
    /** An IMF-fixdate (RFC 9110 section 5.6.7), as a regular expression. */
    static final String DATE = "[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT";
    static final String HELLO = "HTTP/1.1 200 OK\r\ncontent-length: 13\r\ncontent-type: text/plain; charset=utf-8\r\n"
            + "date: " + DATE + "\r\n\r\nHello, World!";
    static final String NOT_FOUND = "HTTP/1.1 404 Not Found\r\ncontent-length: 9\r\n"
            + "content-type: text/plain; charset=utf-8\r\ndate: " + DATE + "\r\n\r\nNot Found";

    static HelloServer server;

    @BeforeAll
    static void start() throws InterruptedException {
        server = HelloServer.start(0, 1);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    @Test
    void helloIsTheExactBytesOnTheNativeTransport() throws IOException {
        assertThat(server.transport()).as("epoll loads on Linux x86_64").isEqualTo(HelloServer.Transport.EPOLL);
        try (Socket s = connect()) {
            send(s, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            String response = readResponse(s.getInputStream());
            assertThat(response).matches(HELLO).hasSize(130);
        }
    }

    @Test
    void anyOtherPathIsTheContractsNotFound() throws IOException {
        try (Socket s = connect()) {
            send(s, "GET /nothing-here HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(readResponse(s.getInputStream())).matches(NOT_FOUND);
        }
    }

    /** Two requests in one write, answered in order on the same socket, which then serves a third. */
    @Test
    void pipelinedRequestsOnOneKeptAliveSocket() throws IOException {
        try (Socket s = connect()) {
            send(s, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /hellox HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            InputStream in = s.getInputStream();
            assertThat(readResponse(in)).matches(HELLO);
            assertThat(readResponse(in)).matches(NOT_FOUND);
            send(s, "GET /hello?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(readResponse(in)).matches(HELLO);
        }
    }

    @Test
    void otherMethodsHeadAndTargetForms() throws IOException {
        try (Socket s = connect()) {
            InputStream in = s.getInputStream();
            send(s, "POST /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc");
            assertThat(readResponse(in)).matches("HTTP/1\\.1 405 Method Not Allowed\r\ncontent-length: 18\r\n"
                    + "content-type: text/plain; charset=utf-8\r\nallow: GET, HEAD\r\ndate: " + DATE
                    + "\r\n\r\nMethod Not Allowed");
            send(s, "HEAD /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(readHead(in)).as("the GET's head, no body").matches(HELLO.replace("Hello, World!", ""));
            send(s, "GET http://127.0.0.1:" + server.port() + "/hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(readResponse(in)).matches(HELLO);
            send(s, "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(readResponse(in)).matches(NOT_FOUND);
        }
    }

    @Test
    void connectionCloseIsAnsweredThenClosed() throws IOException {
        try (Socket s = connect()) {
            send(s, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            InputStream in = s.getInputStream();
            assertThat(readResponse(in)).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\nconnection: close\r\n")
                    .endsWith("\r\n\r\nHello, World!");
            assertThat(in.read()).as("end of stream").isEqualTo(-1);
        }
    }

    @Test
    void aRequestLineOverTheDecodersLimitIs414AndCloses() throws IOException {
        try (Socket s = connect()) {
            send(s, "GET /" + "a".repeat(5000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            InputStream in = s.getInputStream();
            assertThat(readResponse(in)).startsWith("HTTP/1.1 414 Request-URI Too Long\r\n")
                    .contains("\r\nconnection: close\r\n").endsWith("URI Too Long");
            assertThat(in.read()).isEqualTo(-1);
        }
    }

    @Test
    void aHeadThatTricklesInIsClosedWithinTwoSeconds() throws Exception {
        // taken before the connect: the server's clock for the head starts at its accept, which cannot come earlier
        long start = System.nanoTime();
        try (Socket s = connect()) {
            send(s, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: ");
            // A byte every 300 ms: never quiet long enough for a timeout between two reads to fire.
            Thread trickle = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        Thread.sleep(300);
                        send(s, "a");
                    }
                } catch (IOException | InterruptedException closed) {
                    // the server closed the connection, or the test ended
                }
            });
            int read;
            try {
                read = s.getInputStream().read();
            } catch (SocketException reset) {
                read = -1;
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            trickle.interrupt();
            assertThat(read).isEqualTo(-1);
            assertThat(millis).isBetween(1_500L, 2_400L);
        }
    }

    @Test
    void aKeptAliveConnectionWithRequestsIsNotClosed() throws IOException, InterruptedException {
        try (Socket s = connect()) {
            InputStream in = s.getInputStream();
            for (int i = 0; i < 8; i++) {
                send(s, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
                assertThat(readResponse(in)).matches(HELLO);
                Thread.sleep(350);
            }
        }
    }

    @Test
    void serveReadsPortAndWorkersAndNamesABadOne() throws InterruptedException {
        try (HelloServer two = HelloServer.serve(Map.of("PORT", "0", "WORKERS", "2"))) {
            assertThat(two.port()).isPositive().isNotEqualTo(server.port());
        }
        assertThatThrownBy(() -> HelloServer.serve(Map.of("WORKERS", "two")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("WORKERS is not a number: two");
        assertThatThrownBy(() -> HelloServer.serve(Map.of("PORT", "0", "WORKERS", "0")))
                .hasMessage("WORKERS must be at least 1: 0");
        assertThatThrownBy(() -> HelloServer.serve(Map.of("HOST", "localhost", "PORT", "0")))
                .hasMessage("HOST must be an IP literal such as 127.0.0.1 or ::1, not a name: localhost");
    }

    @Test
    void listensOnHostOnly() throws IOException, InterruptedException {
        try (HelloServer elsewhere = HelloServer.serve(Map.of("HOST", "127.0.0.2", "PORT", "0", "WORKERS", "1"))) {
            try (Socket s = new Socket("127.0.0.2", elsewhere.port())) {
                assertThat(s.isConnected()).isTrue();
            }
            assertThatThrownBy(() -> new Socket("127.0.0.1", elsewhere.port()).close())
                    .isInstanceOf(java.net.ConnectException.class);
        }
    }

    private static Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port());
        s.setSoTimeout(5_000);
        return s;
    }

    private static void send(Socket s, String request) throws IOException {
        s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    /** The head up to and with its blank line. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) throw new IOException("end of stream inside a head: " + head);
            head.write(b);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** One response: its head and exactly content-length bytes of body. */
    private static String readResponse(InputStream in) throws IOException {
        String head = readHead(in);
        int length = head.lines().filter(l -> l.toLowerCase().startsWith("content-length:"))
                .mapToInt(l -> Integer.parseInt(l.substring(l.indexOf(':') + 1).trim())).findFirst().orElseThrow();
        return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
