package dev.fairbench.loadgen;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Immutable description of one load run. Construction validates every field and throws
 * {@link IllegalArgumentException} with a one-line message when one is out of range.
 *
 * @param target        {@code http://host:port/path}; the host must resolve; the path is used when {@code paths}
 *                      is empty
 * @param connections   TCP connections kept open, spread round-robin over the threads; at least {@code threads}
 * @param threads       event-loop threads, each with its own selector
 * @param duration      measured time; responses completing in it are counted
 * @param warmup        time before the measurement during which load runs but nothing is recorded
 * @param ratePerSecond requests per second over all connections (fixed-rate mode); 0 means closed loop
 * @param pipeline      requests written at once (closed loop) or at most in flight (fixed rate) per connection
 * @param method        HTTP method, upper case letters
 * @param headers       extra request headers, each {@code "Name: value"}; a {@code Host} header replaces the
 *                      default one
 * @param body          request body, or {@code null}; sent with a {@code Content-Length}
 * @param paths         request targets ({@code /path?query}) to rotate through; empty means the target's path
 * @param timeout       longest wait for a response; in-flight requests older than this are counted as timeouts
 *                      and their connection is reopened
 * @param hlogFile      HdrHistogram interval log to write while running (one interval per second), or
 *                      {@code null}
 * @param uncorrectedHlogFile fixed-rate mode: the same log of the uncorrected latency (from actual send times),
 *                      or {@code null}; must be {@code null} in closed loop, where there is none
 */
public record LoadSpec(URI target, int connections, int threads, Duration duration, Duration warmup,
                       double ratePerSecond, int pipeline, String method, List<String> headers, byte[] body,
                       List<String> paths, Duration timeout, Path hlogFile,
                       Path uncorrectedHlogFile) {

    /** Default response timeout: long enough that stalls show up as latency rather than as errors. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public LoadSpec {
        if (target == null || !"http".equalsIgnoreCase(target.getScheme()) || target.getHost() == null) {
            throw new IllegalArgumentException("invalid URL '" + target + "': expected http://host[:port]/path");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1, got " + connections);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (threads > connections) {
            throw new IllegalArgumentException(
                    "connections (" + connections + ") must be at least threads (" + threads + ")");
        }
        requirePositive(duration, "duration");
        if (warmup == null || warmup.isNegative()) {
            throw new IllegalArgumentException("warmup must be zero or positive");
        }
        if (!Double.isFinite(ratePerSecond) || ratePerSecond < 0 || ratePerSecond > 1e9) {
            throw new IllegalArgumentException("rate must be between 0 and 1e9 requests per second, got "
                    + ratePerSecond);
        }
        if (pipeline < 1 || pipeline > 1024) {
            throw new IllegalArgumentException("pipeline must be between 1 and 1024, got " + pipeline);
        }
        if (method == null || !method.matches("[A-Z]{1,20}")) {
            throw new IllegalArgumentException("invalid method '" + printable(method)
                    + "': expected upper case letters");
        }
        headers = List.copyOf(headers == null ? List.of() : headers);
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon < 1 || header.indexOf('\r') >= 0 || header.indexOf('\n') >= 0
                    || !header.substring(0, colon).matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                throw new IllegalArgumentException("invalid header '" + printable(header)
                        + "': expected 'Name: value'");
            }
        }
        body = body == null ? null : body.clone();
        paths = List.copyOf(paths == null ? List.of() : paths);
        for (String path : paths) {
            if (!path.startsWith("/") || path.chars().anyMatch(c -> c <= ' ' || c >= 127)) {
                throw new IllegalArgumentException("invalid path '" + printable(path)
                        + "': expected /path without spaces, control or non-ASCII characters");
            }
        }
        requirePositive(timeout, "timeout");
        if (uncorrectedHlogFile != null && ratePerSecond == 0) {
            throw new IllegalArgumentException("an uncorrected latency log needs a fixed rate: closed loop has only "
                    + "service time");
        }
    }

    /** {@code text} with control characters escaped, so an error message stays on one line. */
    private static String printable(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c < ' ' || c == 127) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static void requirePositive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }

    /** Closed-loop spec: no warm-up, pipeline 1, {@code GET}, no extra headers, {@link #DEFAULT_TIMEOUT}. */
    public static LoadSpec closedLoop(URI target, int connections, int threads, Duration duration) {
        return new LoadSpec(target, connections, threads, duration, Duration.ZERO, 0, 1, "GET", List.of(), null,
                List.of(), DEFAULT_TIMEOUT, null, null);
    }

    /** True when {@code ratePerSecond > 0}: latencies are measured from intended send times. */
    public boolean fixedRate() {
        return ratePerSecond > 0;
    }

    /** The body, copied; {@code null} when there is none. */
    @Override
    public byte[] body() {
        return body == null ? null : body.clone();
    }

    /** The request targets to rotate through: {@link #paths()} or, when it is empty, the target's path and query. */
    public List<String> effectivePaths() {
        if (!paths.isEmpty()) {
            return paths;
        }
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        return List.of(target.getRawQuery() == null ? path : path + "?" + target.getRawQuery());
    }

    /** Port of the target, 80 when the URL has none. */
    public int port() {
        return target.getPort() < 0 ? 80 : target.getPort();
    }

    public LoadSpec withRate(double requestsPerSecond) {
        return new LoadSpec(target, connections, threads, duration, warmup, requestsPerSecond, pipeline, method,
                headers, body, paths, timeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withPipeline(int requestsPerWrite) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, requestsPerWrite,
                method, headers, body, paths, timeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withWarmup(Duration warmupTime) {
        return new LoadSpec(target, connections, threads, duration, warmupTime, ratePerSecond, pipeline, method,
                headers, body, paths, timeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withMethod(String httpMethod) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, pipeline,
                httpMethod == null ? null : httpMethod.toUpperCase(Locale.ROOT), headers, body, paths, timeout,
                hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withBody(byte[] requestBody) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, pipeline, method,
                headers, requestBody, paths, timeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withPaths(List<String> requestPaths) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, pipeline, method,
                headers, body, requestPaths, timeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withHeaders(List<String> requestHeaders) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, pipeline, method,
                requestHeaders, body, paths, timeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withTimeout(Duration responseTimeout) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, pipeline, method,
                headers, body, paths, responseTimeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withHlog(Path intervalLogFile) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, pipeline, method,
                headers, body, paths, timeout, intervalLogFile, uncorrectedHlogFile);
    }

    public LoadSpec withUncorrectedHlog(Path intervalLogFile) {
        return new LoadSpec(target, connections, threads, duration, warmup, ratePerSecond, pipeline, method,
                headers, body, paths, timeout, hlogFile, intervalLogFile);
    }

    public LoadSpec withConnections(int openConnections, int eventLoopThreads) {
        return new LoadSpec(target, openConnections, eventLoopThreads, duration, warmup, ratePerSecond, pipeline,
                method, headers, body, paths, timeout, hlogFile, uncorrectedHlogFile);
    }

    public LoadSpec withDuration(Duration measuredTime) {
        return new LoadSpec(target, connections, threads, measuredTime, warmup, ratePerSecond, pipeline, method,
                headers, body, paths, timeout, hlogFile, uncorrectedHlogFile);
    }
}
