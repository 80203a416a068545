package dev.fairbench.workload.data;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A libpq-style PostgreSQL URL, {@code postgresql://user[:password]@host:port/database}, and its JDBC form.
 *
 * @param user     role name, never empty
 * @param password password, or {@code null} for trust authentication
 */
public record DatabaseUrl(String host, int port, String database, String user, String password) {

    public static DatabaseUrl parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a PostgreSQL URL: " + url, e);
        }
        if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
            throw new IllegalArgumentException("a PostgreSQL URL starts with postgresql://, got: " + url);
        }
        if (uri.getHost() == null) throw new IllegalArgumentException("no host in PostgreSQL URL: " + url);
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        String user = "postgres";
        String password = null;
        if (uri.getUserInfo() != null) {
            String[] parts = uri.getUserInfo().split(":", 2);
            user = parts[0];
            if (parts.length == 2) password = parts[1];
        }
        return new DatabaseUrl(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(),
                path.isEmpty() ? user : path, user, password);
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    /** The libpq form, with the password when there is one. */
    public String libpqUrl() {
        return "postgresql://" + user + (password == null ? "" : ":" + password) + "@" + host + ":" + port + "/" + database;
    }

    @Override
    public String toString() {
        return "postgresql://" + user + "@" + host + ":" + port + "/" + database;
    }
}
