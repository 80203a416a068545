package dev.fairbench.cli;

import dev.fairbench.services.Redaction;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.workload.data.DatabaseUrl;
import java.net.URI;
import java.net.URISyntaxException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options that say where PostgreSQL and Redis are, for every command that needs them: add
 * {@code @Mixin ServiceOptionsMixin services;} and call {@link #options()}. URLs are checked while parsing, so a
 * malformed one is a usage error (exit 2).
 */
public final class ServiceOptionsMixin {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private String postgresUrl;
    private String redisUrl;

    @Option(names = "--pg-port", paramLabel = "PORT", defaultValue = "" + ServiceOptions.DEFAULT_POSTGRES_PORT,
            description = "Port of the embedded PostgreSQL on 127.0.0.1 (default: ${DEFAULT-VALUE}).")
    int postgresPort;

    @Option(names = "--redis-port", paramLabel = "PORT", defaultValue = "" + ServiceOptions.DEFAULT_REDIS_PORT,
            description = "Port of the embedded Redis on 127.0.0.1 (default: ${DEFAULT-VALUE}).")
    int redisPort;

    @Option(names = "--pg-url", paramLabel = "URL", defaultValue = "${env:FAIRBENCH_PG_URL}",
            description = "Use this PostgreSQL instead of the embedded one, e.g. "
                    + "postgresql://user:password@db.example:5432/mydb (env FAIRBENCH_PG_URL). fairbench works only in"
                    + " the schema fairbench there (created when missing, refused if it holds others' tables).")
    void setPostgresUrl(String url) {
        if (url == null || url.isBlank()) return;
        Redaction.registerUrl(url);
        try {
            DatabaseUrl.parse(url);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "invalid --pg-url/FAIRBENCH_PG_URL: "
                    + Redaction.redact(e.getMessage()));
        }
        postgresUrl = url;
    }

    @Option(names = "--redis-url", paramLabel = "URL", defaultValue = "${env:FAIRBENCH_REDIS_URL}",
            description = "Use this Redis instead of the embedded one, e.g. redis://:password@127.0.0.1:6379 "
                    + "(env FAIRBENCH_REDIS_URL). Only keys starting with page: are ever deleted there.")
    void setRedisUrl(String url) {
        if (url == null || url.isBlank()) return;
        Redaction.registerUrl(url);
        String problem = null;
        try {
            URI uri = new URI(url);
            if (!"redis".equals(uri.getScheme())) problem = "a Redis URL starts with redis://";
            else if (uri.getHost() == null) problem = "no host";
        } catch (URISyntaxException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            throw new ParameterException(mixee.commandLine(),
                    "invalid --redis-url/FAIRBENCH_REDIS_URL: " + problem + ": " + Redaction.redact(url));
        }
        redisUrl = url;
    }

    /** The options for {@code dev.fairbench.services.Services}, with the repository's {@code .fairbench} folder. */
    public ServiceOptions options() {
        try {
            return ServiceOptions.defaults().withPorts(postgresPort, redisPort).withUrls(postgresUrl, redisUrl);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage());
        }
    }
}
