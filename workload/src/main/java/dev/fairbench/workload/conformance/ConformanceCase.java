package dev.fairbench.workload.conformance;

/**
 * One request of the conformance gate and the response the contract demands.
 *
 * @param name        short label, e.g. {@code detail /post/x}
 * @param body        request body, or {@code null}
 * @param contentType expected Content-Type, compared case-insensitively with spaces around ';' ignored
 * @param cacheKey    for cached routes, the Redis key the page must be stored under; otherwise {@code null}
 */
public record ConformanceCase(String name, String method, String path, byte[] body, int status,
                              String contentType, byte[] expectedBody, String cacheKey) {}
