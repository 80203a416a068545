package dev.fairbench.services;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * What {@code fairbench services serve} reports once both servers are up: the one line it prints on standard
 * output, a JSON object on a single line ({@link #toLine()}, read back by {@link #parse(String)}):
 *
 * <pre>{"postgres_url":"postgresql://fairbench_app:…@10.213.7.12:15432/fairbench",
 *  "seed_postgres_url":"postgresql://fairbench:…@10.213.7.12:15432/fairbench",
 *  "redis_url":"redis://:…@10.213.7.12:16379","postgres_pid":4242,"redis_pid":4250}</pre>
 *
 * (shown wrapped). The URLs carry the passwords and the listen address of the serving host; the pids are those
 * of the postmaster and of redis-server as that host sees them, for reading their CPU time from its {@code /proc}.
 * A reader ignores members it does not know, so members may be added.
 *
 * @param postgresUrl     {@code DATABASE_URL} of the apps: the read-only role
 * @param seedPostgresUrl the owner role's URL, which may create and fill the tables
 * @param redisUrl        {@code REDIS_URL} of the apps
 * @param postgresPid     pid of the postmaster on the serving host
 * @param redisPid        pid of redis-server on the serving host
 */
public record ServedServices(String postgresUrl, String seedPostgresUrl, String redisUrl, long postgresPid,
                             long redisPid) {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public ServedServices {
        requireUrl(postgresUrl, "postgres_url", "postgresql://");
        requireUrl(seedPostgresUrl, "seed_postgres_url", "postgresql://");
        requireUrl(redisUrl, "redis_url", "redis://");
        if (postgresPid < 1 || redisPid < 1) {
            throw new IllegalArgumentException("pids must be positive, not " + postgresPid + " and " + redisPid);
        }
    }

    /** The line {@code serve} prints: the JSON object above, without a line feed. */
    public String toLine() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the serve line", e);
        }
    }

    /**
     * The report in {@code line} (surrounding white space ignored); its URLs are registered with {@link Redaction},
     * so that no message prints their passwords.
     *
     * @throws IllegalArgumentException when it is not such a line (the message shows it redacted)
     */
    public static ServedServices parse(String line) {
        ServedServices served;
        try {
            served = JSON.readValue(line.strip(), ServedServices.class);
        } catch (JsonProcessingException | RuntimeException e) {
            String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException("not the line of fairbench services serve (" + Redaction.redact(why)
                    + "): " + Redaction.redact(line.strip()), e);
        }
        if (served == null) throw new IllegalArgumentException("not the line of fairbench services serve: null");
        Redaction.registerUrl(served.postgresUrl);
        Redaction.registerUrl(served.seedPostgresUrl);
        Redaction.registerUrl(served.redisUrl);
        return served;
    }

    private static void requireUrl(String url, String member, String scheme) {
        if (url == null || !url.startsWith(scheme)) {
            throw new IllegalArgumentException(member + " must be a " + scheme + " URL");
        }
    }
}
