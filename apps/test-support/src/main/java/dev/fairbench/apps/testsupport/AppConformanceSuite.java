package dev.fairbench.apps.testsupport;

import dev.fairbench.services.HungServices;
import dev.fairbench.workload.AppEnvironment;
import dev.fairbench.workload.conformance.ConformanceCases;
import dev.fairbench.workload.conformance.ConformanceChecker;
import dev.fairbench.workload.conformance.ConformanceReport;
import dev.fairbench.workload.conformance.HostileCases;
import dev.fairbench.workload.conformance.HostileChecker;
import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.DatasetGenerator;
import dev.fairbench.workload.data.Post;
import dev.fairbench.workload.data.Seeder;
import dev.fairbench.workload.render.ReferenceRenderer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conformance suite of a Java app: extend it, implement {@link #start}, and every test below runs against the
 * app started in-process on a free loopback port, with the real, seeded PostgreSQL and Redis of
 * {@link TestServices}. Covers the contract end to end: every page byte for byte (and in Redis for cached routes),
 * bad input, the page cache's key, TTL and source, no compression, concurrency on few connections without mixing
 * responses, the {@code POOL_MAX} limit, and 503 then recovery without a restart when PostgreSQL or Redis goes away
 * or hangs (stopped with SIGSTOP: the checks of {@link HungServices}, 503 within {@link HungServices#BOUND}).
 * Tests run in a fixed order; the fault tests come last and leave both services running.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public abstract class AppConformanceSuite {
    /** Most time a request may take, also while a service is down: the contract wants a 503, never a hang. */
    protected static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    /** Most time the app may take to serve 200 again after a service came back. */
    protected static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(30);

    private static final ReferenceRenderer REFERENCE = new ReferenceRenderer(DatasetGenerator.generate());

    /** An app started by {@link #start}; {@link #close()} stops it and frees its port and connections. */
    public interface RunningApp extends AutoCloseable {
        int port();

        /** An app that listens on {@code port} and is stopped by closing {@code app}. */
        static RunningApp of(int port, AutoCloseable app) {
            return new RunningApp() {
                @Override
                public int port() {
                    return port;
                }

                @Override
                public void close() throws Exception {
                    app.close();
                }
            };
        }
    }

    /**
     * Starts the app in-process with this environment (port 0 = any free port) and returns once it serves. The
     * environment is the app's own reading ({@code app-common}) of the variables the runner would pass.
     */
    protected abstract RunningApp start(dev.fairbench.apps.common.AppEnvironment env) throws Exception;

    /**
     * Names of the hostile cases (docs/workload.md §5.1) this app is known not to pass yet; the suite fails when
     * another case fails, and when a listed one passes (so that the list only shrinks). Empty by default.
     */
    protected Set<String> hostileGaps() {
        return Set.of();
    }

    /** The environment the app gets; apps may override to test other sizes. */
    protected AppEnvironment environment(TestServices services) {
        return new AppEnvironment(0, services.postgresUrl(), services.redisUrl(), 4, 1, 2);
    }

    private TestServices services;
    private AppEnvironment env;
    private RunningApp app;
    private URI base;
    private HttpClient http;
    private RedisClient redisClient;
    private StatefulRedisConnection<byte[], byte[]> redisConnection;

    @BeforeAll
    void startApp() throws Exception {
        services = TestServices.shared();
        env = environment(services);
        app = start(AppEnvironments.forApp(env));
        base = URI.create("http://127.0.0.1:" + app.port());
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(REQUEST_TIMEOUT).build();
        RedisURI redisUri = RedisURI.create(services.redisUrl());
        redisUri.setTimeout(REQUEST_TIMEOUT);
        redisClient = RedisClient.create(redisUri);
        redisConnection = redisClient.connect(ByteArrayCodec.INSTANCE);
    }

    @AfterAll
    void stopApp() throws Exception {
        try (AutoCloseable a = app; HttpClient h = http) {
            if (redisConnection != null) redisConnection.close();
            if (redisClient != null) redisClient.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        }
    }

    @Test
    @Order(1)
    void everyRouteAnswersTheContractsBytes() {
        redis().flushdb();
        ConformanceReport report = new ConformanceChecker((int) REQUEST_TIMEOUT.toMillis(), this::redisGet)
                .check(base, ConformanceCases.all(REFERENCE));
        assertThat(report.passed()).as(ConformanceChecker.describe(report)).isTrue();
        assertThat(report.casesChecked()).isEqualTo(ConformanceCases.all(REFERENCE).size());
    }

    @Test
    @Order(1)
    void hostileClientsGetBoundedAnswers() {
        List<HostileChecker.Result> results = HostileChecker.check(base, HostileCases.all(REFERENCE, base));
        Set<String> failed = new java.util.TreeSet<>();
        for (HostileChecker.Result r : results) if (!r.passed()) failed.add(r.name());
        assertThat(failed).as(HostileChecker.describe(results)).isEqualTo(new java.util.TreeSet<>(hostileGaps()));
    }

    @Test
    @Order(2)
    void cacheMissStoresRawBytesForSixtySecondsAndHitsAreReadFromRedis() throws Exception {
        String path = "/post/" + somePost().slug() + "/cached";
        byte[] key = ("page:GET:" + path).getBytes(StandardCharsets.UTF_8);
        redis().flushdb();
        HttpResponse<byte[]> miss = get(path);
        assertThat(miss.statusCode()).isEqualTo(200);
        assertThat(miss.body()).isEqualTo(REFERENCE.detail(somePost().slug()).orElseThrow());
        assertThat(redis().get(key)).isEqualTo(miss.body());
        assertThat(redis().ttl(key)).isBetween(1L, 60L);
        // A value the app could not have rendered proves that a hit is served from Redis, not from memory.
        byte[] planted = "planted by the test".getBytes(StandardCharsets.UTF_8);
        redis().set(key, planted);
        HttpResponse<byte[]> hit = get(path);
        assertThat(hit.statusCode()).isEqualTo(200);
        assertThat(hit.body()).isEqualTo(planted);
        assertThat(hit.headers().firstValue("content-type")).hasValueSatisfying(
                t -> assertThat(t.replace(" ", "").toLowerCase()).isEqualTo("text/html;charset=utf-8"));
        redis().del(key);
    }

    @Test
    @Order(3)
    void unknownSlugIsNotFoundAndCachesNothing() throws Exception {
        redis().flushdb();
        HttpResponse<byte[]> r = get("/post/no-such-post/cached");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(redis().dbsize()).isZero();
    }

    @Test
    @Order(4)
    void uncachedPagesReadTheDatabaseOnEveryRequest() throws Exception {
        Post post = somePost();
        String renamed = "Renamed & <checked>";
        try (Connection c = Seeder.connect(database()); Statement s = c.createStatement()) {
            try {
                s.executeUpdate("UPDATE posts SET title = '" + renamed.replace("'", "''") + "' WHERE id = " + post.id());
                String page = new String(get("/post/" + post.slug()).body(), StandardCharsets.UTF_8);
                assertThat(page).contains("<h1>Renamed &amp; &lt;checked&gt;</h1>");
            } finally {
                s.executeUpdate("UPDATE posts SET title = '" + post.title().replace("'", "''") + "' WHERE id = " + post.id());
            }
        }
        assertThat(get("/post/" + post.slug()).body()).isEqualTo(REFERENCE.detail(post.slug()).orElseThrow());
    }

    @Test
    @Order(5)
    void neverCompressesEvenWhenAsked() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/")).timeout(REQUEST_TIMEOUT)
                .header("Accept-Encoding", "gzip, deflate, br").GET().build();
        HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        assertThat(r.headers().firstValue("content-encoding")).isEmpty();
        assertThat(r.body()).isEqualTo(REFERENCE.index());
    }

    /** HTTP/1.1 keep-alive: several requests, one after the other, on one TCP connection that stays open. */
    @Test
    @Order(6)
    void servesManyRequestsOnOneKeptAliveConnection() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", app.port())) {
            socket.setSoTimeout((int) REQUEST_TIMEOUT.toMillis());
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            for (String path : List.of("/hello", "/", "/post/" + somePost().slug(), "/hello")) {
                socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                int contentLength = -1;
                boolean chunked = false;
                String statusLine = readLine(in);
                assertThat(statusLine).as(path).startsWith("HTTP/1.1 200");
                for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
                    String lower = line.toLowerCase(Locale.ROOT);
                    assertThat(lower).as(path).isNotEqualTo("connection: close");
                    if (lower.startsWith("content-length:")) contentLength = Integer.parseInt(lower.substring(15).trim());
                    if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) chunked = true;
                }
                if (chunked) {
                    skipChunks(in);
                } else {
                    assertThat(contentLength).as(path + ": framed by Content-Length or chunked").isPositive();
                    in.readFully(new byte[contentLength]);
                }
            }
        }
    }

    private static void skipChunks(DataInputStream in) throws IOException {
        for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
            in.readFully(new byte[size]);
            readLine(in);
        }
        for (String trailer = readLine(in); !trailer.isEmpty(); trailer = readLine(in)) {
            // trailers carry nothing the contract checks
        }
    }

    private static int chunkSize(DataInputStream in) throws IOException {
        String line = readLine(in);
        int extension = line.indexOf(';');
        return Integer.parseInt((extension < 0 ? line : line.substring(0, extension)).trim(), 16);
    }

    private static String readLine(DataInputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) throw new EOFException("connection closed after: " + line);
            if (b != '\r') line.append((char) b);
        }
        return line.toString();
    }

    /**
     * Many requests at once over more HTTP connections than database connections: each must get its own page.
     * An app that pipelines queries or shares connections wrongly mixes pages up here.
     */
    @Test
    @Order(7)
    void concurrentRequestsEachGetTheirOwnPageWithinPoolMax() throws Exception {
        List<String> paths = new ArrayList<>();
        List<byte[]> expected = new ArrayList<>();
        List<Post> posts = REFERENCE.dataset().posts();
        for (int i = 0; i < 200; i++) {
            Post p = posts.get((i * 37) % posts.size());
            switch (i % 4) {
                case 0 -> { paths.add("/post/" + p.slug()); expected.add(REFERENCE.detail(p.slug()).orElseThrow()); }
                case 1 -> { paths.add("/"); expected.add(REFERENCE.index()); }
                case 2 -> {
                    String tag = REFERENCE.dataset().tags().get(i % REFERENCE.dataset().tags().size()).slug();
                    paths.add("/tag/" + tag);
                    expected.add(REFERENCE.tag(tag).orElseThrow());
                }
                default -> { paths.add("/post/" + p.slug() + "/cached"); expected.add(REFERENCE.detail(p.slug()).orElseThrow()); }
            }
        }
        List<CompletableFuture<HttpResponse<byte[]>>> futures = new ArrayList<>();
        for (String path : paths) {
            futures.add(http.sendAsync(request(path), HttpResponse.BodyHandlers.ofByteArray()));
        }
        for (int i = 0; i < futures.size(); i++) {
            HttpResponse<byte[]> r = futures.get(i).get(REQUEST_TIMEOUT.toSeconds() * 3, TimeUnit.SECONDS);
            assertThat(r.statusCode()).as(paths.get(i)).isEqualTo(200);
            assertThat(r.body()).as(paths.get(i)).isEqualTo(expected.get(i));
        }
        assertThat(appConnectionsToPostgres()).isBetween(1, env.poolMax());
    }

    @Test
    @Order(100)
    void postgresDownGives503AndTheAppRecoversWithoutRestart() throws Exception {
        assertThat(get("/").statusCode()).isEqualTo(200);
        services.postgres().stop();
        try {
            HttpResponse<byte[]> down = get("/");
            assertServiceUnavailable(down);
            assertServiceUnavailable(get("/tag/" + REFERENCE.dataset().tags().getFirst().slug()));
            assertThat(get("/hello").statusCode()).isEqualTo(200);
        } finally {
            services.postgres().start();
        }
        awaitOk("/", REFERENCE.index());
        awaitOk("/post/" + somePost().slug(), REFERENCE.detail(somePost().slug()).orElseThrow());
    }

    @Test
    @Order(101)
    void redisDownGives503OnCachedRoutesAndTheAppRecoversWithoutRestart() throws Exception {
        assertThat(get("/cached").statusCode()).isEqualTo(200);
        services.redis().stop();
        try {
            assertServiceUnavailable(get("/cached"));
            assertServiceUnavailable(get("/post/" + somePost().slug() + "/cached"));
            assertThat(get("/").body()).isEqualTo(REFERENCE.index());
        } finally {
            services.redis().start();
        }
        awaitOk("/cached", REFERENCE.index());
    }

    @Test
    @Order(102)
    void aHungPostgresGives503InBoundedTimeAndTheAppRecovers() throws Exception {
        assertThat(get("/").statusCode()).isEqualTo(200);
        String tag = "/tag/" + REFERENCE.dataset().tags().getFirst().slug();
        String post = "/post/" + somePost().slug();
        assertHungServicePasses(new HungServices.Hang("PostgreSQL", services.postgres().pid().orElseThrow(),
                List.of("/", tag), new HungServices.Page("/hello", "Hello, World!".getBytes(StandardCharsets.UTF_8)),
                List.of(new HungServices.Page("/", REFERENCE.index()),
                        new HungServices.Page(post, REFERENCE.detail(somePost().slug()).orElseThrow()))));
    }

    @Test
    @Order(103)
    void aHungRedisGives503InBoundedTimeAndTheAppRecovers() throws Exception {
        assertThat(get("/cached").statusCode()).isEqualTo(200);
        assertHungServicePasses(HungServices.redis(services.redis().pid().orElseThrow(), REFERENCE));
    }

    /** The checks {@code verify} makes of every app ({@link HungServices}), here with the suite's pages. */
    private void assertHungServicePasses(HungServices.Hang hang) throws InterruptedException {
        List<HostileChecker.Result> results = HungServices.check(base, List.of(hang));
        assertThat(results).as(HostileChecker.describe(results)).allMatch(HostileChecker.Result::passed);
    }

    private static void assertServiceUnavailable(HttpResponse<byte[]> r) {
        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo("Service Unavailable");
        assertThat(r.headers().firstValue("content-type")).hasValueSatisfying(
                t -> assertThat(t.replace(" ", "").toLowerCase()).isEqualTo("text/plain;charset=utf-8"));
    }

    private void awaitOk(String path, byte[] expected) throws Exception {
        long deadline = System.nanoTime() + RECOVERY_TIMEOUT.toNanos();
        HttpResponse<byte[]> last;
        do {
            last = get(path);
            if (last.statusCode() == 200) break;
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        assertThat(last.statusCode()).as(path + " within " + RECOVERY_TIMEOUT.toSeconds() + " s").isEqualTo(200);
        assertThat(last.body()).isEqualTo(expected);
    }

    /** Client backends of the app's database, not counting the one that asks. */
    private int appConnectionsToPostgres() throws SQLException {
        try (Connection c = Seeder.connect(database()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"
                     + " AND datname = current_database() AND pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private HttpResponse<byte[]> get(String path) throws Exception {
        return http.send(request(path), HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT).GET().build();
    }

    private Optional<byte[]> redisGet(String key) {
        return Optional.ofNullable(redis().get(key.getBytes(StandardCharsets.UTF_8)));
    }

    private RedisCommands<byte[], byte[]> redis() {
        return redisConnection.sync();
    }

    /** The owner's URL: the tests change rows, which the apps' read-only role may not. */
    private DatabaseUrl database() {
        return DatabaseUrl.parse(services.seedPostgresUrl());
    }

    private static Post somePost() {
        return REFERENCE.dataset().posts().get(41);
    }
}
