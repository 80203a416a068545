package dev.fairbench.apps.vertx;

import dev.fairbench.apps.common.PHash;
import dev.fairbench.apps.common.Primes;
import dev.fairbench.apps.common.Queries;
import dev.fairbench.templates.CommentView;
import dev.fairbench.templates.Pages;
import dev.fairbench.templates.PostPage;
import dev.fairbench.templates.PostSummaries;
import dev.fairbench.templates.PostSummary;
import dev.fairbench.templates.TagLink;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * One event loop's share of the app: an HTTP server on the shared port, its own PostgreSQL connections and its
 * own Redis connection (contract section 7: one pool slice per worker). Routing is a switch on the path.
 * A page's queries all go to one connection and the independent ones are sent together, pipelined: detail 1 round
 * trip, index 2, tag 2. {@code /compute} and {@code /phash} run on the event loop: with one loop per core there is
 * no idle core for a worker pool to use, only hand-offs to pay.
 *
 * <p>Runs on its event loop only; not thread-safe, and needs none.
 */
final class BlogVerticle extends VerticleBase {
    /** A page that takes longer than this (a PostgreSQL or Redis that hangs) answers 503. */
    static final long REQUEST_TIMEOUT_MILLIS = 4_000;
    static final int PHASH_MAX_BODY_BYTES = 65_536;
    /** A declared body over this is refused on the head alone, and the connection closed, not drained. */
    static final long DRAIN_LIMIT_BYTES = 1 << 20;
    /** Contract §5.1: the stall bound of a request head or body. */
    static final int STALL_SECONDS = 2;
    static final int CACHE_TTL_SECONDS = 60;
    /** Period of the idle sweep, which is also the unit of its clock. */
    static final long SWEEP_MILLIS = 250;
    /**
     * Sweep ticks after which a connection without a request in flight is closed: its idle time, counted from a
     * tick value, is then more than {@code (IDLE_TICKS - 1) * SWEEP_MILLIS} = 2 s, and at most 2.25 s.
     */
    static final int IDLE_TICKS = (int) (TimeUnit.SECONDS.toMillis(STALL_SECONDS) / SWEEP_MILLIS) + 1;

    private static final CharSequence HTML = HttpHeaders.createOptimized("text/html; charset=utf-8");
    private static final CharSequence TEXT = HttpHeaders.createOptimized("text/plain; charset=utf-8");
    private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
    private static final Buffer HELLO = utf8("Hello, World!");
    private static final Buffer NOT_FOUND = utf8("Not Found");
    private static final Buffer METHOD_NOT_ALLOWED = utf8("Method Not Allowed");
    private static final Buffer SERVICE_UNAVAILABLE = utf8("Service Unavailable");
    private static final Buffer BAD_PHASH_SIZE = utf8("{\"error\":\"body must be exactly 4096 bytes\"}");
    private static final Buffer PHASH_TOO_LARGE = utf8("{\"error\":\"body larger than 65536 bytes\"}");
    private static final byte[] CACHE_KEY_PREFIX = "page:GET:".getBytes(StandardCharsets.US_ASCII);
    /** A page future completes with this when the slug is unknown: a 404 that caches nothing. */
    private static final Buffer MISSING = Buffer.buffer(0);

    private final String host;
    private final int requestedPort;
    private final PgConnectOptions pgOptions;
    private final int pgConnections;
    private final String redisUrl;
    private final AtomicInteger actualPort;
    private PgConnections pg;
    private RedisLink redis;
    /** This event loop's open connections; a request finds its own with one lookup. */
    private final HashMap<HttpConnection, Conn> conns = new HashMap<>();
    /** The idle sweep's clock: sweeps since start. */
    private int tick;
    private long sweepTimer = -1;

    /**
     * A connection's requests in flight, counted from the request handler to the response's {@code end} (every
     * answer goes through {@link #send}; the other ends close the connection), and the tick it last became idle.
     */
    private static final class Conn {
        final HttpConnection connection;
        int inFlight;
        int idleSince;

        Conn(HttpConnection connection, int idleSince) {
            this.connection = connection;
            this.idleSince = idleSince;
        }
    }

    /**
     * @param host           IP literal to listen on (the contract's {@code HOST}), and only there
     * @param requestedPort  port to listen on; a negative value shares one random port among all verticles
     * @param pgConnections  PostgreSQL connections of this verticle
     * @param actualPort     receives the port the server listens on
     */
    BlogVerticle(String host, int requestedPort, PgConnectOptions pgOptions, int pgConnections, String redisUrl,
                 AtomicInteger actualPort) {
        this.host = host;
        this.requestedPort = requestedPort;
        this.pgOptions = pgOptions;
        this.pgConnections = pgConnections;
        this.redisUrl = redisUrl;
        this.actualPort = actualPort;
    }

    @Override
    public Future<?> start() {
        pg = new PgConnections(vertx, pgOptions, pgConnections);
        redis = new RedisLink(vertx, redisUrl);
        // No idle timeout: Vert.x's would also close a connection whose request waits on a hung service (up to the
        // 5 s bound of §5). A stalled request head is bounded by the idle sweep instead, which only closes
        // connections without a request in flight; a stalled body is bounded in phash.
        // No h2c (the contract is HTTP/1.1): with it, Vert.x creates the connection, and calls connectionHandler,
        // only once the first request head is complete, so a first head that stalls would escape the sweep.
        HttpServer server = vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true).setTcpFastOpen(true)
                        .setHttp2ClearTextEnabled(false))
                .connectionHandler(this::opened)
                .requestHandler(this::handle);
        sweepTimer = vertx.setPeriodic(SWEEP_MILLIS, t -> sweep());
        return Future.join(pg.start(), redis.start())
                .compose(v -> server.listen(requestedPort, host))
                .onSuccess(s -> actualPort.set(s.actualPort()));
    }

    @Override
    public Future<?> stop() {
        vertx.cancelTimer(sweepTimer);
        pg.close();
        redis.close();
        return Future.succeededFuture();
    }

    private void opened(HttpConnection connection) {
        conns.put(connection, new Conn(connection, tick));
        connection.closeHandler(v -> conns.remove(connection));
    }

    /**
     * Contract §5.1: a connection with no request in flight for 2 s is closed, whether it sends nothing or a head
     * that never ends (Vert.x calls the request handler only once the head is complete). One timer per event loop;
     * a request costs a lookup and two field updates, no timer.
     */
    private void sweep() {
        int now = ++tick;
        for (Iterator<Conn> it = conns.values().iterator(); it.hasNext(); ) {
            Conn c = it.next();
            if (c.inFlight == 0 && now - c.idleSince >= IDLE_TICKS) {
                it.remove(); // before close(), whose closeHandler may run at once
                c.connection.close();
            }
        }
    }

    private void handle(HttpServerRequest req) {
        Conn c = conns.get(req.connection());
        if (c != null) c.inFlight++;
        try {
            route(req);
        } catch (RuntimeException e) {
            // A bug must not leave the client waiting nor show a stack trace: answer like a failing service.
            send(req, 503, TEXT, SERVICE_UNAVAILABLE);
        }
    }

    private void route(HttpServerRequest req) {
        String path = req.path();
        // HEAD is served like GET; Vert.x sends the head (Content-Length included) without the body.
        boolean get = req.method() == HttpMethod.GET || req.method() == HttpMethod.HEAD;
        switch (path) {
            case "/hello" -> {
                if (get) send(req, 200, TEXT, HELLO);
                else notAllowed(req);
            }
            case "/compute" -> {
                if (get) send(req, 200, TEXT, utf8(Long.toString(Primes.sumBelow(Primes.LIMIT))));
                else notAllowed(req);
            }
            case "/" -> page(req, get, this::index);
            case "/cached" -> cached(req, get, this::index);
            case "/phash" -> {
                if (req.method() == HttpMethod.POST) phash(req);
                else notAllowed(req);
            }
            default -> slugRoute(req, path, get);
        }
    }

    /** {@code /post/{slug}}, {@code /post/{slug}/cached} and {@code /tag/{slug}}; anything else is a 404. */
    private void slugRoute(HttpServerRequest req, String path, boolean get) {
        if (path.startsWith("/post/")) {
            String rest = path.substring("/post/".length());
            boolean cached = rest.endsWith("/cached");
            String slug = decode(cached ? rest.substring(0, rest.length() - "/cached".length()) : rest);
            if (!Queries.isValidSlug(slug)) {
                send(req, 404, TEXT, NOT_FOUND);
            } else if (cached) {
                cached(req, get, c -> detail(c, slug));
            } else {
                page(req, get, c -> detail(c, slug));
            }
        } else if (path.startsWith("/tag/")) {
            String slug = decode(path.substring("/tag/".length()));
            if (!Queries.isValidSlug(slug)) send(req, 404, TEXT, NOT_FOUND);
            else page(req, get, c -> tag(c, slug));
        } else {
            send(req, 404, TEXT, NOT_FOUND);
        }
    }

    /**
     * A slug segment percent-decoded on its own (contract §5.1: {@code %61} is an "a", {@code %2F} stays inside
     * the slug and fails the slug rule); an invalid escape gives a string that fails the slug rule too.
     */
    static String decode(String segment) {
        if (segment.indexOf('%') < 0) return segment;
        try {
            return java.net.URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return segment;
        }
    }

    private void page(HttpServerRequest req, boolean get, Function<PgConnection, Future<Buffer>> render) {
        if (!get) {
            notAllowed(req);
            return;
        }
        PgConnection c = pg.next();
        if (c == null) {
            send(req, 503, TEXT, SERVICE_UNAVAILABLE);
            return;
        }
        respond(req, render.apply(c));
    }

    /**
     * Contract section 4.3: one GET on a hit; on a miss render, SET with a TTL, then answer. A hit is answered with
     * the bytes of Redis's reply as read from its socket, written once; nothing is kept after the answer.
     */
    private void cached(HttpServerRequest req, boolean get, Function<PgConnection, Future<Buffer>> render) {
        if (!get) {
            notAllowed(req);
            return;
        }
        if (!redis.up()) {
            send(req, 503, TEXT, SERVICE_UNAVAILABLE);
            return;
        }
        byte[] key = cacheKey(req.path());
        Future<Buffer> page = redis.get(key).compose(hit -> {
            if (hit != null) return Future.succeededFuture(hit);
            PgConnection c = pg.next();
            if (c == null) return Future.failedFuture("PostgreSQL unavailable");
            return render.apply(c).compose(bytes -> bytes == MISSING ? Future.succeededFuture(MISSING)
                    : redis.set(key, bytes, CACHE_TTL_SECONDS).map(ok -> bytes));
        });
        respond(req, page);
    }

    /**
     * {@code page:GET:<path>} as bytes. The cached routes' paths are ASCII ({@code /cached}, or {@code /post/} with
     * a slug that matched {@code [a-z0-9-]+}), so each char is its byte: no encoder, no intermediate string.
     */
    static byte[] cacheKey(String path) {
        byte[] key = new byte[CACHE_KEY_PREFIX.length + path.length()];
        System.arraycopy(CACHE_KEY_PREFIX, 0, key, 0, CACHE_KEY_PREFIX.length);
        for (int i = 0; i < path.length(); i++) key[CACHE_KEY_PREFIX.length + i] = (byte) path.charAt(i);
        return key;
    }

    /**
     * Answers with the page once it is there, or 503 after {@link #REQUEST_TIMEOUT_MILLIS} (contract: a hung service
     * gives 503 within 5 s); whichever comes first answers, the other is ignored. Both run on this verticle's loop.
     */
    private void respond(HttpServerRequest req, Future<Buffer> page) {
        // A timer of this loop, not Future.timeout: a future without a context (RedisLink's replies, so every cached
        // page) would have its timeout scheduled and cancelled on Netty's global executor thread, a cross-thread
        // hand-off with futex wake-ups on every request.
        long timer = vertx.setTimer(REQUEST_TIMEOUT_MILLIS, id -> send(req, 503, TEXT, SERVICE_UNAVAILABLE));
        page.onComplete((bytes, failure) -> {
            if (!vertx.cancelTimer(timer)) return;
            if (failure != null) send(req, 503, TEXT, SERVICE_UNAVAILABLE);
            else if (bytes == MISSING) send(req, 404, TEXT, NOT_FOUND);
            else send(req, 200, HTML, bytes);
        });
    }

    /** {@code GET /}: query 1, then queries 2 and 3 together. */
    private Future<Buffer> index(PgConnection c) {
        return c.preparedQuery(Queries.LATEST_POSTS).execute()
                .compose(rows -> summaries(c, postsOf(rows)))
                .map(posts -> Buffer.buffer(Pages.index(posts)));
    }

    /** {@code GET /post/{slug}}: its three queries at once. */
    private Future<Buffer> detail(PgConnection c, String slug) {
        Tuple param = Tuple.of(slug);
        Future<RowSet<Row>> post = c.preparedQuery(Queries.POST_BY_SLUG).execute(param);
        Future<RowSet<Row>> tags = c.preparedQuery(Queries.TAGS_OF_POST).execute(param);
        Future<RowSet<Row>> comments = c.preparedQuery(Queries.COMMENTS_OF_POST).execute(param);
        return Future.all(post, tags, comments).map(all -> {
            if (post.result().size() == 0) return MISSING;
            Row p = post.result().iterator().next();
            List<TagLink> tagLinks = new ArrayList<>(4);
            for (Row t : tags.result()) tagLinks.add(new TagLink(t.getString(0), t.getString(1)));
            List<CommentView> commentViews = new ArrayList<>(comments.result().size());
            for (Row cm : comments.result()) commentViews.add(new CommentView(cm.getString(0), cm.getString(1)));
            return Buffer.buffer(Pages.detail(new PostPage(p.getString(1), p.getString(4), p.getLocalDate(3),
                    p.getString(2), tagLinks, commentViews)));
        });
    }

    /** {@code GET /tag/{slug}}: queries 1 and 2 together, then 3 and 4 together. */
    private Future<Buffer> tag(PgConnection c, String slug) {
        Tuple param = Tuple.of(slug);
        Future<RowSet<Row>> tag = c.preparedQuery(Queries.TAG_BY_SLUG).execute(param);
        Future<RowSet<Row>> posts = c.preparedQuery(Queries.POSTS_OF_TAG).execute(param);
        return Future.all(tag, posts).compose(both -> {
            if (tag.result().size() == 0) return Future.succeededFuture(MISSING);
            Row t = tag.result().iterator().next();
            TagLink link = new TagLink(t.getString(1), t.getString(2));
            return summaries(c, postsOf(posts.result())).map(list -> Buffer.buffer(Pages.tag(link, list)));
        });
    }

    private static PostSummaries postsOf(RowSet<Row> rows) {
        PostSummaries posts = new PostSummaries();
        for (Row r : rows) {
            posts.addPost(r.getInteger(0), r.getString(1), r.getString(2), r.getString(4), r.getLocalDate(3));
        }
        return posts;
    }

    /** Queries 2 and 3 of the index (and 3 and 4 of the tag page), sent together. */
    private static Future<List<PostSummary>> summaries(PgConnection c, PostSummaries posts) {
        Tuple ids = Tuple.tuple().addArrayOfInteger(posts.postIds());
        Future<RowSet<Row>> tags = c.preparedQuery(Queries.TAGS_OF_POSTS).execute(ids);
        Future<RowSet<Row>> counts = c.preparedQuery(Queries.COMMENT_COUNTS).execute(ids);
        return Future.all(tags, counts).map(both -> {
            for (Row r : tags.result()) posts.addTag(r.getInteger(0), r.getString(1), r.getString(2));
            for (Row r : counts.result()) posts.setCommentCount(r.getInteger(0), r.getLong(1));
            return posts.build();
        });
    }

    /**
     * Reads the body up to {@link #PHASH_MAX_BODY_BYTES} and drains the rest, so that a 413 keeps the
     * connection usable; then hashes on the event loop.
     */
    private void phash(HttpServerRequest req) {
        String declared = req.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (declared != null && declaredOver(declared)) {
            // Contract §5.1: refuse on the head alone, without a 100 Continue, and do not wait for the body.
            HttpServerResponse response = req.response().putHeader(HttpHeaders.CONNECTION, "close");
            response.setStatusCode(413).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(PHASH_TOO_LARGE)
                    .onComplete(v -> req.connection().close());
            return;
        }
        if ("100-continue".equalsIgnoreCase(req.getHeader(HttpHeaders.EXPECT))) req.response().writeContinue();
        // Contract §5.1: a body not complete within the stall bound ends the connection.
        long stall = vertx.setTimer(TimeUnit.SECONDS.toMillis(STALL_SECONDS), t -> req.connection().close());
        Buffer body = Buffer.buffer(PHash.IMAGE_BYTES);
        boolean[] tooLarge = {false};
        req.handler(chunk -> {
            if (tooLarge[0]) return;
            if (body.length() + chunk.length() > PHASH_MAX_BODY_BYTES) tooLarge[0] = true;
            else body.appendBuffer(chunk);
        });
        req.endHandler(v -> {
            vertx.cancelTimer(stall);
            if (tooLarge[0]) send(req, 413, JSON, PHASH_TOO_LARGE);
            else if (body.length() != PHash.IMAGE_BYTES) send(req, 400, JSON, BAD_PHASH_SIZE);
            else send(req, 200, JSON, utf8(PHash.json(body.getBytes())));
        });
        req.exceptionHandler(e -> req.connection().close());
    }

    private static boolean declaredOver(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim()) > DRAIN_LIMIT_BYTES;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    private void notAllowed(HttpServerRequest req) {
        send(req, 405, TEXT, METHOD_NOT_ALLOWED);
    }

    private void send(HttpServerRequest req, int status, CharSequence contentType, Buffer body) {
        HttpServerResponse response = req.response();
        if (response.ended() || response.closed()) return;
        response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, contentType).end(body);
        Conn c = conns.get(req.connection());
        if (c != null && --c.inFlight == 0) c.idleSince = tick;
    }

    private static Buffer utf8(String text) {
        return Buffer.buffer(text.getBytes(StandardCharsets.UTF_8));
    }
}
