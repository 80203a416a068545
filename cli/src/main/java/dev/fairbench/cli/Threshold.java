package dev.fairbench.cli;

import dev.fairbench.loadgen.LoadResult;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail condition on a load result, as k6's thresholds, for gating CI with {@code load --threshold}:
 * {@code METRIC OP VALUE} where METRIC is a latency percentile ({@code p50}, {@code p90}, {@code p95}, {@code p99},
 * {@code p99.9}, {@code p99.99}, also written {@code p(99)}, or {@code max}; the value in {@code ms} by default,
 * or with {@code us}, {@code µs}, {@code ms} or {@code s}), {@code errors} (socket errors and timeouts),
 * {@code non2xx}, {@code failed} (both) or {@code rps} (completed requests per second); OP is one of {@code <},
 * {@code <=}, {@code >}, {@code >=}, {@code =}, {@code ==}, {@code !=}. Immutable.
 *
 * @param text   as given, for messages
 * @param metric the metric's canonical name
 * @param op     the comparison
 * @param limit  the limit, in ms for latencies
 */
public record Threshold(String text, String metric, String op, double limit) {
    private static final Pattern SYNTAX = Pattern.compile(
            "\\s*(p\\(?\\d+(?:\\.\\d+)?\\)?|max|errors|non2xx|non-2xx|failed|rps|req/s)\\s*(<=|>=|==|!=|<|>|=)\\s*"
                    + "(\\d+(?:\\.\\d+)?)\\s*(us|µs|ms|s)?\\s*", Pattern.CASE_INSENSITIVE);

    /**
     * Parses a threshold.
     *
     * @throws IllegalArgumentException with one line saying what is accepted
     */
    public static Threshold parse(String text) {
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("invalid threshold '" + text + "': expected METRIC OP VALUE, e.g. "
                    + "'p99<15ms', 'p(95)<=10', 'errors=0', 'rps>1000' (metrics p50…p99.99, max, errors, non2xx, "
                    + "failed, rps)");
        }
        String metric = m.group(1).toLowerCase(Locale.ROOT).replace("(", "").replace(")", "");
        if (metric.equals("non-2xx")) metric = "non2xx";
        if (metric.equals("req/s")) metric = "rps";
        boolean latency = metric.startsWith("p") || metric.equals("max");
        if (metric.startsWith("p")) {
            double p = Double.parseDouble(metric.substring(1));
            if (p <= 0 || p >= 100) {
                throw new IllegalArgumentException("invalid threshold '" + text + "': a percentile is above 0 and "
                        + "below 100");
            }
        }
        String unit = m.group(4);
        if (unit != null && !latency) {
            throw new IllegalArgumentException("invalid threshold '" + text + "': " + metric + " takes a plain "
                    + "number, without a unit");
        }
        double value = Double.parseDouble(m.group(3));
        if (latency && unit != null) {
            value = switch (unit.toLowerCase(Locale.ROOT)) {
                case "us", "µs" -> value / 1000;
                case "s" -> value * 1000;
                default -> value;
            };
        }
        String op = m.group(2).equals("==") ? "=" : m.group(2);
        return new Threshold(text.strip(), metric, op, value);
    }

    /** The metric's value in a result: milliseconds for latencies. */
    public double value(LoadResult r) {
        return switch (metric) {
            case "max" -> r.latencyMicros().getMaxValue() / 1000.0;
            case "errors" -> r.errors();
            case "non2xx" -> r.non2xx();
            case "failed" -> r.errors() + r.non2xx();
            case "rps" -> r.requestsPerSecond();
            default -> r.latencyMicros().getValueAtPercentile(Double.parseDouble(metric.substring(1))) / 1000.0;
        };
    }

    /** Whether {@code value} meets the threshold. */
    public boolean holds(double value) {
        return switch (op) {
            case "<" -> value < limit;
            case "<=" -> value <= limit;
            case ">" -> value > limit;
            case ">=" -> value >= limit;
            case "!=" -> value != limit;
            default -> value == limit;
        };
    }

    /** One line: the threshold, ok or FAILED, and the measured value. */
    public String report(double value) {
        boolean latency = metric.startsWith("p") || metric.equals("max");
        String measured = latency ? String.format(Locale.ROOT, "%.3f ms", value)
                : metric.equals("rps") ? String.format(Locale.ROOT, "%.1f", value) : String.valueOf((long) value);
        return "threshold " + text + ": " + (holds(value) ? "ok" : "FAILED") + " (" + metric + " " + measured + ")";
    }
}
