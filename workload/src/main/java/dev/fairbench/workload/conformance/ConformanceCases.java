package dev.fairbench.workload.conformance;

import dev.fairbench.workload.compute.Primes;
import dev.fairbench.workload.data.Post;
import dev.fairbench.workload.data.Tag;
import dev.fairbench.workload.phash.PHash;
import dev.fairbench.workload.phash.PHashVectors;
import dev.fairbench.workload.render.ReferenceRenderer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Every request of the conformance gate, built from the reference renderer: every page (all posts, all tags,
 * cached twice so that both a miss and a hit are compared), {@code /compute}, {@code /hello}, {@code /phash} on
 * the test vectors, and the bad-input cases of the contract (section 5).
 */
public final class ConformanceCases {
    public static final String HTML = "text/html; charset=utf-8";
    public static final String TEXT = "text/plain; charset=utf-8";
    public static final String JSON = "application/json";

    private ConformanceCases() {}

    public static List<ConformanceCase> all(ReferenceRenderer ref) {
        List<ConformanceCase> cases = new ArrayList<>(pages(ref));
        cases.addAll(badInput(ref));
        return cases;
    }

    public static List<ConformanceCase> pages(ReferenceRenderer ref) {
        List<ConformanceCase> cases = new ArrayList<>();
        cases.add(get("hello", "/hello", TEXT, utf8("Hello, World!")));
        cases.add(get("compute", "/compute", TEXT, utf8(Long.toString(Primes.SUM_BELOW_LIMIT))));
        byte[] index = ref.index();
        cases.add(get("index", "/", HTML, index));
        cases.add(cached("index-cached (miss)", "/cached", index));
        cases.add(cached("index-cached (hit)", "/cached", index));
        for (Post p : ref.dataset().posts()) {
            byte[] page = ref.detail(p.slug()).orElseThrow();
            cases.add(get("detail", "/post/" + p.slug(), HTML, page));
            cases.add(cached("detail-cached (miss)", "/post/" + p.slug() + "/cached", page));
            cases.add(cached("detail-cached (hit)", "/post/" + p.slug() + "/cached", page));
        }
        for (Tag t : ref.dataset().tags()) {
            cases.add(get("tag", "/tag/" + t.slug(), HTML, ref.tag(t.slug()).orElseThrow()));
        }
        for (PHashVectors.Vector v : PHashVectors.all()) {
            cases.add(new ConformanceCase("phash " + v.name(), "POST", "/phash", v.image(), 200, JSON,
                    utf8(PHash.json(v.image())), null));
        }
        return cases;
    }

    public static List<ConformanceCase> badInput(ReferenceRenderer ref) {
        byte[] notFound = utf8("Not Found");
        byte[] notAllowed = utf8("Method Not Allowed");
        String someSlug = ref.dataset().posts().getFirst().slug();
        List<ConformanceCase> cases = new ArrayList<>();
        for (String path : List.of("/post/no-such-post", "/post/no-such-post/cached", "/tag/no-such-tag",
                "/nothing-here", "/post/", "/tag/", "/post/" + someSlug + "/", "/post/" + someSlug + "/extra",
                "/post/%00", "/post/" + someSlug + "%00", "/post/x'%20OR%20'1'='1", "/tag/x';DROP%20TABLE%20tags;--",
                "/post/..%2F..%2Fetc%2Fpasswd")) {
            cases.add(new ConformanceCase("404 " + path, "GET", path, null, 404, TEXT, notFound, null));
        }
        cases.add(new ConformanceCase("405 POST /", "POST", "/", new byte[0], 405, TEXT, notAllowed, null));
        cases.add(new ConformanceCase("405 GET /phash", "GET", "/phash", null, 405, TEXT, notAllowed, null));
        cases.add(new ConformanceCase("405 POST /hello", "POST", "/hello", new byte[0], 405, TEXT, notAllowed, null));
        cases.add(new ConformanceCase("400 phash 100 bytes", "POST", "/phash", new byte[100], 400, JSON,
                utf8("{\"error\":\"body must be exactly 4096 bytes\"}"), null));
        cases.add(new ConformanceCase("400 phash empty", "POST", "/phash", new byte[0], 400, JSON,
                utf8("{\"error\":\"body must be exactly 4096 bytes\"}"), null));
        cases.add(new ConformanceCase("413 phash 70000 bytes", "POST", "/phash", new byte[70_000], 413, JSON,
                utf8("{\"error\":\"body larger than 65536 bytes\"}"), null));
        return cases;
    }

    private static ConformanceCase get(String name, String path, String type, byte[] body) {
        return new ConformanceCase(name + " " + path, "GET", path, null, 200, type, body, null);
    }

    private static ConformanceCase cached(String name, String path, byte[] body) {
        return new ConformanceCase(name + " " + path, "GET", path, null, 200, HTML, body, "page:GET:" + path);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
