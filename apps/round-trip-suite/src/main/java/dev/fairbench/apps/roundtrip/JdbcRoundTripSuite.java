package dev.fairbench.apps.roundtrip;

import dev.fairbench.profile.WireCounts;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The round trips of an app whose JDBC driver waits for each query (Spring, Helidon): exactly the contract's queries,
 * one round trip each (3, 3 and 4), no ping when a connection is taken from the pool, no new connection per request,
 * and one Redis command and no new Redis connection for a cache hit. Starts measuring once the pool has opened its
 * {@code POOL_MIN} connections.
 */
public abstract class JdbcRoundTripSuite extends AppRoundTripSuite {

    @Override
    protected void ready() throws Exception {
        assertThat(get("/")).isEqualTo(200);
        awaitPoolFilled();
    }

    @Override
    protected void checkCacheHits(WireCounts redis) {
        assertThat(redis.connections()).isZero();
    }

    /**
     * Waits until the pool has opened its {@link #POOL_MIN} connections in the background and they are quiet: each
     * new connection sends setup statements of its own (pgjdbc's {@code SET application_name}), which are not a
     * page's queries.
     */
    private void awaitPoolFilled() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        WireCounts last = pgCounts();
        while (System.nanoTime() < deadline) {
            Thread.sleep(100);
            WireCounts now = pgCounts();
            if (now.connections() >= POOL_MIN && now.equals(last)) return;
            last = now;
        }
        throw new AssertionError("the pool did not open " + POOL_MIN + " connections within 10 s: " + last);
    }

    @Test
    void detailSendsThreeQueriesInThreeRoundTrips() throws Exception {
        assertOneRoundTripPerQuery(pgPerRequest("/post/" + SLUG, 1), 3);
    }

    @Test
    void indexSendsThreeQueriesInThreeRoundTrips() throws Exception {
        assertOneRoundTripPerQuery(pgPerRequest("/", 1), 3);
    }

    @Test
    void tagSendsFourQueriesInFourRoundTrips() throws Exception {
        assertOneRoundTripPerQuery(pgPerRequest("/tag/rust", 1), 4);
    }

    /** A ping on checkout would add a query and a round trip per request; a new connection per request, a login. */
    private static void assertOneRoundTripPerQuery(WireCounts counts, int queriesPerPage) {
        assertThat(counts.queries()).isEqualTo((long) queriesPerPage * REQUESTS);
        assertThat(counts.clientBursts()).isEqualTo((long) queriesPerPage * REQUESTS);
        assertThat(counts.connections()).isZero();
    }
}
