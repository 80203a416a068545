package dev.fairbench.services;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the services of a command or test are: either given as URLs of servers that already run (then nothing is
 * started or stopped), or the embedded servers on TCP ports of one local address, kept under {@code dataDir}.
 *
 * @param postgresUrl     libpq URL of an existing PostgreSQL ({@code postgresql://user@host:port/db}), or
 *                        {@code null} to use the embedded one
 * @param redisUrl        URL of an existing Redis ({@code redis://host:port}), or {@code null} to use the embedded
 *                        one
 * @param dataDir         the {@code .fairbench} folder: binaries, data directories, pid and log files
 * @param postgresPort    TCP port of the embedded PostgreSQL
 * @param redisPort       TCP port of the embedded Redis
 * @param listenAddress   the IP literal both embedded servers listen on, and the host of their URLs; default
 *                        {@value #LOOPBACK}. Another address serves other hosts ({@code fairbench services serve})
 * @param allowedNetworks the client networks (CIDR, e.g. {@code 10.213.7.0/24}) PostgreSQL lets in over TCP besides
 *                        loopback, with the same scram-sha-256 passwords; empty by default. Redis has no such list:
 *                        it answers whoever reaches {@code listenAddress} and knows its password
 */
public record ServiceOptions(String postgresUrl, String redisUrl, Path dataDir, int postgresPort, int redisPort,
                             String listenAddress, List<String> allowedNetworks) {
    public static final int DEFAULT_POSTGRES_PORT = 15432;
    public static final int DEFAULT_REDIS_PORT = 16379;
    public static final String ENV_POSTGRES_URL = "FAIRBENCH_PG_URL";
    public static final String ENV_REDIS_URL = "FAIRBENCH_REDIS_URL";
    /** The default listen address. */
    public static final String LOOPBACK = "127.0.0.1";

    public ServiceOptions {
        postgresUrl = blankToNull(postgresUrl);
        redisUrl = blankToNull(redisUrl);
        if (dataDir == null) throw new IllegalArgumentException("dataDir is required");
        checkPort(postgresPort);
        checkPort(redisPort);
        listenAddress = listenAddress == null ? LOOPBACK : listenAddress.strip();
        IpLiterals.address(listenAddress);
        allowedNetworks = allowedNetworks == null ? List.of() : List.copyOf(allowedNetworks);
        allowedNetworks.forEach(IpLiterals::network);
    }

    /** Options whose embedded servers listen on {@value #LOOPBACK} only. */
    public ServiceOptions(String postgresUrl, String redisUrl, Path dataDir, int postgresPort, int redisPort) {
        this(postgresUrl, redisUrl, dataDir, postgresPort, redisPort, LOOPBACK, List.of());
    }

    /** Embedded servers on the default ports of {@value #LOOPBACK} under the repository's {@code .fairbench}. */
    public static ServiceOptions defaults() {
        return new ServiceOptions(null, null, FairbenchHome.dataDir(), DEFAULT_POSTGRES_PORT, DEFAULT_REDIS_PORT);
    }

    /** {@link #defaults()} with the URLs of {@code FAIRBENCH_PG_URL} and {@code FAIRBENCH_REDIS_URL} when set. */
    public static ServiceOptions fromEnvironment() {
        return defaults().withUrls(System.getenv(ENV_POSTGRES_URL), System.getenv(ENV_REDIS_URL));
    }

    public ServiceOptions withUrls(String postgresUrl, String redisUrl) {
        return new ServiceOptions(postgresUrl, redisUrl, dataDir, postgresPort, redisPort, listenAddress,
                allowedNetworks);
    }

    public ServiceOptions withPorts(int postgresPort, int redisPort) {
        return new ServiceOptions(postgresUrl, redisUrl, dataDir, postgresPort, redisPort, listenAddress,
                allowedNetworks);
    }

    /**
     * These options with the embedded servers on {@code listenAddress} (an IP literal), PostgreSQL letting in the
     * clients of {@code allowedNetworks} (CIDRs) too.
     *
     * @throws IllegalArgumentException when the address or a network is malformed (host names are refused)
     */
    public ServiceOptions withListen(String listenAddress, List<String> allowedNetworks) {
        return new ServiceOptions(postgresUrl, redisUrl, dataDir, postgresPort, redisPort, listenAddress,
                allowedNetworks);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static void checkPort(int port) {
        if (port < 1 || port > 65_535) throw new IllegalArgumentException("not a TCP port: " + port);
    }
}
