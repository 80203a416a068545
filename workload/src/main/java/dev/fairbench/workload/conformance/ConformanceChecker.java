package dev.fairbench.workload.conformance;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs conformance cases against a running app and reports every difference from the contract: status,
 * Content-Type, framing (Content-Length or chunked), no Content-Encoding, and the body byte for byte. For cached
 * routes, when a cache probe is given, also that the page sits in Redis under its key with the same bytes, stored
 * in the app's {@link PageCacheFormat}.
 * Not thread-safe; one checker per app.
 */
public final class ConformanceChecker {
    /** Stop collecting after this many mismatches: one broken template would otherwise report a thousand. */
    public static final int MAX_MISMATCHES = 20;

    private final int timeoutMillis;
    private final Function<String, Optional<byte[]>> cacheProbe;
    private final PageCacheFormat cacheFormat;

    /**
     * A checker for an app that caches pages as the contract has it, raw.
     *
     * @param cacheProbe reads a Redis key (raw bytes), or {@code null} to skip the cache-content check
     */
    public ConformanceChecker(int timeoutMillis, Function<String, Optional<byte[]>> cacheProbe) {
        this(timeoutMillis, cacheProbe, PageCacheFormat.RAW);
    }

    /**
     * @param cacheProbe  reads a Redis key (raw bytes), or {@code null} to skip the cache-content check
     * @param cacheFormat how the app stores a page under its key; a value not in it is a mismatch
     */
    public ConformanceChecker(int timeoutMillis, Function<String, Optional<byte[]>> cacheProbe,
                              PageCacheFormat cacheFormat) {
        this.timeoutMillis = timeoutMillis;
        this.cacheProbe = cacheProbe;
        this.cacheFormat = cacheFormat;
    }

    public ConformanceReport check(URI base, List<ConformanceCase> cases) {
        List<Mismatch> mismatches = new ArrayList<>();
        int checked = 0;
        try (HttpExchange http = new HttpExchange(base.getHost(), base.getPort(), timeoutMillis)) {
            for (ConformanceCase c : cases) {
                if (mismatches.size() >= MAX_MISMATCHES) break;
                checked++;
                HttpExchange.Response r;
                try {
                    r = http.send(c.method(), c.path(), c.body());
                } catch (IOException | RuntimeException e) {
                    mismatches.add(new Mismatch(c.name(), "request failed: " + e, ""));
                    http.close();
                    continue;
                }
                compare(c, r, mismatches);
            }
        }
        return new ConformanceReport(checked, mismatches);
    }

    private void compare(ConformanceCase c, HttpExchange.Response r, List<Mismatch> mismatches) {
        if (r.status() != c.status()) {
            mismatches.add(new Mismatch(c.name(), "status " + r.status() + ", expected " + c.status(),
                    Diffs.unified(c.expectedBody(), r.body())));
            return;
        }
        String type = r.header("content-type");
        if (type == null || !normalize(type).equals(normalize(c.contentType()))) {
            mismatches.add(new Mismatch(c.name(), "Content-Type " + type + ", expected " + c.contentType(), ""));
        }
        if (r.framing().equals("none")) {
            mismatches.add(new Mismatch(c.name(), "body framed by neither Content-Length nor chunked encoding", ""));
        }
        if (r.header("content-encoding") != null) {
            mismatches.add(new Mismatch(c.name(), "Content-Encoding " + r.header("content-encoding")
                    + ": the contract forbids compression", ""));
        }
        if (!Arrays.equals(r.body(), c.expectedBody())) {
            mismatches.add(new Mismatch(c.name(), "body differs (" + r.body().length + " bytes, expected "
                    + c.expectedBody().length + ")", Diffs.unified(c.expectedBody(), r.body())));
        }
        if (c.cacheKey() != null && cacheProbe != null) {
            Optional<byte[]> cached = cacheProbe.apply(c.cacheKey());
            if (cached.isEmpty()) {
                mismatches.add(new Mismatch(c.name(), "no Redis key " + c.cacheKey() + " after the request", ""));
            } else {
                Optional<byte[]> page = cacheFormat.page(cached.get());
                if (page.isEmpty()) {
                    mismatches.add(new Mismatch(c.name(), "Redis key " + c.cacheKey() + " does not hold a "
                            + cacheFormat.key() + " page", Diffs.unified(c.expectedBody(), cached.get())));
                } else if (!Arrays.equals(page.get(), c.expectedBody())) {
                    mismatches.add(new Mismatch(c.name(), "Redis key " + c.cacheKey() + " does not hold the "
                            + cacheFormat.key() + " page bytes", Diffs.unified(c.expectedBody(), page.get())));
                }
            }
        }
    }

    static String normalize(String contentType) {
        return contentType.toLowerCase(Locale.ROOT).replaceAll("\\s*;\\s*", ";").trim();
    }

    /** The text of a report for a terminal or a log. */
    public static String describe(ConformanceReport report) {
        if (report.passed()) return "conformance: " + report.casesChecked() + " cases passed";
        StringBuilder out = new StringBuilder("conformance: FAILED, " + report.mismatches().size()
                + " mismatch(es) in " + report.casesChecked() + " cases checked\n");
        for (Mismatch m : report.mismatches()) out.append(m).append('\n');
        return out.toString();
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
