package dev.fairbench.apps.common;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the runner gives an app (contract section 1), read from the environment variables {@code HOST},
 * {@code PORT}, {@code DATABASE_URL}, {@code REDIS_URL}, {@code POOL_MAX}, {@code POOL_MIN} and {@code WORKERS}.
 * An app's {@code main} calls {@link #fromEnv()}; tests build one directly, usually with port 0. Immutable and
 * thread-safe.
 *
 * @param host        IP literal (IPv4 dotted quad or unbracketed IPv6) to listen on, and on no other address.
 *                    Default {@value #DEFAULT_HOST}.
 * @param port        TCP port to listen on, 0 to 65 535; 0 lets the app take any free port (tests). Default 8080.
 * @param databaseUrl libpq-style PostgreSQL URL (see {@link DatabaseUrl}); required
 * @param redisUrl    {@code redis://host:port}, database 0; required
 * @param poolMax     most PostgreSQL connections the app may hold, at least 1. Default {@value #DEFAULT_POOL_MAX}.
 * @param poolMin     connections a pool keeps open when idle, 0 to {@code poolMax}. Default {@value #DEFAULT_POOL_MIN}.
 * @param workers     CPU cores the app is pinned to, at least 1: size event loops and worker threads from it.
 *                    Default: the cores this JVM sees.
 */
public record AppEnvironment(String host, int port, String databaseUrl, String redisUrl, int poolMax, int poolMin,
                             int workers) {
    /** {@code HOST} when the variable is unset. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** {@code POOL_MAX} when the variable is unset (the value the benchmark rules use). */
    public static final int DEFAULT_POOL_MAX = 16;
    /** {@code POOL_MIN} when the variable is unset (the value the benchmark rules use). */
    public static final int DEFAULT_POOL_MIN = 4;
    /** {@code PORT} when the variable is unset. */
    public static final int DEFAULT_PORT = 8080;

    private static final Pattern IPV4 =
            Pattern.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

    /**
     * Checks the values; {@link IllegalArgumentException} when the host is not an IP literal, the port is out of
     * range, the pool bounds are not
     * {@code 0 <= poolMin <= poolMax, 1 <= poolMax}, {@code workers < 1}, or the database URL does not parse.
     */
    public AppEnvironment {
        if (host == null || !isIpLiteral(host)) {
            throw new IllegalArgumentException(
                    "HOST must be an IP literal such as 127.0.0.1 or ::1, not a name: " + host);
        }
        if (port < 0 || port > 65_535) throw new IllegalArgumentException("PORT out of range: " + port);
        if (poolMax < 1 || poolMin < 0 || poolMin > poolMax) {
            throw new IllegalArgumentException(
                    "need 0 <= POOL_MIN <= POOL_MAX, 1 <= POOL_MAX; got " + poolMin + ", " + poolMax);
        }
        if (workers < 1) throw new IllegalArgumentException("WORKERS must be at least 1: " + workers);
        DatabaseUrl.parse(databaseUrl);
    }

    /** On {@value #DEFAULT_HOST}, as the runner starts an app on one machine (tests). */
    public AppEnvironment(int port, String databaseUrl, String redisUrl, int poolMax, int poolMin, int workers) {
        this(DEFAULT_HOST, port, databaseUrl, redisUrl, poolMax, poolMin, workers);
    }

    /** The environment of this process. */
    public static AppEnvironment fromEnv() {
        return fromMap(System.getenv());
    }

    /**
     * The environment in these variables. A blank or missing {@code HOST} or number takes its default;
     * {@code DATABASE_URL} and {@code REDIS_URL} must be set. {@link IllegalArgumentException} names the variable that is wrong.
     */
    public static AppEnvironment fromMap(Map<String, String> env) {
        String host = env.get("HOST");
        return new AppEnvironment(
                host == null || host.isBlank() ? DEFAULT_HOST : host.trim(),
                number(env, "PORT", DEFAULT_PORT),
                required(env, "DATABASE_URL"),
                required(env, "REDIS_URL"),
                number(env, "POOL_MAX", DEFAULT_POOL_MAX),
                number(env, "POOL_MIN", DEFAULT_POOL_MIN),
                number(env, "WORKERS", Runtime.getRuntime().availableProcessors()));
    }

    /** {@link #databaseUrl} parsed. */
    public DatabaseUrl database() {
        return DatabaseUrl.parse(databaseUrl);
    }

    /** True for a dotted-quad IPv4 or an unbracketed IPv6 literal; never resolves a name. */
    private static boolean isIpLiteral(String host) {
        if (IPV4.matcher(host).matches()) return true;
        // With a ':' in it, getByName only parses it as an IPv6 literal; it does not look a name up.
        if (!host.contains(":") || host.startsWith("[")) return false;
        try {
            InetAddress.getByName(host);
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static String required(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isBlank()) throw new IllegalArgumentException(name + " is not set");
        return value;
    }

    private static int number(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        if (value == null || value.isBlank()) return fallback;
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a number: " + value, e);
        }
    }
}
