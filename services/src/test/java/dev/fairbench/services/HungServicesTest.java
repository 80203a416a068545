package dev.fairbench.services;

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
        List<HostileChecker.Result> results = check(App.HONEST);
        assertThat(results).as(HostileChecker.describe(results)).hasSize(6).allMatch(HostileChecker.Result::passed);
        assertThat(stopped(postgres.pid()) || stopped(redis.pid())).as("both run again").isFalse();
    }

    @Test
    void anAppThatServesAsIfNothingHungFailsThe503Checks() throws Exception {
        List<HostileChecker.Result> results = check(App.CARELESS);
        assertThat(results.stream().filter(r -> !r.passed()).map(HostileChecker.Result::name))
                .containsExactly("hung PostgreSQL: / answers 503", "hung Redis: /cached answers 503");
        assertThat(results.getFirst().problem()).isEqualTo("status 200, expected 503");
    }

    @Test
    void a503WithoutTheContractsContentTypeFails() throws Exception {
        List<HostileChecker.Result> results = check(App.UNTYPED_503);
        assertThat(results.stream().filter(r -> !r.passed()).map(HostileChecker.Result::problem)).containsExactly(
                "Content-Type \"\", expected text/plain; charset=utf-8",
                "Content-Type \"\", expected text/plain; charset=utf-8");
    }

    @Test
    void theJavaSuitesWiderHangChecksEveryPathGiven() throws Exception {
        List<HostileChecker.Result> results = check(App.HONEST, new HungServices.Hang("PostgreSQL", postgres.pid(),
                List.of("/", "/tag/x"), new HungServices.Page("/hello", "Hello, World!".getBytes(StandardCharsets.UTF_8)),
                List.of(new HungServices.Page("/", REFERENCE.index()), new HungServices.Page("/tag/x", REFERENCE.index()))));
        assertThat(results).as(HostileChecker.describe(results)).extracting(HostileChecker.Result::name).containsExactly(
                "hung PostgreSQL: / answers 503", "hung PostgreSQL: /tag/x answers 503",
                "hung PostgreSQL: /hello is answered", "PostgreSQL back: / serves 200 again",
                "PostgreSQL back: /tag/x serves 200 again");
        assertThat(results).allMatch(HostileChecker.Result::passed);
    }

    /** How the test's app answers while a server it needs is stopped. */
    private enum App { HONEST, CARELESS, UNTYPED_503 }

    private List<HostileChecker.Result> check(App kind) throws Exception {
        URI base = serve(kind);
        return HungServices.check(base, REFERENCE, postgres.pid(), redis.pid());
    }

    private List<HostileChecker.Result> check(App kind, HungServices.Hang hang) throws Exception {
        return HungServices.check(serve(kind), List.of(hang));
    }

    private URI serve(App kind) throws IOException {
        app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        app.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            long needs = path.equals("/") || path.startsWith("/tag/") ? postgres.pid()
                    : path.equals("/cached") ? redis.pid() : -1;
            byte[] body = path.equals("/hello") ? "Hello, World!".getBytes(StandardCharsets.UTF_8) : REFERENCE.index();
            int status = 200;
            if (kind != App.CARELESS && needs > 0 && stopped(needs)) {
                status = 503;
                if (kind == App.HONEST) exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
                body = "Service Unavailable".getBytes(StandardCharsets.UTF_8);
            }
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        app.start();
        return URI.create("http://127.0.0.1:" + app.getAddress().getPort());
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
