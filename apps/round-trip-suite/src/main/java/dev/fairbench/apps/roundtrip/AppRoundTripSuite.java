package dev.fairbench.apps.roundtrip;

import dev.fairbench.apps.common.AppEnvironment;
import dev.fairbench.apps.testsupport.AppConformanceSuite.RunningApp;
import dev.fairbench.apps.testsupport.TestServices;
import dev.fairbench.profile.CountingProxy;
import dev.fairbench.profile.WireCounts;
import dev.fairbench.workload.data.DatabaseUrl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counts the wire traffic of an app's pages through transparent proxies in front of PostgreSQL and Redis (the
 * shared, seeded services of {@link TestServices}). Extend it, implement {@link #start}, and add the page tests with
 * the app's own bounds on {@link #pgPerRequest}; the cache test is here: a cache hit is one Redis command and no
 * query. Requests go one at a time, so every client burst on the wire belongs to one page.
 *
 * <p>The app gets a free port, {@code POOL_MAX} {@value #POOL_MAX}, {@code POOL_MIN} {@value #POOL_MIN} and
 * {@code WORKERS} {@value #WORKERS}. One app per test class, started before its first test and stopped after its last.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public abstract class AppRoundTripSuite {
    /** Requests in a measured window. */
    protected static final int REQUESTS = 20;
    /** A post of the dataset, for the detail pages. */
    protected static final String SLUG = "response-lock-slow-4";
    protected static final int POOL_MAX = 16;
    protected static final int POOL_MIN = 4;
    protected static final int WORKERS = 1;

    private CountingProxy pgProxy;
    private CountingProxy redisProxy;
    private RunningApp app;
    private HttpClient http;

    /** Starts the app in-process with this environment (port 0 = any free port) and returns once it serves. */
    protected abstract RunningApp start(AppEnvironment env) throws Exception;

    /** Runs once the app is started, before the first test: nothing by default. */
    protected void ready() throws Exception {}

    /** Further checks of the Redis traffic of {@link #REQUESTS} cache hits, after the common ones: none by default. */
    protected void checkCacheHits(WireCounts redis) {}

    @BeforeAll
    void startApp() throws Exception {
        TestServices services = TestServices.shared();
        DatabaseUrl db = DatabaseUrl.parse(services.postgresUrl());
        URI redis = URI.create(services.redisUrl());
        pgProxy = CountingProxy.postgres(db.host(), db.port());
        redisProxy = CountingProxy.redis(redis.getHost(), redis.getPort());
        String proxiedDb = new DatabaseUrl("127.0.0.1", pgProxy.port(), db.database(), db.user(), db.password())
                .libpqUrl();
        String proxiedRedis = dev.fairbench.services.ServiceUrls.withAddress(services.redisUrl(), "127.0.0.1",
                redisProxy.port());
        app = start(new AppEnvironment(0, proxiedDb, proxiedRedis, POOL_MAX, POOL_MIN, WORKERS));
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        ready();
    }

    @AfterAll
    void stopApp() throws Exception {
        try (RunningApp a = app; CountingProxy p = pgProxy; CountingProxy r = redisProxy; HttpClient h = http) {
            // closes all
        }
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
        checkCacheHits(redis);
        assertThat(pgProxy.counts().minus(pgBefore).queries()).isZero();
    }

    /**
     * PostgreSQL wire counts of {@link #REQUESTS} sequential requests to {@code path}, after one request that opens
     * connections and prepares statements: of {@code samples} such windows, the one with the fewest client bursts.
     */
    protected WireCounts pgPerRequest(String path, int samples) throws Exception {
        assertThat(get(path)).isEqualTo(200);
        WireCounts best = null;
        for (int sample = 0; sample < samples; sample++) {
            WireCounts before = pgProxy.counts();
            for (int i = 0; i < REQUESTS; i++) assertThat(get(path)).isEqualTo(200);
            WireCounts window = pgProxy.counts().minus(before);
            if (best == null || window.clientBursts() < best.clientBursts()) best = window;
        }
        return best;
    }

    /** Everything PostgreSQL's proxy has counted so far. */
    protected WireCounts pgCounts() {
        return pgProxy.counts();
    }

    /** The status of {@code GET path} on the app, body discarded; at most 10 s. */
    protected int get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path))
                .timeout(Duration.ofSeconds(10)).GET().build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
