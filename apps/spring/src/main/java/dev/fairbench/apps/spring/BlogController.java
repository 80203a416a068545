package dev.fairbench.apps.spring;

import dev.fairbench.apps.common.PHash;
import dev.fairbench.apps.common.Primes;
import dev.fairbench.apps.common.Queries;
import dev.fairbench.apps.lettucecache.LettucePageCache;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/** The routes of the contract (section 4). Bodies are byte arrays: the pages are rendered to bytes already. */
@RestController
final class BlogController {
    /** Largest {@code /phash} body before 413 (contract section 5). */
    static final int MAX_PHASH_BODY_BYTES = 65_536;
    /**
     * Contract §5.1: a {@code /phash} body not complete 2 s after its head is refused, whether it stalls or trickles
     * in. 1.5 s, because the deadline is only seen when a read returns: a body at a byte a second is refused at its
     * first byte past 1.5 s, 2 s after the head.
     */
    static final Duration BODY_BOUND = Duration.ofMillis(1_500);

    private final BlogPages pages;
    private final LettucePageCache cache;

    BlogController(BlogPages pages, LettucePageCache cache) {
        this.pages = pages;
        this.cache = cache;
    }

    @GetMapping("/")
    ResponseEntity<byte[]> index() {
        return Responses.html(pages.index());
    }

    @GetMapping("/cached")
    ResponseEntity<byte[]> indexCached() {
        return cached("/cached", () -> Optional.of(pages.index()));
    }

    @GetMapping("/post/{slug}")
    ResponseEntity<byte[]> detail(@PathVariable("slug") String slug) {
        if (!Queries.isValidSlug(slug)) return Responses.notFound();
        return pages.detail(slug).map(Responses::html).orElseGet(Responses::notFound);
    }

    @GetMapping("/post/{slug}/cached")
    ResponseEntity<byte[]> detailCached(@PathVariable("slug") String slug) {
        if (!Queries.isValidSlug(slug)) return Responses.notFound();
        return cached("/post/" + slug + "/cached", () -> pages.detail(slug));
    }

    @GetMapping("/tag/{slug}")
    ResponseEntity<byte[]> tag(@PathVariable("slug") String slug) {
        if (!Queries.isValidSlug(slug)) return Responses.notFound();
        return pages.tag(slug).map(Responses::html).orElseGet(Responses::notFound);
    }

    @GetMapping("/compute")
    ResponseEntity<byte[]> compute() {
        return Responses.text(Long.toString(Primes.sumBelow(Primes.LIMIT)));
    }

    @GetMapping("/hello")
    ResponseEntity<byte[]> hello() {
        return Responses.text("Hello, World!");
    }

    /**
     * OPTIONS on a route is a 405 like any other method the route does not serve (contract §5.1); without this
     * mapping Spring answers it itself with 200 and an {@code Allow} header.
     */
    @RequestMapping(method = RequestMethod.OPTIONS, path = {"/", "/cached", "/post/{slug}", "/post/{slug}/cached",
            "/tag/{slug}", "/compute", "/hello", "/phash"})
    ResponseEntity<byte[]> options() {
        return Responses.status(405);
    }

    /** Reads the body itself, at most one byte past the limit, so that a huge upload is never buffered. */
    @PostMapping("/phash")
    ResponseEntity<byte[]> phash(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > MAX_PHASH_BODY_BYTES) return Responses.payloadTooLarge();
        byte[] image;
        try (InputStream in = request.getInputStream()) {
            image = body(in, System.nanoTime() + BODY_BOUND.toNanos());
        } catch (IOException stalledOrGone) {
            // A body that stalled past the connection timeout, or a client that left (contract §5.1): a 400,
            // not a 500 with an ERROR stack trace in the log; Tomcat closes the connection after it.
            return Responses.badImageSize();
        }
        // Not all there by the deadline: a 400, after which Tomcat closes the connection rather than wait for the
        // rest (server.tomcat.max-swallow-size=0).
        if (image == null) return Responses.badImageSize();
        if (image.length > MAX_PHASH_BODY_BYTES) return Responses.payloadTooLarge();
        if (image.length != PHash.IMAGE_BYTES) return Responses.badImageSize();
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body(PHash.json(image).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The body, at most one byte past the limit; {@code null} when it is not complete by {@code deadlineNanos}. A
     * read returns when bytes come, or fails after Tomcat's 1.5 s read timeout, so the deadline is checked at
     * least that often.
     */
    static byte[] body(InputStream in, long deadlineNanos) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(PHash.IMAGE_BYTES);
        byte[] chunk = new byte[8192];
        for (int read; body.size() <= MAX_PHASH_BODY_BYTES && (read = in.read(chunk)) >= 0; ) {
            body.write(chunk, 0, read);
            if (System.nanoTime() - deadlineNanos > 0) return null;
        }
        return body.toByteArray();
    }

    /** A page from the Redis cache, or rendered and stored there on a miss; a missing page is cached nowhere. */
    private ResponseEntity<byte[]> cached(String path, Supplier<Optional<byte[]>> render) {
        byte[] hit = cache.get(path);
        if (hit != null) return Responses.html(hit);
        Optional<byte[]> page = render.get();
        if (page.isEmpty()) return Responses.notFound();
        cache.put(path, page.get());
        return Responses.html(page.get());
    }
}
