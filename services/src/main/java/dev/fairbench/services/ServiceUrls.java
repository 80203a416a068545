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
}
