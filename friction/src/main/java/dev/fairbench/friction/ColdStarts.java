package dev.fairbench.friction;

import dev.fairbench.results.friction.FrictionApp.ColdStart;
import dev.fairbench.runner.AppLauncher;
import dev.fairbench.runner.proc.AppProcess;
import dev.fairbench.runner.registry.AppEntry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Cold starts of one app: each a start as the runner does it ({@link AppLauncher#start}: the contract's
 * environment with the session's PostgreSQL and Redis, pinned to the app's CPUs, a free port) timed from the call
 * that spawns it to the first 200 OK on its readiness path, probed every {@code poll} (a refused connection is
 * "not yet"); the app is stopped, its whole process tree gone, before the next start. The first start is counted
 * like the others: the artifact was just built, so the page cache holds it either way. Not thread-safe.
 */
final class ColdStarts {
    private ColdStarts() {
    }

    /**
     * Starts the app {@code count} times.
     *
     * @throws AppLauncher.StartFailure when a start fails (the app is stopped)
     */
    static ColdStart measure(AppLauncher launcher, AppEntry entry, String postgresUrl, String redisUrl, String cpus,
                             int count, Duration poll) throws AppLauncher.StartFailure, InterruptedException {
        List<Double> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            AppProcess app = launcher.start(entry, postgresUrl, redisUrl, cpus, 0, poll);
            double millis = (System.nanoTime() - start) / 1e6;
            app.stop();
            samples.add(Math.round(millis * 1000) / 1000.0);
        }
        return ColdStart.of(entry.readiness(), samples);
    }
}
