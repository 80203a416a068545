package dev.fairbench.cli;

import dev.fairbench.loadgen.Durations;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadReportWriter;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LineBarrier;
import dev.fairbench.loadgen.LoadShare;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.MergedLoad;
import dev.fairbench.loadgen.Progress;
import dev.fairbench.runner.MachineLock;
import dev.fairbench.loadgen.ProgressListener;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench load URL}: one load run with {@link LoadGenerator}, reported as text, JSON or CSV. Exit codes are
 * {@link LoadException}'s; option errors are usage errors (exit 2, one line on stderr). The load holds the
 * machine-wide benchmark lock ({@link MachineLockMixin}) unless {@code --no-lock}; waiting for it is said on stderr.
 */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Load an HTTP/1.1 server and report throughput and latency.",
                "Without -R the load is a closed loop (each connection waits for its responses: latencies are "
                        + "service times). With -R the load is a fixed rate and latency is measured from each "
                        + "request's intended send time, so a stalled server cannot hide its stall "
                        + "(no coordinated omission); the uncorrected latency is reported too. Each connection "
                        + "has at most --pipeline requests in flight, so give a fixed rate enough connections.",
                "With --hosts the load runs from the placement file's load hosts over SSH: connections, threads and "
                        + "rate split among them, started at one instant, their latency histograms merged exactly."},
        footer = {"", "Exit codes:",
                "  0  the run completed (errors and non-2xx responses are results: see the report)",
                "  1  unexpected failure",
                "  2  invalid option, number, duration or URL",
                "  3  target is not a loopback address and --allow-remote was not given",
                "  4  target unreachable",
                "  5  an output file could not be written",
                "  99 a --threshold was not met (the report is still written)"})
public final class LoadCommand implements Callable<Integer> {
    /** Exit code when a {@code --threshold} was not met (k6 uses 99 too). */
    public static final int THRESHOLD_FAILED = 99;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", description = "Target, http://host:port/path.")
    String url;

    @Option(names = {"-c", "--connections"}, paramLabel = "N", defaultValue = "10",
            description = "Connections to keep open (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = {"-t", "--threads"}, paramLabel = "N", defaultValue = "2",
            description = "Client threads, one event loop each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = {"-d", "--duration"}, paramLabel = "TIME", defaultValue = "10s",
            converter = DurationConverter.class,
            description = "Measured time: 500ms, 20s, 2m, 1h (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = {"-w", "--warmup"}, paramLabel = "TIME", defaultValue = "0s",
            converter = DurationConverter.class,
            description = "Load before the measurement, not recorded (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = {"-R", "--rate"}, paramLabel = "REQ/S", defaultValue = "0", converter = RateConverter.class,
            description = "Fixed rate in requests per second over all connections, e.g. 2000, 20k or 1.5M; 0 means "
                    + "closed loop.")
    double rate;

    @Option(names = "--threshold", paramLabel = "EXPR", description = "A condition the run must meet, as k6's "
            + "thresholds (repeatable): p99<15ms, p(95)<=10, max<1s, errors=0, non2xx=0, failed<10, rps>1000. When one "
            + "fails the command exits 99 after writing the report; each is printed on stderr with its value.")
    List<String> thresholds = new ArrayList<>();

    @Option(names = "--pipeline", paramLabel = "N", defaultValue = "1",
            description = "Requests written at once per connection (default: ${DEFAULT-VALUE}).")
    int pipeline;

    @Option(names = {"-m", "--method"}, paramLabel = "METHOD", defaultValue = "GET",
            description = "HTTP method (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = {"-H", "--header"}, paramLabel = "'Name: value'", description = "Extra request header "
            + "(repeatable).")
    List<String> headers = new ArrayList<>();

    @Option(names = "--body-file", paramLabel = "FILE", description = "Request body, sent with Content-Length.")
    Path bodyFile;

    @Option(names = "--urls-file", paramLabel = "FILE", description = "Paths to rotate through, one per line "
            + "(/path?query, or URLs of the same host); blank lines and lines starting with # are skipped.")
    Path urlsFile;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "10s", converter = DurationConverter.class,
            description = "Requests unanswered this long count as timeouts (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Report format: text, json or csv (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report here instead of "
            + "standard output.")
    Path output;

    @Option(names = "--hlog", paramLabel = "FILE", description = "HdrHistogram interval log, one interval per "
            + "second, values in microseconds.")
    Path hlog;

    @Option(names = "--hlog-uncorrected", paramLabel = "FILE", description = "At a fixed rate: the same log of "
            + "the uncorrected latency (from actual send times).")
    Path hlogUncorrected;

    @Option(names = {"-L", "--latency"}, description = "Add the full latency percentile spectrum to the text report "
            + "(-L as in wrk2).")
    boolean latencySpectrum;

    @Option(names = "-U", description = "wrk2's uncorrected latency: a fixed-rate report (-R) always has it, next to "
            + "the corrected one; accepted for wrk2 users, changes nothing.")
    boolean uncorrected;

    @Option(names = {"-q", "--quiet"}, description = "No progress line.")
    boolean quiet;

    @Option(names = "--allow-remote", description = "Allow targets that are not loopback addresses.")
    boolean allowRemote;

    @Option(names = "--no-lock", description = "Do not take the machine-wide benchmark lock (e.g. to load a server "
            + "while a benchmark runs, knowing that both disturb each other).")
    boolean noLock;

    @Mixin
    MachineLockMixin lock;

    @Mixin
    LoadPartMixin part;

    @Mixin
    LoadHostsMixin hosts;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        PrintWriter err = cl.getErr();
        try {
            LoadReportWriter.Format reportFormat = usage(() -> LoadReportWriter.Format.parse(format));
            LoadSpec loadSpec = usage(this::loadSpec);
            List<Threshold> conditions = usage(() -> thresholds.stream().map(Threshold::parse).toList());
            if (uncorrected && rate <= 0) {
                err.println("load: -U: the uncorrected latency exists only at a fixed rate (-R); this closed-loop run "
                        + "reports service time");
                err.flush();
            }
            InetSocketAddress address = LoadGenerator.resolve(loadSpec);
            if (!allowRemote && !LoadGenerator.isLoopback(address)) {
                throw new LoadException(LoadException.REMOTE_REFUSED, "target " + address.getAddress()
                        .getHostAddress() + " is not a loopback address (use --allow-remote to load it anyway)");
            }
            if (hosts.enabled() && (part.barrier || part.isPart())) {
                throw new ParameterException(cl, "--hosts splits the load itself: it takes neither --barrier nor "
                        + "--connection-offset, --total-connections or --total-rate");
            }
            if (part.barrier) {
                return barrierRun(loadSpec);
            }
            if (hosts.enabled()) {
                return multiHostRun(loadSpec, reportFormat, conditions);
            }
            LoadShare share = usage(() -> part.share(loadSpec));
            LoadResult result;
            try (MachineLock held = noLock ? null : lock.acquire(commandLine(), line -> {
                err.println(line);
                err.flush();
            })) {
                ProgressLine progress = showProgress() ? new ProgressLine(err) : null;
                try {
                    result = LoadGenerator.run(share, null, progress);
                } finally {
                    if (progress != null) {
                        progress.clear();
                    }
                }
            } catch (IOException e) {
                throw new LoadException(LoadException.INTERNAL, "cannot release the benchmark lock: "
                        + e.getMessage(), e);
            }
            String report = LoadReportWriter.render(result, reportFormat, latencySpectrum);
            writeReport(report);
            return thresholds(conditions, result);
        } catch (LoadException e) {
            err.println(spec.qualifiedName() + ": error: " + e.getMessage().strip().replaceAll("\\s*\\R\\s*", " "));
            err.flush();
            return e.exitCode();
        }
    }

    /**
     * {@code --barrier}: one part of a load run from several hosts, started by a coordinator through standard
     * input and output ({@link LineBarrier}); the result goes to files, as JSON whatever {@code --format} says.
     */
    private int barrierRun(LoadSpec loadSpec) throws LoadException {
        if (output == null || hlog == null || (loadSpec.fixedRate() && hlogUncorrected == null)) {
            throw new ParameterException(spec.commandLine(), "--barrier writes its result to files: give -o, --hlog"
                    + (loadSpec.fixedRate() ? " and --hlog-uncorrected" : ""));
        }
        LoadShare share = usage(() -> part.share(loadSpec));
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        LoadResult result;
        try (MachineLock held = noLock ? null : lock.acquire(commandLine(), line -> {
            spec.commandLine().getErr().println(line);
            spec.commandLine().getErr().flush();
        })) {
            result = LoadGenerator.run(share, new LineBarrier(stdin, spec.commandLine().getOut()), null);
        } catch (IOException e) {
            throw new LoadException(LoadException.INTERNAL, "cannot release the benchmark lock: " + e.getMessage(), e);
        }
        writeReport(LoadReportWriter.json(result));
        return 0;
    }

    /** {@code --hosts}: the load from the placement's load hosts, merged; this machine's lock held meanwhile. */
    private int multiHostRun(LoadSpec loadSpec, LoadReportWriter.Format reportFormat, List<Threshold> conditions)
            throws LoadException {
        PrintWriter err = spec.commandLine().getErr();
        Consumer<String> say = line -> {
            err.println(line);
            err.flush();
        };
        MergedLoad merged;
        try (MachineLock held = noLock ? null : lock.acquire(commandLine(), say)) {
            merged = hosts.run(loadSpec, allowRemote, line -> say.accept(spec.qualifiedName() + ": " + line),
                    quiet ? line -> { } : say);
        } catch (IOException e) {
            throw new LoadException(LoadException.INTERNAL, "cannot release the benchmark lock: " + e.getMessage(), e);
        }
        writeReport(LoadReportWriter.render(merged, reportFormat, latencySpectrum));
        return thresholds(conditions, merged.total());
    }

    private int thresholds(List<Threshold> conditions, LoadResult result) {
        PrintWriter err = spec.commandLine().getErr();
        boolean failed = false;
        for (Threshold t : conditions) {
            double value = t.value(result);
            err.println(t.report(value));
            failed |= !t.holds(value);
        }
        err.flush();
        return failed ? THRESHOLD_FAILED : 0;
    }

    private void writeReport(String report) throws LoadException {
        if (output == null) {
            spec.commandLine().getOut().print(report);
            spec.commandLine().getOut().flush();
            return;
        }
        try {
            Files.writeString(output, report, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LoadException(LoadException.OUTPUT, "cannot write " + output + ": " + e, e);
        }
    }

    private String commandLine() {
        return "fairbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }

    private LoadSpec loadSpec() throws IOException {
        URI target;
        try {
            target = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid URL '" + url + "': " + e.getReason());
        }
        if ("https".equalsIgnoreCase(target.getScheme())) {
            throw new IllegalArgumentException("HTTPS is not supported: the load generator speaks plain HTTP/1.1 "
                    + "(give an http:// URL)");
        }
        byte[] body = bodyFile == null ? null : Files.readAllBytes(bodyFile);
        List<String> paths = urlsFile == null ? List.of() : readPaths(urlsFile, target);
        if (urlsFile != null && paths.isEmpty()) {
            throw new IllegalArgumentException("no path in " + urlsFile);
        }
        return new LoadSpec(target, connections, threads, duration, warmup, rate, pipeline,
                method.toUpperCase(Locale.ROOT), headers, body, paths, timeout, hlog, hlogUncorrected);
    }

    /** Lines of {@code file}: paths as they are, URLs of the target's host and port reduced to path and query. */
    static List<String> readPaths(Path file, URI target) throws IOException {
        List<String> paths = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            if (text.startsWith("http://")) {
                URI uri = URI.create(text);
                if (!uri.getHost().equalsIgnoreCase(target.getHost()) || uri.getPort() != target.getPort()) {
                    throw new IllegalArgumentException("'" + text + "' in " + file + " is not on " + target
                            .getRawAuthority());
                }
                String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
                text = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
            }
            paths.add(text);
        }
        return paths;
    }

    private interface Step<T> {
        T get() throws IOException;
    }

    /** Runs {@code step}, turning a bad value or unreadable input file into a usage error (exit 2). */
    private <T> T usage(Step<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "cannot read " + e.getMessage());
        }
    }

    /** A progress line only on a terminal, without --quiet, and when NO_COLOR is unset. */
    private boolean showProgress() {
        if (quiet || System.getenv("NO_COLOR") != null || System.console() == null) {
            return false;
        }
        try {
            // JDK 22+ returns a console even when redirected; isTerminal() tells the truth there
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(System.console());
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    /** Picocli converter for rates: a number of requests per second, with an optional k (×1 000) or M (×1 000 000). */
    static final class RateConverter implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            String v = value.strip();
            double factor = 1;
            if (v.endsWith("k") || v.endsWith("K")) {
                factor = 1_000;
                v = v.substring(0, v.length() - 1);
            } else if (v.endsWith("M")) {
                factor = 1_000_000;
                v = v.substring(0, v.length() - 1);
            }
            try {
                if (!v.matches("-?\\d+(\\.\\d+)?")) throw new NumberFormatException();
                return Double.parseDouble(v) * factor;
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a rate: give requests per second"
                        + " such as 2000, 20k or 1.5M");
            }
        }
    }

    /** Picocli converter for durations with unit suffixes ({@link Durations#parse}). */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** One refreshing line on stderr: elapsed, req/s, p99 so far, errors. */
    private static final class ProgressLine implements ProgressListener {
        private final PrintWriter err;

        ProgressLine(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void progress(Progress p) {
            err.printf(Locale.ROOT, "\r%6.1fs  %12.1f req/s  p99 %9.3f ms  errors %d   ", p.elapsedNanos() / 1e9,
                    p.requestsPerSecond(), p.p99LatencyMicros() / 1e3, p.errors());
            err.flush();
        }

        void clear() {
            err.print("\r" + " ".repeat(70) + "\r");
            err.flush();
        }
    }
}
