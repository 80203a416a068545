package dev.fairbench.runner;

import dev.fairbench.services.FrozenProcess;
import dev.fairbench.workload.conformance.HostileChecker;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Contract §5, a hung service, checked against a running app: PostgreSQL, then Redis, is stopped with SIGSTOP (with
 * its children), and while it hangs a request that needs it must get the contract's 503 within
 * {@link #BOUND} (checked with {@link #SLACK} of slack) and a request that does not need it must be answered; once
 * it runs again (SIGCONT) the app must serve the page again, byte for byte and without a restart, within
 * {@link #RECOVERY}. About 10 s per app when it passes. It stops the servers every app shares, so it runs one app at
 * a time and only where fairbench started them (it needs their pids). Results have the shape of the hostile
 * suite's, so that {@code verify} prints both alike. Not thread-safe.
 */
final class HungServices {
    /** The contract's hung-service bound (docs/workload.md §5). */
    static final Duration BOUND = Duration.ofSeconds(5);
    static final Duration SLACK = Duration.ofSeconds(1);
    /** A request that does not need the hung server is answered within this. */
    static final Duration PROMPT = Duration.ofSeconds(1);
    static final Duration RECOVERY = Duration.ofSeconds(30);

    private final URI base;
    private final ReferenceRenderer reference;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    private HungServices(URI base, ReferenceRenderer reference) {
        this.base = base;
        this.reference = reference;
    }

    /**
     * Runs the six checks against the app at {@code base} (it must serve {@code /}, {@code /cached} and
     * {@code /hello}); PostgreSQL and Redis always run again afterwards.
     */
    static List<HostileChecker.Result> check(URI base, ReferenceRenderer reference, long postgresPid, long redisPid)
            throws InterruptedException {
        return new HungServices(base, reference).run(postgresPid, redisPid);
    }

    private List<HostileChecker.Result> run(long postgresPid, long redisPid) throws InterruptedException {
        List<HostileChecker.Result> results = new ArrayList<>();
        freezeAndCheck(results, "PostgreSQL", postgresPid, "/", "/hello", reference.index());
        freezeAndCheck(results, "Redis", redisPid, "/cached", "/", reference.index());
        return results;
    }

    private void freezeAndCheck(List<HostileChecker.Result> results, String server, long pid, String needsIt,
                                String doesNot, byte[] expected) throws InterruptedException {
        try (FrozenProcess ignored = new FrozenProcess(pid)) {
            results.add(timed("hung " + server + ": " + needsIt + " answers 503", () -> {
                HttpResponse<byte[]> r = get(needsIt, BOUND.plus(SLACK));
                if (r.statusCode() != 503) return "status " + r.statusCode() + ", expected 503";
                String body = new String(r.body(), StandardCharsets.UTF_8);
                return body.equals("Service Unavailable") ? null : "body \"" + body + "\", expected Service Unavailable";
            }, BOUND.plus(SLACK)));
            results.add(timed("hung " + server + ": " + doesNot + " is answered", () -> {
                HttpResponse<byte[]> r = get(doesNot, PROMPT);
                return r.statusCode() == 200 ? null : "status " + r.statusCode() + ", expected 200";
            }, PROMPT));
        } catch (IOException e) {
            results.add(new HostileChecker.Result("hung " + server, false, 0, "cannot stop it: " + e.getMessage()));
        }
        results.add(timed(server + " back: " + needsIt + " serves 200 again", () -> awaitOk(needsIt, expected),
                RECOVERY));
    }

    private String awaitOk(String path, byte[] expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        String last;
        do {
            HttpResponse<byte[]> r = get(path, RECOVERY);
            if (r.statusCode() == 200) {
                return Arrays.equals(r.body(), expected) ? null : "200 with other bytes than the reference page";
            }
            last = "status " + r.statusCode();
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        return last + " after " + RECOVERY.toSeconds() + " s";
    }

    private HttpResponse<byte[]> get(String path, Duration timeout) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).GET().build();
        return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private interface Check {
        /** Null when passed, else the problem. */
        String run() throws IOException, InterruptedException;
    }

    /** Runs one check; a check over its bound, or one whose request times out, fails. */
    private static HostileChecker.Result timed(String name, Check check, Duration bound) throws InterruptedException {
        long start = System.nanoTime();
        String problem;
        try {
            problem = check.run();
        } catch (java.net.http.HttpTimeoutException e) {
            problem = "no answer within " + bound.toMillis() + " ms";
        } catch (IOException e) {
            problem = "bad answer: " + e;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (problem == null && millis > bound.toMillis()) problem = "answered after " + millis + " ms";
        return new HostileChecker.Result(name, problem == null, millis, problem);
    }
}
