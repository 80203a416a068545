package dev.fairbench.apps.spring;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.testsupport.TestServices;
import dev.fairbench.profile.CountingProxy;
import dev.fairbench.profile.WireCounts;
import dev.fairbench.workload.data.DatabaseUrl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counts each page's wire traffic through transparent proxies in front of PostgreSQL and Redis: exactly the
 * contract's queries, one round trip each (JDBC waits for every query: 3, 3 and 4), no ping when a connection is
 * taken from the pool, no new connection per request, and one Redis command for a cache hit. Requests go one at a
 * time, so every client burst on the wire belongs to one page.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SpringRoundTripTest {
    private static final int REQUESTS = 20;
    private static final int POOL_MIN = 4;
    private static final String SLUG = "response-lock-slow-4";

    private CountingProxy pgProxy;
    private CountingProxy redisProxy;
    private ConfigurableApplicationContext app;
    private HttpClient http;

    @BeforeAll
    void start() throws Exception {
        TestServices services = TestServices.shared();
        DatabaseUrl db = DatabaseUrl.parse(services.postgresUrl());
        URI redis = URI.create(services.redisUrl());
        pgProxy = CountingProxy.postgres(db.host(), db.port());
        redisProxy = CountingProxy.redis(redis.getHost(), redis.getPort());
        String proxiedDb = new DatabaseUrl("127.0.0.1", pgProxy.port(), db.database(), db.user(), db.password())
                .libpqUrl();
        app = SpringApp.start(new AppEnvironment(0, proxiedDb, "redis://127.0.0.1:" + redisProxy.port(), 16, POOL_MIN, 1));
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        assertThat(get("/")).isEqualTo(200);
        awaitPoolFilled();
    }

    /**
     * Waits until the pool has opened its {@link #POOL_MIN} connections in the background and they are quiet: each
     * new connection sends setup statements of its own (pgjdbc's {@code SET application_name}), which are not a
     * page's queries.
     */
    private void awaitPoolFilled() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        WireCounts last = pgProxy.counts();
        while (System.nanoTime() < deadline) {
            Thread.sleep(100);
            WireCounts now = pgProxy.counts();
            if (now.connections() >= POOL_MIN && now.equals(last)) return;
            last = now;
        }
        throw new AssertionError("the pool did not open " + POOL_MIN + " connections within 10 s: " + last);
    }

    @AfterAll
    void stop() throws Exception {
        try (CountingProxy p = pgProxy; CountingProxy r = redisProxy; HttpClient h = http) {
            app.close();
        }
    }

    @Test
    void detailSendsThreeQueriesInThreeRoundTrips() throws Exception {
        assertOneRoundTripPerQuery(pgPerRequest("/post/" + SLUG), 3);
    }

    @Test
    void indexSendsThreeQueriesInThreeRoundTrips() throws Exception {
        assertOneRoundTripPerQuery(pgPerRequest("/"), 3);
    }

    @Test
    void tagSendsFourQueriesInFourRoundTrips() throws Exception {
        assertOneRoundTripPerQuery(pgPerRequest("/tag/rust"), 4);
    }

    @Test
    void cachedPageIsOneRedisCommandOnAHitAndNoQuery() throws Exception {
        String path = "/post/" + SLUG + "/cached";
        assertThat(get(path)).isEqualTo(200);
        WireCounts pgBefore = pgProxy.counts();
        WireCounts redisBefore = redisProxy.counts();
        for (int i = 0; i < REQUESTS; i++) assertThat(get(path)).isEqualTo(200);
        WireCounts redis = redisProxy.counts().minus(redisBefore);
        assertThat(redis.queries()).isEqualTo(REQUESTS);
        assertThat(redis.connections()).isZero();
        assertThat(pgProxy.counts().minus(pgBefore).queries()).isZero();
    }

    /** A ping on checkout would add a query and a round trip per request; a new connection per request, a login. */
    private static void assertOneRoundTripPerQuery(WireCounts counts, int queriesPerPage) {
        assertThat(counts.queries()).isEqualTo((long) queriesPerPage * REQUESTS);
        assertThat(counts.clientBursts()).isEqualTo((long) queriesPerPage * REQUESTS);
        assertThat(counts.connections()).isZero();
    }

    /** Wire counts of {@link #REQUESTS} sequential requests, after one request that opens the pool's connections. */
    private WireCounts pgPerRequest(String path) throws Exception {
        assertThat(get(path)).isEqualTo(200);
        WireCounts before = pgProxy.counts();
        for (int i = 0; i < REQUESTS; i++) assertThat(get(path)).isEqualTo(200);
        return pgProxy.counts().minus(before);
    }

    private int get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + SpringApp.port(app) + path))
                .timeout(Duration.ofSeconds(10)).GET().build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
