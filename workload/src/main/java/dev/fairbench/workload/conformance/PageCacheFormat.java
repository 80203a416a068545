package dev.fairbench.workload.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * How an app stores a page under its Redis key (docs/workload.md §4.3), so that the gate can check the page in the
 * cache: the contract's raw bytes, or, for a variant that measures the cost of a response-caching layer (round 2,
 * finding 5), a JSON object whose {@code body} is the page in standard base64. Stateless and thread-safe.
 */
public enum PageCacheFormat {
    /** The page's bytes as they are: the contract's format. */
    RAW("raw"),
    /** A JSON object with the page in standard base64 (RFC 4648, padded) as its string {@code body}; other fields free. */
    JSON_BASE64("json-base64");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String key;

    PageCacheFormat(String key) {
        this.key = key;
    }

    /** The name used in {@code apps.toml}, e.g. {@code json-base64}. */
    public String key() {
        return key;
    }

    /**
     * The format named {@code key}.
     *
     * @throws IllegalArgumentException with one line listing the names when there is no such format
     */
    public static PageCacheFormat byKey(String key) {
        return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("unknown page cache format '" + key + "' (expected one of "
                        + String.join(", ", keys()) + ")"));
    }

    /** Every format's name, in declaration order. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(PageCacheFormat::key).toList();
    }

    /** The page that {@code stored}, the value of a cache key, holds in this format; empty when it is not in it. */
    public Optional<byte[]> page(byte[] stored) {
        if (this == RAW) return Optional.of(stored);
        try {
            JsonNode body = JSON.readTree(stored).path("body");
            return body.isTextual() ? Optional.of(Base64.getDecoder().decode(body.asText())) : Optional.empty();
        } catch (IOException | IllegalArgumentException notThisFormat) {
            return Optional.empty();
        }
    }
}
