package dev.fairbench.loadgen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a {@link LoadResult} as a human summary, JSON or CSV. Stateless and thread-safe.
 *
 * <p>JSON ({@value #SCHEMA_VERSION}, schema {@code load-result.schema.json} next to this class): {@code requests}
 * (completed), {@code requests_sent}, {@code duration_s}, {@code rps}, {@code errors} (socket errors plus
 * timeouts) and {@code errors_by_kind}, {@code status} counts by class, {@code latency_ms} with {@code p50},
 * {@code p75}, {@code p90}, {@code p99}, {@code p999}, {@code p9999}, {@code max}, {@code min}, {@code mean},
 * {@code stdev} in milliseconds, and in fixed-rate mode {@code latency_uncorrected_ms} with the same keys.
 *
 * <p>CSV: one header line and one value line; latencies in milliseconds; uncorrected columns empty in closed loop.
 */
public final class LoadReportWriter {
    /** Version of the JSON layout; bumped when a key changes meaning or disappears. */
    public static final int SCHEMA_VERSION = 1;
    /** Classpath location of the JSON Schema of {@link #json}. */
    public static final String SCHEMA_RESOURCE = "/dev/fairbench/loadgen/load-result.schema.json";

    /** Below this share of its scheduled sends, a load host is said to be behind schedule. */
    static final int BEHIND_SCHEDULE_PERCENT = 98;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final double[] PERCENTILES = {50, 75, 90, 99, 99.9, 99.99};
    private static final String[] PERCENTILE_KEYS = {"p50", "p75", "p90", "p99", "p999", "p9999"};
    private static final String[] PERCENTILE_LABELS = {"p50", "p75", "p90", "p99", "p99.9", "p99.99"};

    /** Output formats of {@code fairbench load --format}. */
    public enum Format {
        TEXT, JSON, CSV;

        /** Parses {@code text}, {@code json} or {@code csv}, any case. */
        public static Format parse(String name) {
            try {
                return valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException("invalid format '" + name + "': expected text, json or csv");
            }
        }
    }

    private LoadReportWriter() {
    }

    /** The report in {@code format}; {@code percentileSpectrum} adds the full spectrum to the text format. */
    public static String render(LoadResult result, Format format, boolean percentileSpectrum) {
        return switch (format) {
            case TEXT -> text(result, percentileSpectrum);
            case JSON -> json(result);
            case CSV -> csv(result);
        };
    }

    /**
     * A load run from several hosts in {@code format}: the merged total as {@link #render(LoadResult, Format,
     * boolean)} renders a result, and each host's own figures: in JSON a {@code load_hosts} array (host, window start,
     * and the host's result), in text a table with one line per host, in CSV one more value line per host, a
     * leading {@code host} column telling them apart ({@code all} for the total).
     */
    public static String render(MergedLoad merged, Format format, boolean percentileSpectrum) {
        return switch (format) {
            case TEXT -> text(merged.total(), percentileSpectrum) + hostsTable(merged);
            case JSON -> {
                ObjectNode root = jsonNode(merged.total());
                var hosts = root.putArray("load_hosts");
                for (HostLoad host : merged.hosts()) {
                    ObjectNode entry = hosts.addObject();
                    entry.put("host", host.host());
                    entry.put("window_start_epoch_ns", host.windowStartEpochNanos());
                    entry.set("result", jsonNode(host.result()));
                }
                yield write(root);
            }
            case CSV -> {
                String[] total = csv(merged.total()).split("\n");
                StringBuilder out = new StringBuilder("host,").append(total[0]).append('\n')
                        .append("all,").append(total[1]).append('\n');
                for (HostLoad host : merged.hosts()) {
                    out.append(host.host().replace(",", "%2C")).append(',')
                            .append(csv(host.result()).split("\n")[1]).append('\n');
                }
                yield out.toString();
            }
        };
    }

    /** Pretty-printed JSON document, ending with a line feed. */
    public static String json(LoadResult r) {
        return write(jsonNode(r));
    }

    private static String write(ObjectNode root) {
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode jsonNode(LoadResult r) {
        LoadSpec spec = r.spec();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema_version", SCHEMA_VERSION);
        root.put("target", spec.target().toString());
        root.put("method", spec.method());
        root.put("mode", spec.fixedRate() ? "fixed-rate" : "closed-loop");
        root.put("latency_kind", spec.fixedRate() ? "corrected" : "service-time");
        root.put("connections", spec.connections());
        root.put("threads", spec.threads());
        root.put("pipeline", spec.pipeline());
        if (spec.fixedRate()) {
            root.put("rate_target", spec.ratePerSecond());
        } else {
            root.putNull("rate_target");
        }
        root.put("warmup_s", spec.warmup().toNanos() / 1e9);
        root.put("duration_s", r.durationSeconds());
        root.put("requests", r.requestsCompleted());
        root.put("requests_sent", r.requestsSent());
        root.put("rps", r.requestsPerSecond());
        root.put("bytes_read", r.bytesRead());
        root.put("bytes_written", r.bytesWritten());
        root.put("errors", r.errors());
        ObjectNode kinds = root.putObject("errors_by_kind");
        kinds.put("connect", r.connectErrors());
        kinds.put("read", r.readErrors());
        kinds.put("write", r.writeErrors());
        kinds.put("timeout", r.timeouts());
        root.put("non_2xx", r.non2xx());
        ObjectNode status = root.putObject("status");
        status.put("2xx", r.status2xx());
        status.put("3xx", r.status3xx());
        status.put("4xx", r.status4xx());
        status.put("5xx", r.status5xx());
        latency(root.putObject("latency_ms"), r.latencyMicros());
        if (r.uncorrectedLatencyMicros() != null) {
            latency(root.putObject("latency_uncorrected_ms"), r.uncorrectedLatencyMicros());
        }
        return root;
    }

    /**
     * One line per load host: its share and what it did. At a fixed rate a host that sent fewer than
     * {@value #BEHIND_SCHEDULE_PERCENT} % of its scheduled requests is named below the table: it could not keep up,
     * and its latencies include its own delay.
     */
    private static String hostsTable(MergedLoad merged) {
        StringBuilder out = new StringBuilder(512);
        boolean fixedRate = merged.total().fixedRate();
        out.append('\n').append(String.format(Locale.ROOT, "  %s, merged above; each host's share:%n",
                hostCount(merged.hosts().size())));
        out.append(String.format(Locale.ROOT, "  %-24s%7s%9s%11s%11s%11s%12s%10s%8s%n", "host", "conns", "threads",
                "rate/s", "sent", "completed", "req/s", "p99 (ms)", "errors"));
        List<String> behind = new ArrayList<>();
        for (HostLoad host : merged.hosts()) {
            LoadResult r = host.result();
            LoadSpec spec = r.spec();
            out.append(String.format(Locale.ROOT, "  %-24s%7d%9d%11s%11d%11d%12.1f%10.3f%8d%n", host.host(),
                    spec.connections(), spec.threads(), fixedRate ? number(spec.ratePerSecond()) : "-",
                    r.requestsSent(), r.requestsCompleted(), r.requestsPerSecond(),
                    latencyMillis(r.latencyMicros()).get("p99"), r.errors()));
            double scheduled = spec.ratePerSecond() * r.durationSeconds();
            if (fixedRate && r.requestsSent() < scheduled * BEHIND_SCHEDULE_PERCENT / 100) {
                behind.add(String.format(Locale.ROOT, "  %s sent %.1f %% of its scheduled requests: it could not "
                        + "keep up (an overloaded load host, or a server that holds its connections)%n",
                        host.host(), 100.0 * r.requestsSent() / scheduled));
            }
        }
        behind.forEach(out::append);
        return out.toString();
    }

    private static void latency(ObjectNode node, Histogram h) {
        for (Map.Entry<String, Double> e : latencyMillis(h).entrySet()) {
            node.put(e.getKey(), e.getValue());
        }
    }

    /** Latency summary in milliseconds, keys as in the JSON {@code latency_ms} object; zeros when empty. */
    static Map<String, Double> latencyMillis(Histogram h) {
        Map<String, Double> values = new LinkedHashMap<>();
        boolean empty = h.getTotalCount() == 0;
        for (int i = 0; i < PERCENTILES.length; i++) {
            values.put(PERCENTILE_KEYS[i], empty ? 0 : h.getValueAtPercentile(PERCENTILES[i]) / 1000.0);
        }
        values.put("max", empty ? 0 : h.getMaxValue() / 1000.0);
        values.put("min", empty ? 0 : h.getMinValue() / 1000.0);
        values.put("mean", empty ? 0 : h.getMean() / 1000.0);
        values.put("stdev", empty ? 0 : h.getStdDeviation() / 1000.0);
        return values;
    }

    /** Header line and value line. */
    public static String csv(LoadResult r) {
        LoadSpec spec = r.spec();
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("mode", spec.fixedRate() ? "fixed-rate" : "closed-loop");
        columns.put("target", spec.target().toString().replace(",", "%2C"));
        columns.put("connections", Integer.toString(spec.connections()));
        columns.put("threads", Integer.toString(spec.threads()));
        columns.put("pipeline", Integer.toString(spec.pipeline()));
        columns.put("rate_target", spec.fixedRate() ? number(spec.ratePerSecond()) : "");
        columns.put("duration_s", number(r.durationSeconds()));
        columns.put("requests", Long.toString(r.requestsCompleted()));
        columns.put("requests_sent", Long.toString(r.requestsSent()));
        columns.put("rps", number(r.requestsPerSecond()));
        columns.put("bytes_read", Long.toString(r.bytesRead()));
        columns.put("bytes_written", Long.toString(r.bytesWritten()));
        columns.put("errors", Long.toString(r.errors()));
        columns.put("connect_errors", Long.toString(r.connectErrors()));
        columns.put("read_errors", Long.toString(r.readErrors()));
        columns.put("write_errors", Long.toString(r.writeErrors()));
        columns.put("timeouts", Long.toString(r.timeouts()));
        columns.put("status_2xx", Long.toString(r.status2xx()));
        columns.put("status_3xx", Long.toString(r.status3xx()));
        columns.put("status_4xx", Long.toString(r.status4xx()));
        columns.put("status_5xx", Long.toString(r.status5xx()));
        latencyMillis(r.latencyMicros()).forEach((k, v) -> columns.put("latency_" + k + "_ms", number(v)));
        Map<String, Double> uncorrected = r.uncorrectedLatencyMicros() == null ? null
                : latencyMillis(r.uncorrectedLatencyMicros());
        latencyMillis(r.latencyMicros()).keySet().forEach(k -> columns.put("latency_uncorrected_" + k + "_ms",
                uncorrected == null ? "" : number(uncorrected.get(k))));
        return String.join(",", columns.keySet()) + "\n" + String.join(",", columns.values()) + "\n";
    }

    /** Human summary in the spirit of wrk's; with {@code percentileSpectrum} also wrk2's detailed spectrum. */
    public static String text(LoadResult r, boolean percentileSpectrum) {
        LoadSpec spec = r.spec();
        StringBuilder out = new StringBuilder(2048);
        out.append("fairbench load ").append(spec.method()).append(' ').append(spec.target()).append('\n');
        out.append(String.format(Locale.ROOT, "  %s, %d threads, %d connections, pipeline %d, %s measured",
                spec.fixedRate() ? "fixed rate " + number(spec.ratePerSecond()) + " req/s" : "closed loop",
                spec.threads(), spec.connections(), spec.pipeline(), Durations.format(spec.duration())));
        if (!spec.warmup().isZero()) {
            out.append(" after ").append(Durations.format(spec.warmup())).append(" warm-up");
        }
        out.append('\n');
        out.append(spec.fixedRate()
                ? "  latency: corrected, from each request's intended send time (uncorrected shown below)\n"
                : "  latency: service time (closed loop waits for each response, so it hides queueing;"
                        + " use -R for corrected latency)\n");
        out.append('\n');
        out.append(String.format(Locale.ROOT, "  %-22s", "Latency (ms)"));
        for (String label : PERCENTILE_LABELS) {
            out.append(String.format(Locale.ROOT, "%10s", label));
        }
        out.append(String.format(Locale.ROOT, "%10s%n", "max"));
        latencyRow(out, spec.fixedRate() ? "corrected" : "service time", r.latencyMicros());
        if (r.uncorrectedLatencyMicros() != null) {
            latencyRow(out, "uncorrected", r.uncorrectedLatencyMicros());
        }
        out.append('\n');
        out.append(String.format(Locale.ROOT, "  %d requests completed (%d sent) in %.2fs, %s read, %s written%n",
                r.requestsCompleted(), r.requestsSent(), r.durationSeconds(), bytes(r.bytesRead()),
                bytes(r.bytesWritten())));
        out.append(String.format(Locale.ROOT, "  Requests/sec: %.2f%n", r.requestsPerSecond()));
        out.append(String.format(Locale.ROOT, "  Transfer/sec: %s%n", bytes((long) (r.bytesRead()
                / r.durationSeconds()))));
        out.append(String.format(Locale.ROOT, "  Status: 2xx %d, 3xx %d, 4xx %d, 5xx %d%n",
                r.status2xx(), r.status3xx(), r.status4xx(), r.status5xx()));
        out.append(String.format(Locale.ROOT, "  Errors: %d (connect %d, read %d, write %d, timeout %d)%n",
                r.errors(), r.connectErrors(), r.readErrors(), r.writeErrors(), r.timeouts()));
        if (percentileSpectrum) {
            spectrum(out, spec.fixedRate() ? "Corrected latency" : "Service time", r.latencyMicros());
            if (r.uncorrectedLatencyMicros() != null) {
                spectrum(out, "Uncorrected latency", r.uncorrectedLatencyMicros());
            }
        }
        return out.toString();
    }

    private static void latencyRow(StringBuilder out, String label, Histogram h) {
        out.append(String.format(Locale.ROOT, "  %-22s", label));
        Map<String, Double> values = latencyMillis(h);
        for (String key : PERCENTILE_KEYS) {
            out.append(String.format(Locale.ROOT, "%10.3f", values.get(key)));
        }
        out.append(String.format(Locale.ROOT, "%10.3f%n", values.get("max")));
    }

    private static void spectrum(StringBuilder out, String title, Histogram h) {
        out.append('\n').append("  ").append(title).append(" percentile spectrum (ms):\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(print, 5, 1000.0);
        }
        out.append(bytes.toString(StandardCharsets.UTF_8));
    }

    /** "1 load host", "2 load hosts". */
    static String hostCount(int hosts) {
        return hosts + (hosts == 1 ? " load host" : " load hosts");
    }

    private static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String bytes(long count) {
        if (count < 1024) {
            return count + " B";
        }
        if (count < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2f KiB", count / 1024.0);
        }
        if (count < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2f MiB", count / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2f GiB", count / (1024.0 * 1024 * 1024));
    }
}
