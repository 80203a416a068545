package dev.fairbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.fairbench.workload.conformance.HostileChecker;
import dev.fairbench.workload.data.DatasetGenerator;
import dev.fairbench.workload.render.ReferenceRenderer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hung-service checks against a small app made by the test on port 0, with two {@code sleep} processes standing
 * in for PostgreSQL and Redis: the app tells a hung server by its state in /proc ({@code T}, stopped), as a real
 * app tells it by a timeout.
 */
@Timeout(60)
class HungServicesTest {
    private static final ReferenceRenderer REFERENCE = new ReferenceRenderer(DatasetGenerator.generate());
    private Process postgres;
    private Process redis;
    private HttpServer app;

    @BeforeEach
    void start() throws IOException {
        postgres = new ProcessBuilder("sleep", "120").start();
        redis = new ProcessBuilder("sleep", "120").start();
    }

    @AfterEach
    void stop() {
        if (app != null) app.stop(0);
        postgres.destroyForcibly();
        redis.destroyForcibly();
    }

    @Test
    void anAppThatAnswers503WhileAServerHangsPassesEveryCheck() throws Exception {
        List<HostileChecker.Result> results = check(true);
        assertThat(results).as(HostileChecker.describe(results)).hasSize(6).allMatch(HostileChecker.Result::passed);
        assertThat(stopped(postgres.pid()) || stopped(redis.pid())).as("both run again").isFalse();
    }

    @Test
    void anAppThatServesAsIfNothingHungFailsThe503Checks() throws Exception {
        List<HostileChecker.Result> results = check(false);
        assertThat(results.stream().filter(r -> !r.passed()).map(HostileChecker.Result::name))
                .containsExactly("hung PostgreSQL: / answers 503", "hung Redis: /cached answers 503");
        assertThat(results.getFirst().problem()).isEqualTo("status 200, expected 503");
    }

    private List<HostileChecker.Result> check(boolean honest) throws Exception {
        app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        app.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            long needs = path.equals("/") ? postgres.pid() : path.equals("/cached") ? redis.pid() : -1;
            byte[] body = path.equals("/hello") ? "Hello, World!".getBytes(StandardCharsets.UTF_8) : REFERENCE.index();
            int status = 200;
            if (honest && needs > 0 && stopped(needs)) {
                status = 503;
                body = "Service Unavailable".getBytes(StandardCharsets.UTF_8);
            }
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        app.start();
        URI base = URI.create("http://127.0.0.1:" + app.getAddress().getPort());
        return HungServices.check(base, REFERENCE, postgres.pid(), redis.pid());
    }

    /** State {@code T} in /proc/PID/stat: stopped by a signal. */
    private static boolean stopped(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
        } catch (IOException e) {
            return false;
        }
    }
}
