package dev.fairbench.services;

import java.nio.file.Path;

/**
 * Where the services of a command or test are: either given as URLs of servers that already run (then nothing is
 * started or stopped), or the embedded servers on loopback ports, kept under {@code dataDir}.
 *
 * @param postgresUrl libpq URL of an existing PostgreSQL ({@code postgresql://user@host:port/db}), or {@code null}
 *                    to use the embedded one
 * @param redisUrl    URL of an existing Redis ({@code redis://host:port}), or {@code null} to use the embedded one
 * @param dataDir     the {@code .fairbench} folder: binaries, data directories, pid and log files
 * @param postgresPort TCP port of the embedded PostgreSQL on 127.0.0.1
 * @param redisPort   TCP port of the embedded Redis on 127.0.0.1
 */
public record ServiceOptions(String postgresUrl, String redisUrl, Path dataDir, int postgresPort, int redisPort) {
    public static final int DEFAULT_POSTGRES_PORT = 15432;
    public static final int DEFAULT_REDIS_PORT = 16379;
    public static final String ENV_POSTGRES_URL = "FAIRBENCH_PG_URL";
    public static final String ENV_REDIS_URL = "FAIRBENCH_REDIS_URL";

    public ServiceOptions {
        postgresUrl = blankToNull(postgresUrl);
        redisUrl = blankToNull(redisUrl);
        if (dataDir == null) throw new IllegalArgumentException("dataDir is required");
        checkPort(postgresPort);
        checkPort(redisPort);
    }

    /** Embedded servers on the default ports under the repository's {@code .fairbench}; no URLs. */
    public static ServiceOptions defaults() {
        return new ServiceOptions(null, null, FairbenchHome.dataDir(), DEFAULT_POSTGRES_PORT, DEFAULT_REDIS_PORT);
    }

    /** {@link #defaults()} with the URLs of {@code FAIRBENCH_PG_URL} and {@code FAIRBENCH_REDIS_URL} when set. */
    public static ServiceOptions fromEnvironment() {
        return defaults().withUrls(System.getenv(ENV_POSTGRES_URL), System.getenv(ENV_REDIS_URL));
    }

    public ServiceOptions withUrls(String postgresUrl, String redisUrl) {
        return new ServiceOptions(postgresUrl, redisUrl, dataDir, postgresPort, redisPort);
    }

    public ServiceOptions withPorts(int postgresPort, int redisPort) {
        return new ServiceOptions(postgresUrl, redisUrl, dataDir, postgresPort, redisPort);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static void checkPort(int port) {
        if (port < 1 || port > 65_535) throw new IllegalArgumentException("not a TCP port: " + port);
    }
}
