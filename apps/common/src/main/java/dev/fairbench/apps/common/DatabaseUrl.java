package dev.fairbench.apps.common;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code DATABASE_URL} of the contract (section 1): a libpq-style URL,
 * {@code postgresql://user[:password]@host[:port][/database][?options=-c%20search_path%3Dschema]} (scheme
 * {@code postgres} accepted too). Missing parts take libpq's defaults: user {@code postgres}, port 5432, database
 * named like the user. The user and password are percent-decoded. Of the query, only libpq's {@code options}
 * parameter is read, and of it only {@code -c search_path=…}: the runner adds it when the tables live in a schema
 * the role's default {@code search_path} does not name (an external server, contract section 1). Immutable and
 * thread-safe.
 *
 * @param host     host name or address
 * @param port     TCP port
 * @param database database name, never empty
 * @param user     role name, never empty
 * @param password password, or {@code null} when the URL has none
 * @param searchPath the {@code search_path} to set on every connection (e.g. {@code fairbench}), or {@code null}
 *                   for the role's default
 */
public record DatabaseUrl(String host, int port, String database, String user, String password, String searchPath) {
    private static final int DEFAULT_PORT = 5432;
    private static final String DEFAULT_USER = "postgres";
    private static final Pattern SEARCH_PATH = Pattern.compile("(?:^|\\s)-c\\s*search_path=([A-Za-z0-9_,\"$]+)");

    /** A URL without a {@code search_path}. */
    public DatabaseUrl(String host, int port, String database, String user, String password) {
        this(host, port, database, user, password, null);
    }

    /** Parses a libpq-style URL; {@link IllegalArgumentException} when it is not one or names no host. */
    public static DatabaseUrl parse(String url) {
        URI uri = uri(url);
        String scheme = uri.getScheme();
        if (!"postgresql".equals(scheme) && !"postgres".equals(scheme)) {
            throw new IllegalArgumentException("a PostgreSQL URL starts with postgresql://, got: " + url);
        }
        String host = uri.getHost();
        if (host == null) throw new IllegalArgumentException("no host in PostgreSQL URL: " + url);
        String userInfo = uri.getUserInfo();
        int colon = userInfo == null ? -1 : userInfo.indexOf(':');
        String user = userInfo == null ? DEFAULT_USER : colon < 0 ? userInfo : userInfo.substring(0, colon);
        String password = colon < 0 ? null : userInfo.substring(colon + 1);
        String database = uri.getPath() == null || uri.getPath().length() <= 1 ? user : uri.getPath().substring(1);
        return new DatabaseUrl(host, uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), database, user, password,
                searchPath(uri.getQuery()));
    }

    /** The schema list of {@code options=-c search_path=…} in a decoded query, or {@code null}. */
    private static String searchPath(String query) {
        if (query == null) return null;
        for (String parameter : query.split("&")) {
            if (!parameter.startsWith("options=")) continue;
            Matcher m = SEARCH_PATH.matcher(parameter.substring("options=".length()));
            if (m.find()) return m.group(1);
        }
        return null;
    }

    private static URI uri(String url) {
        try {
            return new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a PostgreSQL URL: " + url, e);
        }
    }

    /**
     * The pgjdbc URL, without user or password (give those to the driver or pool separately); with
     * {@code ?currentSchema=…} (pgjdbc's way to set {@code search_path}) when {@link #searchPath()} is set.
     */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database
                + (searchPath == null ? "" : "?currentSchema=" + URLEncoder.encode(searchPath, StandardCharsets.UTF_8));
    }

    /** The URL without its password, fit for logs and error messages. */
    @Override
    public String toString() {
        return "postgresql://" + user + "@" + host + ":" + port + "/" + database;
    }
}
