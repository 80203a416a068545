package dev.fairbench.friction;

import dev.fairbench.runner.TrialOptions;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.services.ServiceOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How {@link FrictionRun} measures. Immutable.
 *
 * @param repoRoot      the repository: a git work tree, copied for every app; the registry's paths are relative
 *                      to it
 * @param registryFile  the app registry
 * @param services      where PostgreSQL and Redis are (the apps connect at start)
 * @param outputDir     the results directory: {@code friction.json} and {@code logs/friction/} go there, and its
 *                      reports are rewritten when it holds a {@code results.json}
 * @param cores         online CPUs: builds run on all of them
 * @param appCpus       the CPUs each cold start pins the app to (a taskset list); {@code WORKERS} is their count
 * @param coldStarts    starts per app, at least 1
 * @param readinessPoll pause between two readiness probes of a cold start, more than zero
 * @param languages     report languages to rewrite, from {@code dev.fairbench.report.render.Messages#LANGUAGES}
 */
public record FrictionOptions(Path repoRoot, Path registryFile, ServiceOptions services, Path outputDir, int cores,
                              String appCpus, int coldStarts, Duration readinessPoll, List<String> languages) {
    /** Starts per app by default. */
    public static final int DEFAULT_COLD_STARTS = 5;
    /** Readiness poll by default: as tight as a probe on a refused connection allows. */
    public static final Duration DEFAULT_READINESS_POLL = Duration.ofMillis(1);

    public FrictionOptions {
        CpuPlacement.parse(appCpus);
        if (coldStarts < 1) throw new IllegalArgumentException("cold starts must be at least 1, got " + coldStarts);
        if (readinessPoll.isNegative() || readinessPoll.isZero()) {
            throw new IllegalArgumentException("the readiness poll must be longer than zero");
        }
        languages = List.copyOf(languages);
    }

    /**
     * The options of a trial ({@code fairbench run --friction}): its repository, registry, services, output
     * directory, CPUs and languages, with the default cold starts and poll.
     */
    public static FrictionOptions from(TrialOptions trial) {
        return new FrictionOptions(trial.repoRoot(), trial.registryFile(), trial.services(), trial.outputDir(),
                trial.cores(), trial.placement().appCpus(), DEFAULT_COLD_STARTS, DEFAULT_READINESS_POLL,
                trial.languages());
    }

    /** Every CPU, as builds use them: {@code 0-N}. */
    String buildCpus() {
        return cores == 1 ? "0" : "0-" + (cores - 1);
    }
}
