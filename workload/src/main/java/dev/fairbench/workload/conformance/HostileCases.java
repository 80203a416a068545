package dev.fairbench.workload.conformance;

import dev.fairbench.workload.Route;
import dev.fairbench.workload.phash.PHash;
import dev.fairbench.workload.phash.PHashVectors;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The hostile suite of the contract (docs/workload.md §5.1): slow, huge and odd requests on raw connections, each
 * with its bounded outcome. Cases that stall or trickle wait for the app's bound ({@link #STALL_MILLIS}); the checker
 * runs all cases at once, so the suite takes about {@link #STALL_BOUND_MILLIS} and also shows that the app serves
 * other clients while some connections stall. Each case names the routes it needs ({@link HostileCase#routes()}), and
 * an app is tried with those whose routes it serves ({@link #forRoutes}).
 */
public final class HostileCases {
    /**
     * Contract: a request head not complete this long after its first byte, or a body not complete this long after
     * its head, is closed (or answered 408 or 400), whether it stalls or trickles in.
     */
    public static final int STALL_MILLIS = 2_000;
    /** The trickle cases send one byte this often: never quiet long enough for a per-read timeout to fire. */
    static final int TRICKLE_EVERY_MILLIS = 1_000;
    /** What the checker allows for a stalled connection: the contract's value plus scheduling slack. */
    public static final int STALL_BOUND_MILLIS = STALL_MILLIS + 1_000;
    /** Contract: a request refused on its head alone is answered (or closed) within this time. */
    public static final int PROMPT_MILLIS = 1_000;
    /** Contract: a request line or header section longer than this is refused. */
    public static final int MAX_HEAD_BYTES = 16 * 1024;

    private static final String HOST = "Host: 127.0.0.1\r\n";
    private static final Set<Integer> HEAD_TOO_LONG = Set.of(400, 414, 431);
    private static final byte[] NOT_FOUND = utf8("Not Found");
    private static final byte[] HELLO = utf8("Hello, World!");

    private HostileCases() {}

    /** Every hostile case, in suite order, for an app listening at {@code base}. */
    public static List<HostileCase> all(ReferenceRenderer ref, URI base) {
        String slug = ref.dataset().posts().getFirst().slug();
        return cases(new Fixture(slug, ref.detail(slug).orElseThrow(), base.getHost() + ":" + base.getPort()));
    }

    /**
     * The cases that apply to an app serving {@code served} ({@link HostileCase#appliesTo}), in suite order: an app
     * that serves only {@code /hello} gets the cases on the request head, the odd methods and targets, and the
     * paths that must stay 404.
     */
    public static List<HostileCase> forRoutes(ReferenceRenderer ref, URI base, Collection<Route> served) {
        return all(ref, base).stream().filter(c -> c.appliesTo(served)).toList();
    }

    /**
     * Every case's name with the routes it needs, in suite order; the same for every dataset and app, so that a
     * registry can check the case names it is given without a dataset or an app.
     */
    public static Map<String, Set<Route>> catalogue() {
        return Catalogue.ENTRIES;
    }

    /** Built once, on first use: making the cases hashes the /phash image. */
    private static final class Catalogue {
        static final Map<String, Set<Route>> ENTRIES;

        static {
            Map<String, Set<Route>> out = new LinkedHashMap<>();
            for (HostileCase c : cases(new Fixture("slug", new byte[0], "127.0.0.1:0"))) out.put(c.name(), c.routes());
            ENTRIES = Collections.unmodifiableMap(out);
        }
    }

    /** What the cases send and expect that depends on the dataset and the app's address. */
    private record Fixture(String slug, byte[] page, String authority) {}

    private static List<HostileCase> cases(Fixture f) {
        byte[] image = PHashVectors.all().getFirst().image();
        byte[] json = utf8(PHash.json(image));
        String slug = f.slug();
        byte[] page = f.page();
        List<HostileCase> cases = new ArrayList<>();
        Set<Route> hello = Set.of(Route.HELLO);
        Set<Route> phash = Set.of(Route.PHASH);
        Set<Route> detail = Set.of(Route.DETAIL);

        cases.add(new HostileCase("stalled request head", hello, STALL_BOUND_MILLIS, c -> {
            c.send("GET /hello HTTP/1.1\r\n" + HOST + "X-Stall: ");
            return statusOrClose(c.read(false), Set.of(400, 408));
        }));
        cases.add(new HostileCase("stalled body on /phash", phash, STALL_BOUND_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Content-Length: 4096\r\n\r\n");
            c.send(new byte[100]);
            return statusOrClose(c.read(false), Set.of(400, 408));
        }));
        // Long enough never to end before the case's bound: the app must give up on it, not wait it out.
        String trickled = "X-Trickle: " + "a".repeat(64);
        cases.add(new HostileCase("request head at 1 byte/s", hello, STALL_BOUND_MILLIS, c ->
                statusOrClose(c.trickle(latin1("GET /hello HTTP/1.1\r\n" + HOST + trickled), TRICKLE_EVERY_MILLIS),
                        Set.of(400, 408))));
        cases.add(new HostileCase("headers at 1 byte/s after the request line", hello, STALL_BOUND_MILLIS, c -> {
            c.send("GET /hello HTTP/1.1\r\n");
            return statusOrClose(c.trickle(latin1(HOST + trickled), TRICKLE_EVERY_MILLIS), Set.of(400, 408));
        }));
        cases.add(new HostileCase("/phash body at 1 byte/s", phash, STALL_BOUND_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Content-Length: 4096\r\n\r\n");
            return statusOrClose(c.trickle(image, TRICKLE_EVERY_MILLIS), Set.of(400, 408));
        }));
        cases.add(new HostileCase("Content-Length 10^12 on /phash", phash, PROMPT_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Content-Length: 1000000000000\r\n\r\n");
            return statusOrClose(c.read(false), Set.of(413));
        }));
        cases.add(new HostileCase("Content-Length 10^12 with Expect: 100-continue", phash, PROMPT_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Expect: 100-continue\r\nContent-Length: 1000000000000\r\n\r\n");
            return statusOrClose(c.read(false), Set.of(413));
        }));
        cases.add(new HostileCase("endless chunked body on /phash", phash, STALL_BOUND_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\n\r\n");
            for (int i = 0; i < 10; i++) c.send(chunk(new byte[8192]));
            return statusOrClose(c.read(false), Set.of(400, 408, 413));
        }));
        cases.add(new HostileCase("chunked body on /phash", phash, PROMPT_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\n\r\n");
            c.send(chunk(Arrays.copyOfRange(image, 0, 1000)));
            c.send(chunk(Arrays.copyOfRange(image, 1000, image.length)));
            c.send("0\r\n\r\n");
            return exact(c.read(false), 200, ConformanceCases.JSON, json);
        }));
        cases.add(new HostileCase("chunked body of 100 bytes on /phash", phash, PROMPT_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\n\r\n");
            c.send(chunk(new byte[100]));
            c.send("0\r\n\r\n");
            return exact(c.read(false), 400, ConformanceCases.JSON,
                    utf8("{\"error\":\"body must be exactly 4096 bytes\"}"));
        }));
        cases.add(new HostileCase("both Content-Length and chunked on /phash", Set.of(Route.PHASH, Route.HELLO),
                PROMPT_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Content-Length: 4096\r\nTransfer-Encoding: chunked\r\n\r\n");
            c.send(chunk(image));
            c.send("0\r\n\r\n");
            RawConnection.Response r = c.read(false);
            if (r == null) return null;
            if (r.status() != 400) {
                String wrong = exact(r, 200, ConformanceCases.JSON, json);
                if (wrong != null) return wrong + " (read by Content-Length instead of chunked?)";
            }
            return nextIsItself(c);
        }));
        // Content-Length covers only the first chunk's size line: a server that frames by it reads the rest of the
        // chunked body as a request of its own, and answers that before the one sent next.
        cases.add(new HostileCase("both Content-Length and chunked on /hello", hello, PROMPT_MILLIS, c -> {
            c.send("GET /hello HTTP/1.1\r\n" + HOST + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n0\r\n\r\n");
            RawConnection.Response r = c.read(false);
            if (r == null) return null;
            if (r.status() != 400) {
                String wrong = exact(r, 200, ConformanceCases.TEXT, HELLO);
                if (wrong != null) return wrong;
            }
            return nextIsItself(c);
        }));
        cases.add(new HostileCase("Expect: 100-continue on /phash", phash, 2 * PROMPT_MILLIS, c -> {
            c.send("POST /phash HTTP/1.1\r\n" + HOST + "Expect: 100-continue\r\nContent-Length: 4096\r\n\r\n");
            // Servers send 100 Continue when the handler first reads the body, which may take a while on a busy box.
            RawConnection.Response interim = c.readOne(false, PROMPT_MILLIS);
            if (interim == null) return "closed before the body was sent";
            if (interim.status() != 100) return "status " + interim.status() + " before the body, expected 100";
            c.send(image);
            return exact(c.read(false), 200, ConformanceCases.JSON, json);
        }));
        String longLine = "/hello?q=" + "a".repeat(64 * 1024);
        cases.add(new HostileCase("64 KiB request line", hello, PROMPT_MILLIS, c -> {
            c.send("GET " + longLine + " HTTP/1.1\r\n" + HOST + "\r\n");
            return statusOrClose(c.read(false), HEAD_TOO_LONG);
        }));
        cases.add(new HostileCase("8 KiB slug", detail, PROMPT_MILLIS, c -> {
            c.send("GET /post/" + "a".repeat(8 * 1024) + " HTTP/1.1\r\n" + HOST + "\r\n");
            RawConnection.Response r = c.read(false);
            return r != null && r.status() == 404 ? exact(r, 404, ConformanceCases.TEXT, NOT_FOUND)
                    : statusOrClose(r, HEAD_TOO_LONG);
        }));
        cases.add(new HostileCase("64 KiB header", hello, PROMPT_MILLIS, c -> {
            c.send("GET /hello HTTP/1.1\r\n" + HOST + "X-Big: " + "a".repeat(64 * 1024) + "\r\n\r\n");
            return statusOrClose(c.read(false), HEAD_TOO_LONG);
        }));
        cases.add(new HostileCase("1 MiB of headers", hello, PROMPT_MILLIS, c -> {
            StringBuilder h = new StringBuilder("GET /hello HTTP/1.1\r\n" + HOST);
            for (int i = 0; h.length() < 1024 * 1024; i++) h.append("X-H").append(i).append(": ").append("b".repeat(100)).append("\r\n");
            c.send(h.append("\r\n").toString());
            return statusOrClose(c.read(false), HEAD_TOO_LONG);
        }));
        cases.add(new HostileCase("HEAD /hello", hello, PROMPT_MILLIS, c -> {
            c.send("HEAD /hello HTTP/1.1\r\n" + HOST + "\r\nGET /hello HTTP/1.1\r\n" + HOST + "\r\n");
            String wrong = headOnly(c.read(true), ConformanceCases.TEXT, HELLO.length);
            return wrong != null ? wrong : exact(c.read(false), 200, ConformanceCases.TEXT, HELLO);
        }));
        cases.add(new HostileCase("HEAD /post/{slug}", Set.of(Route.DETAIL, Route.HELLO), PROMPT_MILLIS, c -> {
            c.send("HEAD /post/" + slug + " HTTP/1.1\r\n" + HOST + "\r\nGET /hello HTTP/1.1\r\n" + HOST + "\r\n");
            String wrong = headOnly(c.read(true), ConformanceCases.HTML, page.length);
            return wrong != null ? wrong : exact(c.read(false), 200, ConformanceCases.TEXT, HELLO);
        }));
        cases.add(new HostileCase("OPTIONS /hello", hello, PROMPT_MILLIS, c -> {
            c.send("OPTIONS /hello HTTP/1.1\r\n" + HOST + "\r\n");
            return exact(c.read(false), 405, ConformanceCases.TEXT, utf8("Method Not Allowed"));
        }));
        cases.add(new HostileCase("OPTIONS *", Set.of(), PROMPT_MILLIS, c -> {
            c.send("OPTIONS * HTTP/1.1\r\n" + HOST + "\r\n");
            RawConnection.Response r = c.read(false);
            if (r == null) return "closed without an answer";
            if (Set.of(400, 404, 405).contains(r.status())) return null;
            if ((r.status() == 200 || r.status() == 204) && r.body().length == 0 && !r.bodyReset()) return null;
            return "status " + r.status() + " with " + r.body().length + " body bytes, expected 400, 404 or 405,"
                    + " or 200/204 with an empty body";
        }));
        cases.add(new HostileCase("absolute-form target", hello, PROMPT_MILLIS, c -> {
            // A Host header that agrees with the target: a mismatch is refused by Tomcat and is another case.
            c.send("GET http://" + f.authority() + "/hello HTTP/1.1\r\nHost: " + f.authority() + "\r\n\r\n");
            return exact(c.read(false), 200, ConformanceCases.TEXT, HELLO);
        }));
        cases.add(new HostileCase("percent-encoded slug letter", detail, PROMPT_MILLIS, c -> {
            String encoded = String.format(Locale.ROOT, "%%%02X", (int) slug.charAt(0)) + slug.substring(1);
            c.send("GET /post/" + encoded + " HTTP/1.1\r\n" + HOST + "\r\n");
            return exact(c.read(false), 200, ConformanceCases.HTML, page);
        }));
        // Named with {slug}, sent with the dataset's first slug. The dot segments, literal or percent-encoded, would
        // resolve to /hello (or /post/{slug}/cached): no app normalizes them to another route.
        Map<String, Set<Route>> notFound = new LinkedHashMap<>();
        notFound.put("/post/{slug}%2Fcached", detail);
        notFound.put("/post/{SLUG}", detail);
        notFound.put("/post/caf%C3%A9", detail);
        notFound.put("/post/../hello", hello);
        notFound.put("/./hello", hello);
        notFound.put("/post/%2E%2E/hello", hello);
        notFound.put("/post/{slug}/%2e/cached", Set.of(Route.DETAIL, Route.DETAIL_CACHED));
        notFound.put("/../hello", hello);
        notFound.forEach((template, routes) -> {
            String path = template.replace("{slug}", slug).replace("{SLUG}", slug.toUpperCase(Locale.ROOT));
            cases.add(new HostileCase("404 " + template, routes, PROMPT_MILLIS, c -> {
                c.send("GET " + path + " HTTP/1.1\r\n" + HOST + "\r\n");
                return exact(c.read(false), 404, ConformanceCases.TEXT, NOT_FOUND);
            }));
        });
        return cases;
    }

    /** No desync: a request sent next on the connection is answered as itself, or the connection is closed. */
    private static String nextIsItself(RawConnection c) throws IOException {
        if (!c.send("GET /hello HTTP/1.1\r\n" + HOST + "\r\n")) return null;
        String next = exact(c.read(false), 200, ConformanceCases.TEXT, HELLO);
        return next == null || next.startsWith("closed") ? null : "next request on the connection: " + next;
    }

    /**
     * Null (passed) for a close, or for a response with an allowed status, whole or with its body cut by a reset:
     * the status is the answer, and an app that answers a client still sending, then closes, resets the connection.
     */
    static String statusOrClose(RawConnection.Response r, Set<Integer> allowed) {
        if (r == null || allowed.contains(r.status())) return null;
        return "status " + r.status() + ", expected one of " + allowed.stream().sorted().toList() + " or a close";
    }

    static String exact(RawConnection.Response r, int status, String type, byte[] body) {
        if (r == null) return "closed without an answer, expected " + status;
        if (r.status() != status) return "status " + r.status() + ", expected " + status;
        if (r.bodyReset()) return "connection reset inside the body";
        String t = r.header("content-type");
        if (t == null || !ConformanceChecker.normalize(t).equals(ConformanceChecker.normalize(type))) {
            return "Content-Type " + t + ", expected " + type;
        }
        if (!Arrays.equals(r.body(), body)) return "body differs (" + r.body().length + " bytes, expected " + body.length + ")";
        return null;
    }

    /** HEAD: 200, the GET's Content-Type, no body, and a Content-Length, when present, of the GET's body. */
    private static String headOnly(RawConnection.Response r, String type, int getLength) {
        if (r == null) return "closed without an answer to HEAD";
        if (r.status() != 200) return "HEAD status " + r.status() + ", expected 200";
        String t = r.header("content-type");
        if (t == null || !ConformanceChecker.normalize(t).equals(ConformanceChecker.normalize(type))) {
            return "HEAD Content-Type " + t + ", expected " + type;
        }
        String cl = r.header("content-length");
        if (cl != null && !cl.equals(Integer.toString(getLength))) return "HEAD Content-Length " + cl + ", GET has " + getLength;
        return null;
    }

    private static byte[] chunk(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length + 16);
        out.writeBytes((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(data);
        out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
