package dev.fairbench.capacity;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadResult;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.report.Hlogs;
import dev.fairbench.results.CapacityResult;
import dev.fairbench.results.Interference;
import dev.fairbench.runner.proc.InterferenceGuard;
import dev.fairbench.runner.proc.ProcFs;
import dev.fairbench.runner.proc.RunSampler;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The capacity of one route: the highest fixed request rate at which the corrected p99 stays under an SLO, found
 * by {@link CapacitySearch} (doubling from half the closed-loop throughput of the warm-up, then bisection; a step
 * that breaks the SLO is run once more before its rate counts as too high), each step a fixed-rate run after a
 * warm-up at the same rate; then an overload step at {@value #OVERLOAD_FACTOR}
 * times that rate. Every step records completed requests, corrected latency, errors and timeouts (a response
 * later than {@link #TIMEOUT} counts as a timeout), and, when the app's pid is known, its CPU time (from
 * {@code /proc}) and peak RSS. Before each step the pass waits until a single request is answered within half the
 * SLO again, so that one step's backlog does not spill into the next. Not thread-safe.
 */
public final class CapacityProbe {
    public static final double OVERLOAD_FACTOR = 1.2;
    /** A response later than this is a timeout, as in the write-up the overload step follows. */
    public static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final Duration DRAIN_LIMIT = Duration.ofSeconds(20);

    /**
     * @param sloP99Millis      the p99 bound
     * @param step              measured length of each step
     * @param warmup            closed-loop load before the search; its throughput sets the first rate
     * @param stepWarmup        load at the step's rate before each step, not measured
     * @param toleranceFraction the search stops when the bracket is this narrow relative to its lower end
     * @param maxSteps          most search steps, repeats included (the overload step comes on top)
     * @param startRate         first rate of the search; 0 = half the warm-up's throughput
     */
    public record Settings(double sloP99Millis, Duration step, Duration warmup, Duration stepWarmup,
                           double toleranceFraction, int maxSteps, double startRate) {
        public Settings {
            if (!(sloP99Millis > 0)) throw new IllegalArgumentException("--slo must be positive");
            if (step.isZero() || step.isNegative()) throw new IllegalArgumentException("--step-duration must be positive");
            if (warmup.isNegative() || stepWarmup.isNegative()) throw new IllegalArgumentException("warm-ups must not be negative");
            if (startRate < 0) throw new IllegalArgumentException("--start-rate must not be negative");
        }

        /**
         * p99 under {@code sloP99Millis}; 10 s steps after 2 s at the same rate; 10 s warm-up (with 3 s, Spring's
         * first /phash steps still ran JIT-cold: 1 024 requests per CPU-second against 1 690 later, and a first
         * step that failed for that reason capped the bisection); 5% tolerance.
         */
        public static Settings defaults(double sloP99Millis) {
            return new Settings(sloP99Millis, Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(2),
                    0.05, 16, 0);
        }
    }

    /**
     * The overload step.
     *
     * @param offeredRate        requests per second offered
     * @param completedPerSecond requests per second completed
     * @param timeouts           requests unanswered after {@link #TIMEOUT}
     * @param otherErrors        socket errors and non-2xx responses
     * @param step               the step as in {@code results.json}
     */
    public record Overload(double offeredRate, double completedPerSecond, long timeouts, long otherErrors,
                           CapacityResult.Step step) {}

    /**
     * @param result   the search's steps, then the overload step, as {@code results.json} holds them
     * @param best     the highest step within the SLO (the overload step itself when it stayed within), or null when
     *                 even the first rate broke it
     * @param overload the overload step, or null when no rate met the SLO
     */
    public record Outcome(CapacityResult result, CapacityResult.Step best, Overload overload) {}

    /**
     * The interference guard of every step: a step in which processes outside {@code ownRoots}' trees used more
     * than {@code maxForeignCores} is measured again, at most {@code retries} times; the last one counts.
     */
    public record Guard(Supplier<Set<Long>> ownRoots, double maxForeignCores, int retries) {}

    private final Settings settings;
    private final PrintStream out;
    private final Guard guard;

    public CapacityProbe(Settings settings, PrintStream out) {
        this(settings, out, null);
    }

    /** A probe whose steps are watched by {@code guard} (null: not watched). */
    public CapacityProbe(Settings settings, PrintStream out, Guard guard) {
        this.settings = settings;
        this.out = out;
        this.guard = guard;
    }

    /**
     * Runs the search and the overload step against {@code base}'s target.
     *
     * @param route  route name for the result
     * @param base   the request mix: target, paths, method, body, connections, threads (rate and durations are set
     *               here)
     * @param appPid root of the app's process tree for CPU and RSS, or empty (then they are not measured)
     */
    public Outcome measure(String route, LoadSpec base, OptionalLong appPid) throws LoadException, InterruptedException {
        LoadSpec closed = base.withRate(0).withWarmup(Duration.ZERO).withTimeout(TIMEOUT);
        double start = settings.startRate();
        if (!settings.warmup().isZero()) {
            LoadResult w = LoadGenerator.run(closed.withDuration(settings.warmup()), null);
            out.printf(Locale.ROOT, "warm-up: %,.0f req/s closed loop at %d connections%n", w.requestsPerSecond(),
                    base.connections());
            if (start == 0) start = Math.max(1, w.requestsPerSecond() / 2);
        }
        if (start == 0) start = 100;
        List<CapacityResult.Step> steps = new ArrayList<>();
        List<LoadResult> loads = new ArrayList<>();
        CapacitySearch search = new CapacitySearch(settings.sloP99Millis(), settings.toleranceFraction(),
                settings.maxSteps(), true);
        CapacitySearch.Outcome outcome;
        try {
            outcome = search.search(start, rate -> {
                CapacityResult.Step s = step(closed, rate, appPid, search, loads);
                steps.add(s);
                return new CapacitySearch.Step(rate, s.latency().p99Ms(), s.latency().p999Ms(), s.requestsPerSecond(),
                        s.errors() + s.non2xx());
            });
        } catch (LoadException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        CapacityResult.Step best = null;
        for (CapacityResult.Step s : steps) {
            if (s.withinSlo() && (best == null || s.targetRatePerSecond() > best.targetRatePerSecond())) best = s;
        }
        Overload overload = null;
        if (outcome.best() != null && best != null) {
            double rate = OVERLOAD_FACTOR * best.targetRatePerSecond();
            CapacityResult.Step s = step(closed, rate, appPid, search, loads);
            steps.add(s);
            LoadResult r = loads.getLast();
            overload = new Overload(rate, s.requestsPerSecond(), r.timeouts(),
                    r.connectErrors() + r.readErrors() + r.writeErrors() + r.non2xx(), s);
            if (s.withinSlo()) {
                // Steps below it broke the SLO twice by chance, or the search ran out of steps: either way the
                // overload step is the best one seen.
                out.println("the overload step stayed within the SLO: the capacity is at least its rate (the steps"
                        + " that broke it below were unlucky twice, or the search ran out of steps)");
                best = s;
            }
        }
        CapacityResult result = new CapacityResult(route, settings.sloP99Millis(), settings.step().toMillis() / 1000.0,
                steps);
        return new Outcome(result, best, overload);
    }

    private CapacityResult.Step step(LoadSpec closed, double rate, OptionalLong pid, CapacitySearch search,
                                     List<LoadResult> loads) throws LoadException, InterruptedException {
        awaitDrained(closed);
        LoadSpec fixed = closed.withRate(rate);
        if (!settings.stepWarmup().isZero()) LoadGenerator.run(fixed.withDuration(settings.stepWarmup()), null);
        long cpu0;
        RunSampler sampler;
        LoadResult r;
        Interference interference = null;
        for (int attempt = 0; ; attempt++) {
            cpu0 = pid.isPresent() ? ProcFs.treeCpuMicros(pid.getAsLong()) : 0;
            sampler = pid.isPresent() ? new RunSampler(pid.getAsLong(), settings.step(), true) : null;
            InterferenceGuard watch = guard == null ? null : new InterferenceGuard(guard.ownRoots(), guard.maxForeignCores());
            try {
                r = LoadGenerator.run(fixed.withDuration(settings.step()), null);
            } finally {
                if (sampler != null) sampler.close();
                if (watch != null) interference = watch.stop();
            }
            if (interference == null || !interference.disturbed() || attempt >= guard.retries()) break;
            out.printf(Locale.ROOT, "  %,9.0f req/s offered: disturbed (foreign CPU %.2f cores), measuring the step again%n",
                    rate, interference.foreignCores());
            awaitDrained(closed);
        }
        Double cpuSeconds = pid.isPresent() ? Math.max(0, ProcFs.treeCpuMicros(pid.getAsLong()) - cpu0) / 1e6 : null;
        Long rss = sampler == null ? null : sampler.rssSamples().stream().mapToLong(RunSampler.RssSample::rssBytes)
                .max().stream().boxed().filter(b -> b > 0).findFirst().orElse(null);
        var latency = Hlogs.latency(r.latencyMicros());
        boolean ok = search.withinSlo(new CapacitySearch.Step(rate, latency.p99Ms(), latency.p999Ms(),
                r.requestsPerSecond(), r.errors() + r.non2xx()));
        loads.add(r);
        out.printf(Locale.ROOT, "  %,9.0f req/s offered: %,9.0f completed  p99 %8.2f ms  p99.9 %8.2f ms  errors %d"
                        + "  timeouts %d  non-2xx %d%s  %s%s%n", rate, r.requestsPerSecond(), latency.p99Ms(),
                latency.p999Ms(), r.connectErrors() + r.readErrors() + r.writeErrors(), r.timeouts(), r.non2xx(),
                cpuSeconds == null || cpuSeconds == 0 ? ""
                        : String.format(Locale.ROOT, "  %,.0f req/CPU-s", r.requestsCompleted() / cpuSeconds),
                ok ? "within SLO" : "SLO broken", interference != null && interference.disturbed() ? "  DISTURBED" : "");
        return new CapacityResult.Step(rate, r.requestsCompleted(), r.requestsPerSecond(), latency, r.errors(),
                r.non2xx(), cpuSeconds, rss, ok, interference);
    }

    /**
     * Sends single requests (on fresh connections) until one is answered within half the SLO, at most
     * {@link #DRAIN_LIMIT}: the backlog an overloaded step left in the app is gone.
     */
    private void awaitDrained(LoadSpec spec) throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_LIMIT.toNanos();
        byte[] request = request(spec);
        while (System.nanoTime() - deadline < 0) {
            long started = System.nanoTime();
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(spec.target().getHost(), spec.port()), (int) TIMEOUT.toMillis());
                s.setSoTimeout((int) DRAIN_LIMIT.toMillis());
                OutputStream o = s.getOutputStream();
                o.write(request);
                o.flush();
                InputStream in = s.getInputStream();
                while (in.read() >= 0) {
                    // Connection: close, so the response ends with the stream
                }
            } catch (IOException e) {
                Thread.sleep(100);
                continue;
            }
            if ((System.nanoTime() - started) / 1e6 < settings.sloP99Millis() / 2) return;
            Thread.sleep(50);
        }
    }

    private static byte[] request(LoadSpec spec) {
        byte[] body = spec.body();
        StringBuilder head = new StringBuilder(spec.method()).append(' ').append(spec.effectivePaths().getFirst())
                .append(" HTTP/1.1\r\nHost: ").append(spec.target().getHost()).append(':').append(spec.port())
                .append("\r\nConnection: close\r\n");
        for (String h : spec.headers()) head.append(h).append("\r\n");
        if (body != null) head.append("Content-Length: ").append(body.length).append("\r\n");
        head.append("\r\n");
        byte[] h = head.toString().getBytes(StandardCharsets.US_ASCII);
        if (body == null) return h;
        byte[] all = new byte[h.length + body.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return all;
    }
}
