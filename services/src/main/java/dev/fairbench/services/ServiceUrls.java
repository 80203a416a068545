package dev.fairbench.services;

/**
 * How apps reach the services: the {@code DATABASE_URL} and {@code REDIS_URL} of the workload contract.
 *
 * @param postgresUrl libpq URL, e.g. {@code postgresql://fairbench@127.0.0.1:15432/fairbench}
 * @param redisUrl    e.g. {@code redis://127.0.0.1:16379}
 */
public record ServiceUrls(String postgresUrl, String redisUrl) {}
