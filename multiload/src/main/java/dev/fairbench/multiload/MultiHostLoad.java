package dev.fairbench.multiload;

import dev.fairbench.hosts.ClockOffset;
import dev.fairbench.hosts.ExecResult;
import dev.fairbench.loadgen.HostLoad;
import dev.fairbench.loadgen.LineBarrier;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadMerge;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LoadResultFiles;
import dev.fairbench.loadgen.LoadShare;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.LoadSplit;
import dev.fairbench.loadgen.MergedLoad;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one load from several load hosts ({@link PlacedHost}). The load is split among them ({@link LoadSplit}); on
 * each host the fairbench jar is copied to its work folder (after finding a {@code java} there that is 21 or newer)
 * and {@code java -jar fairbench.jar load --barrier} runs that host's part, pinned to the host's CPUs. Once every
 * part has said {@code ready} (connected, nothing sent), each is told the same instant, a little in the future, on its
 * own clock (the coordinator's instant plus the host's clock offset): the warm-ups start together, then the
 * measured windows. Their results are fetched and merged exactly ({@link LoadMerge}); the merged interval logs go
 * where the whole spec's {@code hlogFile} and {@code uncorrectedHlogFile} say.
 *
 * <p>Every process this starts is stopped before {@link #run} returns or throws. One run at a time per instance.
 */
public final class MultiHostLoad {
    /** Time between sending {@code go} and the start of the warm-up: longer than the sessions' latency. */
    static final Duration GO_LEAD = Duration.ofSeconds(1);
    /** The oldest Java that runs the fairbench jar. */
    static final int MIN_JAVA = 21;
    /** Round trips to measure a host's clock offset with: the shortest one bounds the error. */
    private static final int CLOCK_ROUND_TRIPS = 9;
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration EXIT_MARGIN = Duration.ofSeconds(30);
    private static final Pattern JAVA_VERSION = Pattern.compile("version \"([^\"]+)\"");

    private final List<PlacedHost> hosts;
    private final Path fairbenchJar;
    private final Duration readyTimeout;
    private final Consumer<String> log;
    private final WindowListener windows;

    /** Told each run's measured window once its parts are told when to start. */
    @FunctionalInterface
    public interface WindowListener {
        /**
         * @param startEpochNanos the window's start on this machine's realtime clock, in nanoseconds since the epoch
         *                        (a little in the future when this is called)
         * @param length          the window's length (the spec's duration)
         */
        void window(long startEpochNanos, Duration length);
    }

    /**
     * @param hosts        the load hosts, at least one; host {@code i} runs part {@code i}
     * @param fairbenchJar the fairbench jar to copy to each host
     * @param readyTimeout longest wait for all the parts' {@code ready}, counted from when they are started
     * @param log          receives one line per step (copying, starting, go), for the user's terminal
     */
    public MultiHostLoad(List<PlacedHost> hosts, Path fairbenchJar, Duration readyTimeout, Consumer<String> log) {
        this(hosts, fairbenchJar, readyTimeout, log, (start, length) -> { });
    }

    /**
     * {@link #MultiHostLoad(List, Path, Duration, Consumer)} telling {@code windows} each run's measured window, so
     * that the caller can sample the load hosts' CPUs at its start and end.
     */
    public MultiHostLoad(List<PlacedHost> hosts, Path fairbenchJar, Duration readyTimeout, Consumer<String> log,
                         WindowListener windows) {
        this.windows = windows;
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("a load from several hosts needs at least one load host");
        }
        this.hosts = List.copyOf(hosts);
        this.fairbenchJar = fairbenchJar;
        this.readyTimeout = readyTimeout;
        this.log = log;
    }

    /**
     * Runs {@code whole} split among the hosts and returns the merge of their results.
     *
     * @param allowRemote passed to every part: the target need not be a loopback address there
     * @throws LoadException {@link LoadException#USAGE} when the load cannot be split among the hosts; a part's
     *                       own exit code (with its last line of error) when it failed; {@link LoadException#OUTPUT}
     *                       when a merged log cannot be written; else {@link LoadException#INTERNAL}, naming the
     *                       host: an old Java, a failed copy, no {@code ready} in time, a part that died
     */
    public MergedLoad run(LoadSpec whole, boolean allowRemote) throws LoadException {
        List<LoadShare> shares;
        try {
            shares = LoadSplit.split(whole, hosts.size());
        } catch (IllegalArgumentException e) {
            throw new LoadException(LoadException.USAGE, e.getMessage());
        }
        String runId = UUID.randomUUID().toString().substring(0, 8);
        Path local = createTempDirectory();
        List<LoadPart> parts = new ArrayList<>();
        try {
            for (int i = 0; i < hosts.size(); i++) {
                PlacedHost host = hosts.get(i);
                log.accept("load host " + host.name() + ": copying fairbench to " + host.workdir());
                parts.add(prepare(host, shares.get(i), host.workdir() + "/load-" + runId + "-" + i, local));
            }
            for (LoadPart part : parts) {
                part.start(PartCommand.of(part, whole, allowRemote));
            }
            long readyDeadline = System.nanoTime() + readyTimeout.toNanos();
            for (LoadPart part : parts) {
                part.awaitReady(readyDeadline, readyTimeout);
            }
            long measureStart = epochNanos() + GO_LEAD.toNanos() + whole.warmup().toNanos();
            log.accept("all " + parts.size() + " load hosts ready; measuring from " + Instant.ofEpochSecond(0,
                    measureStart) + " for " + whole.duration().toMillis() / 1000.0 + " s");
            for (LoadPart part : parts) {
                part.go(LineBarrier.goLine(measureStart + part.clockOffsetNanos()));
            }
            windows.window(measureStart, whole.duration());
            Duration exitWait = GO_LEAD.plus(whole.warmup()).plus(whole.duration()).plus(whole.timeout())
                    .plus(EXIT_MARGIN);
            long exitDeadline = System.nanoTime() + exitWait.toNanos();
            List<HostLoad> results = new ArrayList<>();
            for (LoadPart part : parts) {
                part.awaitExit(exitDeadline, exitWait);
                results.add(new HostLoad(part.host().name(), fetch(part), measureStart));
            }
            MergedLoad merged = LoadMerge.merge(whole, results);
            writeMergedLog(parts, whole.hlogFile(), false, measureStart);
            writeMergedLog(parts, whole.uncorrectedHlogFile(), true, measureStart);
            return merged;
        } finally {
            for (LoadPart part : parts) {
                part.stopAndClean();
            }
            deleteQuietly(local);
        }
    }

    /** Checks the host's Java, copies the jar and the request inputs, measures the clock offset. */
    private LoadPart prepare(PlacedHost host, LoadShare share, String remoteDir, Path local) throws LoadException {
        try {
            String java = findJava(host, PlacedHost.currentJava());
            run(host, List.of("mkdir", "-p", remoteDir));
            String jar = host.workdir() + "/fairbench.jar";
            host.host().copyTo(fairbenchJar, jar);
            String bodyFile = null;
            if (share.spec().body() != null) {
                Path body = Files.write(local.resolve("body-" + host.name().hashCode()), share.spec().body());
                bodyFile = remoteDir + "/body";
                host.host().copyTo(body, bodyFile);
            }
            String urlsFile = null;
            if (!share.spec().paths().isEmpty()) {
                Path urls = Files.write(local.resolve("urls-" + host.name().hashCode()), share.spec().paths(),
                        StandardCharsets.UTF_8);
                urlsFile = remoteDir + "/urls.txt";
                host.host().copyTo(urls, urlsFile);
            }
            ClockOffset offset = host.host().clockOffset(CLOCK_ROUND_TRIPS);
            if (offset.roundTrips() > 0) {
                log.accept(String.format(Locale.ROOT, "load host %s: clock offset %+.3f ms ± %.3f ms", host.name(),
                        offset.offsetNanos() / 1e6, offset.uncertaintyNanos() / 1e6));
            }
            return new LoadPart(host, share, java, jar, remoteDir, bodyFile, urlsFile, offset.offsetNanos(), local);
        } catch (IOException e) {
            throw new LoadException(LoadException.INTERNAL, "cannot write a file for load host " + host.name() + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new LoadException(LoadException.INTERNAL, "load host " + host.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The {@code java} to run the jar with on {@code host}: its own ({@link PlacedHost#java()}) when it is
     * {@value #MIN_JAVA} or newer, else {@code fallback} when that is (hosts set up alike often have the
     * coordinator's JDK at the same path).
     *
     * @throws LoadException naming the host and what each candidate said when neither will do
     */
    public static String findJava(PlacedHost host, String fallback) throws LoadException {
        List<String> problems = new ArrayList<>();
        for (String java : host.java().equals(fallback) ? List.of(fallback) : List.of(host.java(), fallback)) {
            ExecResult version = host.host().run(List.of(java, "-version"), COMMAND_TIMEOUT);
            int feature = javaFeature(version.stderr() + "\n" + version.stdout());
            if (version.exitCode() == 0 && feature >= MIN_JAVA) {
                return java;
            }
            problems.add(version.exitCode() != 0
                    ? "'" + java + " -version' failed (exit " + version.exitCode() + "): " + lastLine(version.stderr())
                    : java + " is " + (feature < 0 ? "of an unknown version" : "version " + feature));
        }
        throw new LoadException(LoadException.INTERNAL, "load host " + host.name() + ": " + String.join("; ",
                problems) + "; fairbench needs Java " + MIN_JAVA + " or newer (put one first on the PATH there)");
    }

    /** The feature version in {@code java -version} output ({@code 1.8.0_x} is 8), or -1 when there is none. */
    static int javaFeature(String versionOutput) {
        Matcher m = JAVA_VERSION.matcher(versionOutput);
        if (!m.find()) {
            return -1;
        }
        String[] parts = m.group(1).split("[.\\-+_]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void run(PlacedHost host, List<String> command) {
        ExecResult result = host.host().run(command, COMMAND_TIMEOUT);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("'" + String.join(" ", command) + "' failed (exit " + result.exitCode()
                    + "): " + lastLine(result.stderr()));
        }
    }

    /** The part's result, read from the files it wrote on its host. */
    private static LoadResult fetch(LoadPart part) throws LoadException {
        try {
            Path json = part.fetch(PartCommand.RESULT);
            Path hlog = part.fetch(PartCommand.HLOG);
            Path uncorrected = part.share().spec().fixedRate() ? part.fetch(PartCommand.UNCORRECTED_HLOG) : null;
            return LoadResultFiles.read(part.share().spec(), json, hlog, uncorrected);
        } catch (IOException | RuntimeException e) {
            throw new LoadException(LoadException.INTERNAL, "load host " + part.host().name()
                    + ": cannot read its result: " + e.getMessage(), e);
        }
    }

    private static void writeMergedLog(List<LoadPart> parts, Path target, boolean uncorrected, long measureStart)
            throws LoadException {
        if (target == null) {
            return;
        }
        List<Path> logs = parts.stream().map(p -> p.localFile(uncorrected ? PartCommand.UNCORRECTED_HLOG
                : PartCommand.HLOG)).toList();
        try {
            LoadMerge.mergeLogs(logs, target, Math.floorDiv(measureStart, 1_000_000L));
        } catch (IOException e) {
            throw new LoadException(LoadException.OUTPUT, e.getMessage(), e);
        }
    }

    static String lastLine(String text) {
        List<String> lines = text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        return lines.isEmpty() ? "(it said nothing)" : lines.get(lines.size() - 1);
    }

    private static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    private static Path createTempDirectory() throws LoadException {
        try {
            return Files.createTempDirectory("fairbench-multiload");
        } catch (IOException e) {
            throw new LoadException(LoadException.OUTPUT, "cannot create a temporary folder: " + e.getMessage(), e);
        }
    }

    static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
