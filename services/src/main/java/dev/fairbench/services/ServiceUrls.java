package dev.fairbench.services;

/**
 * How apps reach the services: the {@code DATABASE_URL} and {@code REDIS_URL} of the workload contract, and the
 * PostgreSQL URL that seeding uses. The URLs carry passwords: print them only through {@link Redaction}.
 *
 * @param postgresUrl     libpq URL for apps, e.g. {@code postgresql://fairbench_app:<password>@127.0.0.1:15432/fairbench}
 *                        (the embedded server's read-only role)
 * @param redisUrl        e.g. {@code redis://:<password>@127.0.0.1:16379}
 * @param seedPostgresUrl libpq URL of a role that may create and fill the tables: the embedded server's owner, or
 *                        the given URL of an external server
 */
public record ServiceUrls(String postgresUrl, String redisUrl, String seedPostgresUrl) {
    /** URLs where apps and seeding use the same PostgreSQL role (an external server). */
    public ServiceUrls(String postgresUrl, String redisUrl) {
        this(postgresUrl, redisUrl, postgresUrl);
    }

    /**
     * {@code url} pointed at {@code host:port} instead (a proxy in front of the server), keeping its scheme, user,
     * password, path and query as they are written.
     *
     * @throws IllegalArgumentException when {@code url} is not an absolute URL
     */
    public static String withAddress(String url, String host, int port) {
        java.net.URI uri;
        try {
            uri = new java.net.URI(url);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + Redaction.redact(url), e);
        }
        if (uri.getScheme() == null) throw new IllegalArgumentException("not an absolute URL: " + Redaction.redact(url));
        return uri.getScheme() + "://" + (uri.getRawUserInfo() == null ? "" : uri.getRawUserInfo() + "@") + host + ":"
                + port + (uri.getRawPath() == null ? "" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }
}
