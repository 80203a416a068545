package dev.fairbench.services;

import dev.fairbench.workload.conformance.HostileChecker;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Contract §5, a hung service, checked against a running app; the one copy, used by {@code verify} for every app
 * and by the Java apps' conformance suites. A server ({@link Hang}) is stopped with SIGSTOP (with its children,
 * {@link FrozenProcess}), and while it hangs each request that needs it must get the contract's 503
 * ({@code text/plain; charset=utf-8}, {@code Service Unavailable}) within {@link #BOUND} (checked with {@link #SLACK}
 * of slack) and a page that does not need it must be answered, byte for byte, within {@link #PROMPT}; once it runs
 * again (SIGCONT) the app must serve the pages that need it again, byte for byte and without a restart, within
 * {@link #RECOVERY}. About 5 s per server when the app passes. It stops servers every app shares, so it runs one
 * app at a time and only where fairbench started them (it needs their pids). Results have the shape of the hostile
 * suite's, so that {@code verify} prints both alike. Not thread-safe.
 */
public final class HungServices {
    /** The contract's hung-service bound (docs/workload.md §5). */
    public static final Duration BOUND = Duration.ofSeconds(5);
    /** What the check allows over {@link #BOUND} for scheduling. */
    public static final Duration SLACK = Duration.ofSeconds(1);
    /** A request that does not need the hung server is answered within this. */
    public static final Duration PROMPT = Duration.ofSeconds(1);
    /** The app serves the pages again within this once the server runs again. */
    public static final Duration RECOVERY = Duration.ofSeconds(30);
    private static final byte[] UNAVAILABLE = "Service Unavailable".getBytes(StandardCharsets.UTF_8);
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);

    /** A path and the exact bytes the app answers it with while it serves normally. */
    public record Page(String path, byte[] body) {}

    /**
     * One server to hang and what to ask of the app meanwhile.
     *
     * @param server   its name in the results, e.g. {@code PostgreSQL}
     * @param pid      the server's pid (its children are stopped with it)
     * @param needIt   paths that need the server: 503 while it hangs
     * @param answered a page that does not need it: answered while it hangs
     * @param comeBack pages that need it: served again after it runs again
     */
    public record Hang(String server, long pid, List<String> needIt, Page answered, List<Page> comeBack) {}

    private final URI base;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    private HungServices(URI base) {
        this.base = base;
    }

    /** PostgreSQL as {@code verify} hangs it: {@code /} answers 503, {@code /hello} is answered, {@code /} comes back. */
    public static Hang postgres(long pid, ReferenceRenderer reference) {
        return new Hang("PostgreSQL", pid, List.of("/"), new Page("/hello", HELLO),
                List.of(new Page("/", reference.index())));
    }

    /** Redis as {@code verify} hangs it: {@code /cached} answers 503, {@code /} is answered, {@code /cached} comes back. */
    public static Hang redis(long pid, ReferenceRenderer reference) {
        return new Hang("Redis", pid, List.of("/cached"), new Page("/", reference.index()),
                List.of(new Page("/cached", reference.index())));
    }

    /**
     * The checks of {@code verify} against the app at {@code base} (it must serve {@code /}, {@code /cached} and
     * {@code /hello}): {@link #postgres}, then {@link #redis}.
     */
    public static List<HostileChecker.Result> check(URI base, ReferenceRenderer reference, long postgresPid,
                                                    long redisPid) throws InterruptedException {
        return check(base, List.of(postgres(postgresPid, reference), redis(redisPid, reference)));
    }

    /**
     * Hangs each server in turn and checks the app at {@code base} meanwhile and after; every server runs again
     * afterwards.
     *
     * @return per server: one result per path that needs it, one for the page answered, one per page come back
     */
    public static List<HostileChecker.Result> check(URI base, List<Hang> hangs) throws InterruptedException {
        HungServices checks = new HungServices(base);
        List<HostileChecker.Result> results = new ArrayList<>();
        try (HttpClient ignored = checks.client) {
            for (Hang hang : hangs) checks.freezeAndCheck(results, hang);
        }
        return results;
    }

    private void freezeAndCheck(List<HostileChecker.Result> results, Hang hang) throws InterruptedException {
        String server = hang.server();
        try (FrozenProcess ignored = new FrozenProcess(hang.pid())) {
            for (String path : hang.needIt()) {
                results.add(timed("hung " + server + ": " + path + " answers 503", () -> unavailable(path),
                        BOUND.plus(SLACK)));
            }
            Page answered = hang.answered();
            results.add(timed("hung " + server + ": " + answered.path() + " is answered", () -> {
                HttpResponse<byte[]> r = get(answered.path(), PROMPT);
                if (r.statusCode() != 200) return "status " + r.statusCode() + ", expected 200";
                return Arrays.equals(r.body(), answered.body()) ? null : "200 with other bytes than the contract's";
            }, PROMPT));
        } catch (IOException e) {
            results.add(new HostileChecker.Result("hung " + server, false, 0, "cannot stop it: " + e.getMessage()));
        }
        for (Page page : hang.comeBack()) {
            results.add(timed(server + " back: " + page.path() + " serves 200 again", () -> awaitOk(page), RECOVERY));
        }
    }

    private String unavailable(String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = get(path, BOUND.plus(SLACK));
        if (r.statusCode() != 503) return "status " + r.statusCode() + ", expected 503";
        if (!Arrays.equals(r.body(), UNAVAILABLE)) {
            return "body \"" + new String(r.body(), StandardCharsets.UTF_8) + "\", expected Service Unavailable";
        }
        String type = r.headers().firstValue("content-type").orElse("");
        return type.replace(" ", "").toLowerCase(Locale.ROOT).equals("text/plain;charset=utf-8") ? null
                : "Content-Type \"" + type + "\", expected text/plain; charset=utf-8";
    }

    private String awaitOk(Page page) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        String last;
        do {
            HttpResponse<byte[]> r = get(page.path(), RECOVERY);
            if (r.statusCode() == 200) {
                return Arrays.equals(r.body(), page.body()) ? null : "200 with other bytes than the reference page";
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
        } catch (HttpTimeoutException e) {
            problem = "no answer within " + bound.toMillis() + " ms";
        } catch (IOException e) {
            problem = "bad answer: " + e;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (problem == null && millis > bound.toMillis()) problem = "answered after " + millis + " ms";
        return new HostileChecker.Result(name, problem == null, millis, problem);
    }
}
