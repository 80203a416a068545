package dev.fairbench.workload;

import dev.fairbench.workload.data.DatabaseUrl;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the runner gives an app (contract section 1): {@code HOST}, {@code PORT}, {@code DATABASE_URL},
 * {@code REDIS_URL}, {@code POOL_MAX}, {@code POOL_MIN}, {@code WORKERS}. The harness's side: it writes these
 * variables ({@link #toMap()}); the apps under test read them with code of their own (the Java apps'
 * {@code app-common}).
 *
 * @param host        IP literal (IPv4 dotted quad or IPv6, no brackets) the app listens on, and only there;
 *                    {@value #DEFAULT_HOST} when the app, services and load share one machine
 * @param port        TCP port; 0 lets the app pick a free one (tests)
 * @param databaseUrl libpq-style URL
 * @param redisUrl    {@code redis://host:port}
 * @param poolMax     most PostgreSQL connections the app may hold (16 in the rules)
 * @param poolMin     connections kept open when idle (4 in the rules)
 * @param workers     CPU cores the app runs on: size event loops and worker threads from it
 */
public record AppEnvironment(String host, int port, String databaseUrl, String redisUrl, int poolMax, int poolMin,
                             int workers) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_POOL_MAX = 16;
    public static final int DEFAULT_POOL_MIN = 4;

    private static final Pattern IPV4 =
            Pattern.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

    public AppEnvironment {
        if (host == null || !isIpLiteral(host)) {
            throw new IllegalArgumentException(
                    "HOST must be an IP literal such as 127.0.0.1 or ::1, not a name: " + host);
        }
        if (port < 0 || port > 65_535) throw new IllegalArgumentException("PORT out of range: " + port);
        if (poolMax < 1 || poolMin < 0 || poolMin > poolMax) {
            throw new IllegalArgumentException("need 0 <= POOL_MIN <= POOL_MAX, 1 <= POOL_MAX; got " + poolMin + ", " + poolMax);
        }
        if (workers < 1) throw new IllegalArgumentException("WORKERS must be at least 1: " + workers);
        DatabaseUrl.parse(databaseUrl);
    }

    /** The contract on one machine: listen on {@value #DEFAULT_HOST}. */
    public AppEnvironment(int port, String databaseUrl, String redisUrl, int poolMax, int poolMin, int workers) {
        this(DEFAULT_HOST, port, databaseUrl, redisUrl, poolMax, poolMin, workers);
    }

    /** The variables as the runner passes them to a child process. */
    public Map<String, String> toMap() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOST", host);
        env.put("PORT", Integer.toString(port));
        env.put("DATABASE_URL", databaseUrl);
        env.put("REDIS_URL", redisUrl);
        env.put("POOL_MAX", Integer.toString(poolMax));
        env.put("POOL_MIN", Integer.toString(poolMin));
        env.put("WORKERS", Integer.toString(workers));
        return env;
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
}
