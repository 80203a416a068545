package dev.fairbench.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads back a result that a load wrote as files ({@code fairbench load --barrier}): the counts from its JSON
 * report ({@link LoadReportWriter#json}, schema version {@value LoadReportWriter#SCHEMA_VERSION}) and the exact
 * histograms from its interval logs (the sum of their intervals), since the report holds only percentiles.
 * Stateless and thread-safe.
 */
public final class LoadResultFiles {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private LoadResultFiles() {
    }

    /**
     * The result of a run of {@code spec} whose report is {@code json}, corrected (or service-time) log
     * {@code hlog} and, at a fixed rate, uncorrected log {@code uncorrectedHlog}.
     *
     * @throws IOException naming the file that is missing, unreadable, of another schema version, or that
     *                     disagrees with the report on the number of completed requests
     */
    public static LoadResult read(LoadSpec spec, Path json, Path hlog, Path uncorrectedHlog) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(json));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException(json + " is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || root.path("schema_version").asInt() != LoadReportWriter.SCHEMA_VERSION) {
            throw new IOException(json + ": expected a load report of schema version "
                    + LoadReportWriter.SCHEMA_VERSION);
        }
        Histogram latency = LoadMerge.readTotal(hlog);
        Histogram uncorrected = spec.fixedRate() ? LoadMerge.readTotal(uncorrectedHlog) : null;
        long completed = count(root, json, "requests");
        if (latency.getTotalCount() != completed) {
            throw new IOException(hlog + " holds " + latency.getTotalCount() + " latencies but " + json + " counts "
                    + completed + " completed requests");
        }
        JsonNode status = root.path("status");
        JsonNode kinds = root.path("errors_by_kind");
        return new LoadResult(spec, count(root, json, "requests_sent"), completed,
                root.path("duration_s").asDouble(), root.path("rps").asDouble(),
                count(root, json, "bytes_read"), count(root, json, "bytes_written"),
                count(status, json, "2xx"), count(status, json, "3xx"), count(status, json, "4xx"),
                count(status, json, "5xx"), count(kinds, json, "connect"), count(kinds, json, "read"),
                count(kinds, json, "write"), count(kinds, json, "timeout"), latency, uncorrected);
    }

    private static long count(JsonNode node, Path json, String key) throws IOException {
        JsonNode value = node.get(key);
        if (value == null || !value.canConvertToExactIntegral()) {
            throw new IOException(json + ": '" + key + "' is missing or not a whole number");
        }
        return value.asLong();
    }
}
