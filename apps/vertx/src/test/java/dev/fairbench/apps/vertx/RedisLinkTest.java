package dev.fairbench.apps.vertx;

import dev.fairbench.apps.testsupport.TestServices;
import dev.fairbench.profile.CountingProxy;
import dev.fairbench.profile.WireCounts;
import dev.fairbench.services.ServiceUrls;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Redis link against the shared test Redis, through a counting proxy: the commands one event-loop task sends
 * reach Redis as one run of bytes, so Redis reads them, and answers them, in one go, and each reply goes to its own
 * command. Were each command flushed on its own, Redis would answer the first before the last had left, and the
 * proxy would count more than one run.
 */
class RedisLinkTest {
    /** GETs sent in one event-loop task, as many as the requests of one busy read batch. */
    private static final int GETS_PER_TASK = 32;
    private static final int TASKS = 5;

    @Test
    void theCommandsOfOneEventLoopTaskLeaveInOneWriteAndAreAnsweredInOrder() throws Exception {
        String redisUrl = TestServices.shared().redisUrl();
        URI redis = URI.create(redisUrl);
        Vertx vertx = Vertx.vertx();
        try (CountingProxy proxy = CountingProxy.redis(redis.getHost(), redis.getPort())) {
            Context loop = vertx.getOrCreateContext();
            String proxied = ServiceUrls.withAddress(redisUrl, "127.0.0.1", proxy.port());
            RedisLink link = onLoop(loop, () -> {
                RedisLink opened = new RedisLink(vertx, proxied);
                return opened.start().map(opened);
            });
            assertThat(link.up()).isTrue();
            List<String> pages = new ArrayList<>();
            for (int i = 0; i < GETS_PER_TASK; i++) pages.add("page " + i);
            onLoop(loop, () -> {
                List<Future<Buffer>> sets = new ArrayList<>();
                for (int i = 0; i < GETS_PER_TASK; i++) sets.add(link.set(key(i), Buffer.buffer(pages.get(i)), 60));
                return Future.all(sets);
            });
            for (int task = 0; task < TASKS; task++) {
                WireCounts before = proxy.counts();
                List<String> values = onLoop(loop, () -> {
                    List<Future<Buffer>> gets = new ArrayList<>();
                    for (int i = 0; i < GETS_PER_TASK; i++) gets.add(link.get(key(i)));
                    return Future.all(gets).map(all -> all.<Buffer>list().stream().map(Buffer::toString).toList());
                });
                WireCounts sent = proxy.counts().minus(before);
                assertThat(values).isEqualTo(pages);
                assertThat(sent.queries()).isEqualTo(GETS_PER_TASK);
                assertThat(sent.clientBursts()).as("runs of commands Redis read in task %d", task).isEqualTo(1);
            }
            onLoop(loop, () -> {
                link.close();
                return Future.succeededFuture();
            });
        } finally {
            vertx.close().await(10, TimeUnit.SECONDS);
        }
    }

    private static byte[] key(int i) {
        return ("fairbench:test:redis-link:" + i).getBytes(StandardCharsets.US_ASCII);
    }

    /** Runs {@code action} on the event loop of {@code loop} and waits, at most 10 s, for the future it returns. */
    private static <T> T onLoop(Context loop, Supplier<Future<T>> action) throws Exception {
        return Future.<T>future(promise -> loop.runOnContext(v -> action.get().onComplete(promise)))
                .await(10, TimeUnit.SECONDS);
    }
}
