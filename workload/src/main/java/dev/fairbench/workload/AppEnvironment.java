package dev.fairbench.workload;

import dev.fairbench.workload.data.DatabaseUrl;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the runner gives an app (contract section 1): {@code PORT}, {@code DATABASE_URL}, {@code REDIS_URL},
 * {@code POOL_MAX}, {@code POOL_MIN}, {@code WORKERS}. The harness's side: it writes these variables
 * ({@link #toMap()}); the apps under test read them with code of their own (the Java apps' {@code app-common}).
 *
 * @param port        TCP port; 0 lets the app pick a free one (tests)
 * @param databaseUrl libpq-style URL
 * @param redisUrl    {@code redis://host:port}
 * @param poolMax     most PostgreSQL connections the app may hold (16 in the rules)
 * @param poolMin     connections kept open when idle (4 in the rules)
 * @param workers     CPU cores the app runs on: size event loops and worker threads from it
 */
public record AppEnvironment(int port, String databaseUrl, String redisUrl, int poolMax, int poolMin, int workers) {
    public static final int DEFAULT_POOL_MAX = 16;
    public static final int DEFAULT_POOL_MIN = 4;

    public AppEnvironment {
        if (port < 0 || port > 65_535) throw new IllegalArgumentException("PORT out of range: " + port);
        if (poolMax < 1 || poolMin < 0 || poolMin > poolMax) {
            throw new IllegalArgumentException("need 0 <= POOL_MIN <= POOL_MAX, 1 <= POOL_MAX; got " + poolMin + ", " + poolMax);
        }
        if (workers < 1) throw new IllegalArgumentException("WORKERS must be at least 1: " + workers);
        DatabaseUrl.parse(databaseUrl);
    }

    /** The variables as the runner passes them to a child process. */
    public Map<String, String> toMap() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PORT", Integer.toString(port));
        env.put("DATABASE_URL", databaseUrl);
        env.put("REDIS_URL", redisUrl);
        env.put("POOL_MAX", Integer.toString(poolMax));
        env.put("POOL_MIN", Integer.toString(poolMin));
        env.put("WORKERS", Integer.toString(workers));
        return env;
    }
}
