package dev.fairbench.apps.helidon;

import dev.fairbench.apps.common.PHash;
import dev.fairbench.apps.common.Primes;
import dev.fairbench.apps.common.Queries;
import dev.fairbench.apps.lettucecache.LettucePageCache;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The routes of the contract (section 4), as blocking handlers (Helidon runs each on a virtual thread). Every known
 * path answers 405 to other methods and everything else 404, with the contract's bodies.
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

    BlogRoutes(BlogPages pages, LettucePageCache cache) {
        this.pages = pages;
        this.cache = cache;
    }

    @Override
    public void routing(HttpRules rules) {
        // Not yet HEAD (contract §5.1): Helidon 4.5 writes the body of a HEAD answer, so it stays a 405 for now.
        get(rules, "/", (req, res) -> Answers.html(res, pages.index()));
        get(rules, "/cached", (req, res) -> cached(res, "/cached", () -> Optional.of(pages.index())));
        get(rules, "/post/{slug}", this::detail);
        get(rules, "/post/{slug}/cached", this::detailCached);
        get(rules, "/tag/{slug}", this::tag);
        get(rules, "/compute", (req, res) -> Answers.text(res, Long.toString(Primes.sumBelow(Primes.LIMIT))));
        get(rules, "/hello", (req, res) -> Answers.text(res, "Hello, World!"));
        rules.post("/phash", this::phash);
        for (String path : new String[] {"/", "/cached", "/post/{slug}", "/post/{slug}/cached", "/tag/{slug}",
                "/compute", "/hello"}) {
            rules.any(path, methodNotAllowed("GET"));
        }
        rules.any("/phash", methodNotAllowed("POST"))
                .any((req, res) -> Answers.notFound(res));
    }

    private static void get(HttpRules rules, String path, Handler handler) {
        rules.get(path, handler);
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
            Answers.notFound(res);
            return;
        }
        send(res, pages.detail(slug));
    }

    private void detailCached(ServerRequest req, ServerResponse res) throws SQLException {
        String slug = slug(req);
        if (slug == null) {
            Answers.notFound(res);
            return;
        }
        cached(res, "/post/" + slug + "/cached", () -> pages.detail(slug));
    }

    private void tag(ServerRequest req, ServerResponse res) throws SQLException {
        String slug = slug(req);
        if (slug == null) {
            Answers.notFound(res);
            return;
        }
        send(res, pages.tag(slug));
    }

    /** Bodies over {@link #MAX_PHASH_BODY_BYTES} never get here: the listener refuses them. */
    private void phash(ServerRequest req, ServerResponse res) {
        byte[] image = req.content().hasEntity() ? req.content().as(byte[].class) : new byte[0];
        if (image.length != PHash.IMAGE_BYTES) {
            Answers.json(res, Status.BAD_REQUEST_400, Answers.BAD_IMAGE_SIZE);
            return;
        }
        res.header(Answers.JSON).send(PHash.json(image).getBytes(StandardCharsets.UTF_8));
    }

    /** A page from the Redis cache, or rendered and stored there on a miss; a missing page is cached nowhere. */
    private void cached(ServerResponse res, String path, Render render) throws SQLException {
        byte[] hit = cache.get(path);
        if (hit != null) {
            Answers.html(res, hit);
            return;
        }
        Optional<byte[]> page = render.page();
        if (page.isPresent()) cache.put(path, page.get());
        send(res, page);
    }

    private static void send(ServerResponse res, Optional<byte[]> page) {
        if (page.isPresent()) {
            Answers.html(res, page.get());
        } else {
            Answers.notFound(res);
        }
    }

    private static Handler methodNotAllowed(String allow) {
        var allowHeader = HeaderValues.createCached(HeaderNames.ALLOW, allow);
        return (req, res) -> res.status(Status.METHOD_NOT_ALLOWED_405).header(allowHeader).header(Answers.TEXT)
                .send(Answers.METHOD_NOT_ALLOWED);
    }
}
