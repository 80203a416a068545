package dev.fairbench.apps.helidon;

import dev.fairbench.apps.common.PHash;
import dev.fairbench.apps.common.Primes;
import dev.fairbench.apps.common.Queries;
import dev.fairbench.apps.lettucecache.LettucePageCache;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The routes of the contract (section 4), as blocking handlers (Helidon runs each on a virtual thread). Every known
 * path answers 405 to other methods and everything else 404, with the contract's bodies. {@code HEAD} on a
 * {@code GET} route runs the {@code GET}'s handler, which answers with the {@code GET}'s head and no body
 * ({@link Answers}).
 */
final class BlogRoutes implements HttpService {
    /** Largest {@code /phash} body; the listener's {@code maxPayloadSize} answers 413 above it (contract section 5). */
    static final long MAX_PHASH_BODY_BYTES = 65_536;

    /** A page source that may fail with PostgreSQL. */
    @FunctionalInterface
    private interface Render {
        Optional<byte[]> page() throws SQLException;
    }

    private final BlogPages pages;
    private final LettucePageCache cache;
    private final StallGuard stalls;

    BlogRoutes(BlogPages pages, LettucePageCache cache, StallGuard stalls) {
        this.pages = pages;
        this.cache = cache;
        this.stalls = stalls;
    }

    @Override
    public void routing(HttpRules rules) {
        get(rules, "/", (req, res) -> Answers.html(req, res, pages.index()));
        get(rules, "/cached", (req, res) -> cached(req, res, "/cached", () -> Optional.of(pages.index())));
        get(rules, "/post/{slug}", this::detail);
        get(rules, "/post/{slug}/cached", this::detailCached);
        get(rules, "/tag/{slug}", this::tag);
        get(rules, "/compute", (req, res) -> Answers.text(req, res, Long.toString(Primes.sumBelow(Primes.LIMIT))));
        get(rules, "/hello", (req, res) -> Answers.text(req, res, "Hello, World!"));
        rules.post("/phash", this::phash);
        for (String path : new String[] {"/", "/cached", "/post/{slug}", "/post/{slug}/cached", "/tag/{slug}",
                "/compute", "/hello"}) {
            rules.any(path, methodNotAllowed("GET"));
        }
        rules.any("/phash", methodNotAllowed("POST"))
                .any(Answers::notFound);
    }

    /**
     * A {@code GET} route and its {@code HEAD} (contract §5.1): Helidon 4.5 writes whatever body a handler sends,
     * {@code HEAD} or not, so the handler's {@link Answers} leave the body out of a {@code HEAD} answer. Registered
     * after the {@code GET}, the {@code HEAD} route costs a {@code GET} nothing.
     */
    private static void get(HttpRules rules, String path, Handler handler) {
        rules.get(path, handler);
        rules.route(Method.HEAD, path, handler);
    }

    /**
     * A routing filter: a target with a dot segment names no route (contract §4), a 404. Helidon routes on the path
     * with its dot segments resolved ({@code /post/../hello} would be {@code /hello}), so the raw path is checked
     * before routing.
     */
    static void refuseDotSegments(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        if (hasDotSegment(req.path().rawPath())) Answers.notFound(req, res);
        else chain.proceed();
    }

    /** Whether a raw path has a {@code .} or {@code ..} segment, literal or percent-encoded ({@code %2E}). */
    static boolean hasDotSegment(String rawPath) {
        if (rawPath.indexOf('.') < 0 && rawPath.indexOf('%') < 0) return false;
        for (String segment : rawPath.split("/", -1)) {
            String dots = segment.replace("%2E", ".").replace("%2e", ".");
            if (dots.equals(".") || dots.equals("..")) return true;
        }
        return false;
    }

    /**
     * The slug of the request, or {@code null} when it breaks the slug rule; Helidon matches on the decoded path,
     * so an encoded {@code /} ({@code /post/x%2Fcached}) is caught on the raw one (contract §5.1: a 404).
     */
    private static String slug(ServerRequest req) {
        String slug = req.path().pathParameters().get("slug");
        boolean encodedSlash = req.path().rawPath().toLowerCase(java.util.Locale.ROOT).contains("%2f");
        return encodedSlash || !Queries.isValidSlug(slug) ? null : slug;
    }

    private void detail(ServerRequest req, ServerResponse res) throws SQLException {
        String slug = slug(req);
        if (slug == null) {
            Answers.notFound(req, res);
            return;
        }
        send(req, res, pages.detail(slug));
    }

    private void detailCached(ServerRequest req, ServerResponse res) throws SQLException {
        String slug = slug(req);
        if (slug == null) {
            Answers.notFound(req, res);
            return;
        }
        cached(req, res, "/post/" + slug + "/cached", () -> pages.detail(slug));
    }

    private void tag(ServerRequest req, ServerResponse res) throws SQLException {
        String slug = slug(req);
        if (slug == null) {
            Answers.notFound(req, res);
            return;
        }
        send(req, res, pages.tag(slug));
    }

    /** Bodies over {@link #MAX_PHASH_BODY_BYTES} never get here: the listener refuses them. */
    private void phash(ServerRequest req, ServerResponse res) {
        byte[] image = req.content().hasEntity() ? body(req) : new byte[0];
        if (image.length != PHash.IMAGE_BYTES) {
            Answers.json(res, Status.BAD_REQUEST_400, Answers.BAD_IMAGE_SIZE);
            return;
        }
        res.header(Answers.JSON).send(PHash.json(image).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The request's body, read under the {@link StallGuard} (contract §5.1): the mark is taken once, as the body
     * starts, so a body not complete within the bound ends the connection, whether it stalls or trickles in (a
     * mark moved on with every read would let a client sending a byte a second hold the connection for an hour). A
     * {@code Content-Length} body is read into an array of its length; a chunked one into a growing array, whose
     * size Helidon bounds by {@code maxPayloadSize}.
     */
    private byte[] body(ServerRequest req) {
        long declared = req.headers().contentLength().orElse(-1);
        byte[] body = new byte[declared >= 0 ? (int) declared : 8192];
        int length = 0;
        StallGuard.Watch watch = stalls.watch();
        stalls.mark(watch);
        try (InputStream in = req.content().inputStream()) {
            while (true) {
                if (length == body.length) {
                    if (declared >= 0) break;
                    body = Arrays.copyOf(body, length * 2);
                }
                int read = in.read(body, length, body.length - length);
                if (read < 0) break;
                length += read;
            }
        } catch (IOException | RuntimeException e) {
            if (Thread.interrupted()) throw new CloseConnectionException("request body stalled", e);
            if (e instanceof IOException io) throw new UncheckedIOException(io);
            throw (RuntimeException) e;
        } finally {
            StallGuard.clear(watch);
        }
        return length == body.length ? body : Arrays.copyOf(body, length);
    }

    /** A page from the Redis cache, or rendered and stored there on a miss; a missing page is cached nowhere. */
    private void cached(ServerRequest req, ServerResponse res, String path, Render render) throws SQLException {
        byte[] hit = cache.get(path);
        if (hit != null) {
            Answers.html(req, res, hit);
            return;
        }
        Optional<byte[]> page = render.page();
        if (page.isPresent()) cache.put(path, page.get());
        send(req, res, page);
    }

    private static void send(ServerRequest req, ServerResponse res, Optional<byte[]> page) {
        if (page.isPresent()) {
            Answers.html(req, res, page.get());
        } else {
            Answers.notFound(req, res);
        }
    }

    private static Handler methodNotAllowed(String allow) {
        var allowHeader = HeaderValues.createCached(HeaderNames.ALLOW, allow);
        return (req, res) -> Answers.send(req, res.status(Status.METHOD_NOT_ALLOWED_405).header(allowHeader)
                .header(Answers.TEXT), Answers.METHOD_NOT_ALLOWED);
    }
}
