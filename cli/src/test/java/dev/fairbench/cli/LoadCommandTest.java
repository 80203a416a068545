package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fairbench.loadgen.LoadException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code fairbench load} in-process against a small keep-alive server on a loopback port chosen by the kernel. */
@Timeout(60)
class LoadCommandTest {
    private static ServerSocket server;
    private static final AtomicLong requests = new AtomicLong();

    record Result(int exitCode, String out, String err) {
    }

    static Result run(String... args) {
        CommandLine cl = Fairbench.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exitCode = cl.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    @BeforeAll
    static void startServer() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Thread.ofPlatform().daemon().start(() -> serve(socket));
                } catch (IOException e) {
                    return;
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private static void serve(Socket socket) {
        byte[] response = "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\nHello, World!"
                .getBytes(StandardCharsets.US_ASCII);
        try (socket) {
            socket.setTcpNoDelay(true);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.ISO_8859_1));
            OutputStream out = socket.getOutputStream();
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) {
                    requests.incrementAndGet();
                    out.write(response);
                    out.flush();
                }
            }
        } catch (IOException e) {
            // client gone
        }
    }

    @AfterAll
    static void stopServer() throws IOException {
        server.close();
    }

    private static String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/hello";
    }

    @Test
    void runsAndPrintsJsonWithHlog(@TempDir Path dir) throws Exception {
        Path hlog = dir.resolve("run.hlog");
        Result r = run("load", url(), "-c", "2", "-t", "1", "-d", "400ms", "-R", "500", "--format", "json",
                "--hlog", hlog.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("schema_version").asInt()).isEqualTo(1);
        // 500/s for 400 ms schedules 200 requests and never more; a host that runs late at the end of the window
        // leaves some unanswered inside it, so the lower bound only asks that most of the schedule was served
        assertThat(json.get("requests").asLong()).isBetween(100L, 201L);
        assertThat(json.get("mode").asText()).isEqualTo("fixed-rate");
        assertThat(json.get("latency_uncorrected_ms").get("p99").asDouble()).isPositive();
        assertThat(Files.readString(hlog)).contains("#[StartTime: ").contains("\"StartTimestamp\"");
    }

    @Test
    void writesTextWithSpectrumAndCsvToFiles(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("report.txt");
        Path urls = Files.writeString(dir.resolve("urls.txt"), "# paths\n/a\n\nhttp://127.0.0.1:"
                + server.getLocalPort() + "/b?q=1\n");
        Result r = run("load", url(), "-c", "1", "-t", "1", "-d", "300ms", "--latency", "-o", text.toString(),
                "--urls-file", urls.toString(), "-H", "X-A: b");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(Files.readString(text)).contains("closed loop").contains("service time")
                .contains("Requests/sec:").contains("percentile spectrum");
        Path csv = dir.resolve("report.csv");
        r = run("load", url(), "-c", "1", "-t", "1", "-d", "300ms", "--format", "csv", "-o", csv.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readAllLines(csv)).hasSize(2).first().asString().startsWith("mode,target,");
    }

    @Test
    void badValuesAreOneLineAndExit2() {
        String[][] cases = {
            {"load", "not a url"},
            {"load", "ftp://127.0.0.1/"},
            {"load", url(), "-c", "many"},
            {"load", url(), "-d", "10 parsecs"},
            {"load", url(), "-R", "-5"},
            {"load", url(), "-c", "1", "-t", "4"},
            {"load", url(), "--pipeline", "0"},
            {"load", url(), "-H", "no colon"},
            {"load", url(), "--format", "xml"},
            {"load", url(), "--body-file", "/nonexistent/body"},
            {"load", url(), "-R", "fast"},
            {"load", url(), "--threshold", "p99 under 15"},
            {"load", url(), "--threshold", "errors<3ms"},
            {"load", "https://127.0.0.1:8443/"},
        };
        for (String[] args : cases) {
            Result r = run(args);
            assertThat(r.exitCode()).as(String.join(" ", args) + " -> " + r.err()).isEqualTo(Fairbench.USAGE);
            assertThat(r.err().lines()).as(r.err()).hasSize(1);
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).doesNotContain("is not a double", "is not an int");
        }
        assertThat(run("load", url(), "-c", "many").err()).contains("'many' is not a whole number");
        assertThat(run("load", "https://127.0.0.1:8443/").err()).contains("HTTPS is not supported");
        assertThat(run("load", url(), "-R", "fast").err()).contains("such as 2000, 20k or 1.5M");
    }

    @Test
    void rateTakesSuffixesAndThresholdsGateTheExitCode() {
        Result ok = run("load", url(), "-c", "2", "-t", "1", "-d", "300ms", "-R", "0.5k", "--threshold", "p99<10s",
                "--threshold", "errors=0", "-q");
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        assertThat(ok.err()).contains("threshold p99<10s: ok (p99 ").contains("threshold errors=0: ok (errors 0)");

        Result failed = run("load", url(), "-c", "1", "-t", "1", "-d", "300ms", "--threshold", "rps>999999999",
                "--threshold", "p(95)<=10s", "-q");
        assertThat(failed.exitCode()).as(failed.err()).isEqualTo(LoadCommand.THRESHOLD_FAILED);
        assertThat(failed.err()).contains("threshold rps>999999999: FAILED (rps ")
                .contains("threshold p(95)<=10s: ok");
        assertThat(failed.out()).as("the report is still written").isNotEmpty();
    }

    @Test
    void thresholdsParseAsK6Writes() {
        assertThat(Threshold.parse("p99<15ms")).isEqualTo(new Threshold("p99<15ms", "p99", "<", 15));
        assertThat(Threshold.parse("p(99.9) <= 2s").limit()).isEqualTo(2000);
        assertThat(Threshold.parse("max<500us").limit()).isEqualTo(0.5);
        assertThat(Threshold.parse("errors==0").op()).isEqualTo("=");
        assertThat(Threshold.parse("non-2xx=0").metric()).isEqualTo("non2xx");
        assertThat(Threshold.parse("p95<1").holds(0.9)).isTrue();
        assertThat(Threshold.parse("p95<1").holds(1)).isFalse();
    }

    @Test
    void unreachableTargetIsOneLineAndExit4() throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Result r = run("load", "http://127.0.0.1:" + port + "/", "-d", "1s");
        assertThat(r.exitCode()).isEqualTo(LoadException.UNREACHABLE);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).startsWith("fairbench load: error: cannot connect to 127.0.0.1:" + port);
    }

    @Test
    void nonLoopbackTargetIsRefusedWithoutAllowRemote() {
        long before = requests.get();
        Result r = run("load", "http://192.0.2.1:8080/", "-d", "1s");
        assertThat(r.exitCode()).isEqualTo(LoadException.REMOTE_REFUSED);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains("192.0.2.1 is not a loopback address").contains("--allow-remote");
        assertThat(requests.get()).isEqualTo(before);
    }

    @Test
    void helpDocumentsTheExitCodes() {
        Result r = run("load", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Exit codes:").contains("4  target unreachable").contains("--pipeline")
                .contains("-R, --rate");
    }
}
