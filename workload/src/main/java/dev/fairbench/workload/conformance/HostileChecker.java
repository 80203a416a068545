package dev.fairbench.workload.conformance;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the hostile suite against a running app: every case on its own connection, all at once (so the stalled
 * ones also show that the app serves the others meanwhile), each bounded by its case's time. Thread-safe.
 */
public final class HostileChecker {

    /** The outcome of one case: passed or not, how long the exchange took, and what was wrong. */
    public record Result(String name, boolean passed, long millis, String problem) {}

    private HostileChecker() {}

    /** Runs {@code cases} against the app at {@code base}; returns one result per case, in order. */
    public static List<Result> check(URI base, List<HostileCase> cases) {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Result>> futures = new ArrayList<>();
            for (HostileCase c : cases) futures.add(pool.submit(() -> run(base, c)));
            List<Result> results = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    results.add(new Result(cases.get(i).name(), false, 0, "checker failed: " + e.getCause()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    results.add(new Result(cases.get(i).name(), false, 0, "interrupted"));
                }
            }
            return results;
        }
    }

    static Result run(URI base, HostileCase c) {
        long start = System.nanoTime();
        String problem;
        try (RawConnection conn = new RawConnection(base.getHost(), base.getPort(), c.boundMillis())) {
            problem = c.probe().run(conn);
        } catch (SocketTimeoutException e) {
            problem = "no answer and no close within " + c.boundMillis() + " ms";
        } catch (IOException | RuntimeException e) {
            problem = "bad answer: " + e;
        }
        long millis = (System.nanoTime() - start) / 1_000_000L;
        if (problem == null && millis > c.boundMillis()) problem = "took " + millis + " ms, bound " + c.boundMillis();
        return new Result(c.name(), problem == null, millis, problem);
    }

    /** The results as a conformance report: one mismatch, named {@code hostile …}, per failed case. */
    public static ConformanceReport report(List<Result> results) {
        List<Mismatch> mismatches = new ArrayList<>();
        for (Result r : results) {
            if (!r.passed()) mismatches.add(new Mismatch("hostile " + r.name(), r.problem() + " (" + r.millis() + " ms)", ""));
        }
        return new ConformanceReport(results.size(), mismatches);
    }

    /** One line per case with its timing, for {@code verify}. */
    public static String describe(List<Result> results) {
        StringBuilder out = new StringBuilder();
        for (Result r : results) {
            out.append(String.format("  %-4s %5d ms  %s%s%n", r.passed() ? "ok" : "FAIL", r.millis(), r.name(),
                    r.passed() ? "" : ": " + r.problem()));
        }
        return out.toString();
    }
}
