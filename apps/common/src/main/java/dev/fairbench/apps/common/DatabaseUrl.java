package dev.fairbench.apps.common;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The {@code DATABASE_URL} of the contract (section 1): a libpq-style URL,
 * {@code postgresql://user[:password]@host[:port][/database]} (scheme {@code postgres} accepted too). Missing parts
 * take libpq's defaults: user {@code postgres}, port 5432, database named like the user. Immutable and thread-safe.
 *
 * @param host     host name or address
 * @param port     TCP port
 * @param database database name, never empty
 * @param user     role name, never empty
 * @param password password, or {@code null} when the URL has none (trust authentication on loopback)
 */
public record DatabaseUrl(String host, int port, String database, String user, String password) {
    private static final int DEFAULT_PORT = 5432;
    private static final String DEFAULT_USER = "postgres";

    /** Parses a libpq-style URL; {@link IllegalArgumentException} when it is not one or names no host. */
    public static DatabaseUrl parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a PostgreSQL URL: " + url, e);
        }
        String scheme = uri.getScheme();
        if (!"postgresql".equals(scheme) && !"postgres".equals(scheme)) {
            throw new IllegalArgumentException("a PostgreSQL URL starts with postgresql://, got: " + url);
        }
        if (uri.getHost() == null) throw new IllegalArgumentException("no host in PostgreSQL URL: " + url);
        String user = DEFAULT_USER;
        String password = null;
        String userInfo = uri.getUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            if (colon >= 0) password = userInfo.substring(colon + 1);
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        if (path.startsWith("/")) path = path.substring(1);
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        return new DatabaseUrl(uri.getHost(), port, path.isEmpty() ? user : path, user, password);
    }

    /** The pgjdbc URL, without user or password (give those to the driver or pool separately). */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    /** The URL without its password, fit for logs and error messages. */
    @Override
    public String toString() {
        return "postgresql://" + user + "@" + host + ":" + port + "/" + database;
    }
}
