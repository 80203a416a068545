package dev.fairbench.workload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The routes of the workload contract (section 4) by their names in results, in the order runs measure them. */
public enum Route {
    INDEX("index", "GET", "/"),
    DETAIL("detail", "GET", "/post/{slug}"),
    TAG("tag", "GET", "/tag/{slug}"),
    INDEX_CACHED("index-cached", "GET", "/cached"),
    DETAIL_CACHED("detail-cached", "GET", "/post/{slug}/cached"),
    COMPUTE("compute", "GET", "/compute"),
    HELLO("hello", "GET", "/hello"),
    PHASH("phash", "POST", "/phash");

    private final String routeName;
    private final String method;
    private final String pathPattern;

    Route(String routeName, String method, String pathPattern) {
        this.routeName = routeName;
        this.method = method;
        this.pathPattern = pathPattern;
    }

    /** The name in results and on the command line, e.g. {@code index-cached}. */
    public String routeName() {
        return routeName;
    }

    public String method() {
        return method;
    }

    /** The path as the contract writes it, e.g. {@code /post/{slug}}. */
    public String pathPattern() {
        return pathPattern;
    }

    /** Every route name, comma-separated, for error messages and help. */
    public static String names() {
        return Arrays.stream(values()).map(Route::routeName).collect(Collectors.joining(", "));
    }

    /** @throws IllegalArgumentException with one line listing the valid names when {@code name} is none of them */
    public static Route byName(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        for (Route r : values()) {
            if (r.routeName.equals(wanted)) return r;
        }
        throw new IllegalArgumentException("unknown route '" + name.strip() + "': expected one of " + names());
    }

    /** Parses a comma-separated list (blank entries ignored), keeping the canonical order and dropping repeats. */
    public static List<Route> parseList(String commaSeparated) {
        var wanted = Arrays.stream(commaSeparated.split(",")).filter(s -> !s.isBlank()).map(Route::byName)
                .collect(Collectors.toSet());
        if (wanted.isEmpty()) throw new IllegalArgumentException("no route given: expected one of " + names());
        return Arrays.stream(values()).filter(wanted::contains).toList();
    }

    /**
     * The route a request path belongs to, or {@code null} for a path of no route (e.g. {@code /nothing-here}).
     * Used to select the conformance cases of the routes an app serves.
     */
    public static Route ofPath(String path) {
        if (path.equals("/")) return INDEX;
        if (path.equals("/cached")) return INDEX_CACHED;
        if (path.equals("/hello")) return HELLO;
        if (path.equals("/compute")) return COMPUTE;
        if (path.equals("/phash")) return PHASH;
        if (path.startsWith("/post/")) return path.endsWith("/cached") ? DETAIL_CACHED : DETAIL;
        if (path.startsWith("/tag/")) return TAG;
        return null;
    }
}
