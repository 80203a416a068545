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
        return new DatabaseUrl(host, uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), database, user, password);
    }

    private static URI uri(String url) {
        try {
            return new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a PostgreSQL URL: " + url, e);
        }
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
