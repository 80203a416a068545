package dev.fairbench.runner.timed;

import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.loadgen.ProgressListener;
import dev.fairbench.runner.proc.ProcFs;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The unrecorded load before a measured run: the fixed warm-up, then, while a JIT compiler is still busy, more of
 * the same load in steps of {@link #STEP}, so that the measured part starts once compilation has settled and its
 * CPU per request is the steady state's, not the JIT's. A run's warm-up is meant to cover JIT and caches; a fixed
 * 5 s does not for every JVM app: on one core Spring's index kept C2 busy for 20 s and more past it, Helidon's and
 * Vert.x's for up to 16 and 13 s (docs/benchmarks.md §2; the compiler threads' CPU in the measured part is
 * recorded per run as {@code jit_cpu_seconds}, so what is left shows in the results).
 * <p>Watched are the JIT compiler threads of the app's process tree and of this JVM (the load generator runs in
 * it and shares its CPUs with the services), read from {@code /proc} ({@link ProcFs#jitCpuMicros}). The last
 * {@link #QUIET_STEPS} steps of the fixed warm-up are the first ones watched, so an app whose JITs are quiet (any
 * native app, a settled JVM) is warmed up for exactly the fixed time. A step is quiet when the compiler threads
 * used at most {@link #QUIET_CORES} of a core in it; the warm-up ends, at the earliest after the fixed time, once
 * {@link #QUIET_STEPS} steps in a row were quiet, or when it has been extended by {@code jitSettleMax} (then the
 * measured part may still include compilation, and its {@code jit_cpu_seconds} says how much). A fixed warm-up
 * shorter than {@link #QUIET_STEPS} steps is not watched. The same rule applies to every app. Stateless;
 * thread-safe.
 *
 * @param fixed        the warm-up every run gets ({@code --warmup}); zero means no warm-up at all
 * @param jitSettleMax how much longer it may grow while a JIT compiles ({@code --jit-settle}); zero turns the
 *                     watch off
 */
public record WarmUp(Duration fixed, Duration jitSettleMax) {
    /** Length of one watched step. */
    public static final Duration STEP = Duration.ofSeconds(1);
    /** JIT CPU, in cores averaged over a step, at or below which the compilers count as quiet. */
    public static final double QUIET_CORES = 0.02;
    /**
     * Quiet steps in a row that end a warm-up: one is not enough, HotSpot compiles in bursts (a tier-4 recompile
     * of code that tier 3 profiled comes seconds after the first wave).
     */
    public static final int QUIET_STEPS = 2;
    /** Default of {@code --jit-settle}. */
    public static final Duration DEFAULT_JIT_SETTLE_MAX = Duration.ofSeconds(30);

    /** @throws IllegalArgumentException when a duration is negative */
    public WarmUp {
        if (fixed.isNegative()) throw new IllegalArgumentException("--warmup must not be negative");
        if (jitSettleMax.isNegative()) throw new IllegalArgumentException("--jit-settle must not be negative");
    }

    /** Whether compilation is watched: a settle time is given and the fixed warm-up holds {@link #QUIET_STEPS}. */
    boolean watches() {
        return !jitSettleMax.isZero() && fixed.compareTo(STEP.multipliedBy(QUIET_STEPS)) >= 0;
    }

    /**
     * Loads {@code spec} (its own duration is ignored) for the warm-up and returns how long that took in load
     * time: {@link #fixed()}, plus the steps added while a JIT compiled.
     *
     * @param appPid   root of the app's process tree
     * @param listener progress of each part of the load, with the part's length
     */
    public Duration run(LoadSpec spec, long appPid, Listener listener) throws LoadException {
        long self = ProcessHandle.current().pid();
        return run(spec, () -> ProcFs.jitCpuMicros(appPid) + ProcFs.jitCpuMicros(self), listener);
    }

    /**
     * Warms {@code app} up through {@code load}: as {@link #run(LoadSpec, long, Listener)} when the app is on this
     * machine and the load in this JVM; else the fixed warm-up in one load (an app on another host has no JIT
     * threads in this machine's {@code /proc}, and a load across hosts costs a start each: the watch is off).
     */
    public Duration run(LoadSpec spec, dev.fairbench.runner.proc.AppProcess app,
                        dev.fairbench.runner.placed.LoadDriver load, Listener listener) throws LoadException {
        if (load.inJvm() && app.isLocal()) return run(spec, app.pid(), listener);
        if (fixed.isZero()) return Duration.ZERO;
        load.run(spec.withDuration(fixed), listener.part(fixed));
        return fixed;
    }

    /** {@link #run(LoadSpec, long, Listener)} with the JIT CPU (µs, cumulative) read from {@code jitCpuMicros}. */
    Duration run(LoadSpec spec, LongSupplier jitCpuMicros, Listener listener) throws LoadException {
        if (fixed.isZero()) return Duration.ZERO;
        if (!watches()) {
            load(spec, fixed, listener);
            return fixed;
        }
        Duration unwatched = fixed.minus(STEP.multipliedBy(QUIET_STEPS));
        if (!unwatched.isZero()) load(spec, unwatched, listener);
        Duration spent = unwatched;
        long quietMicros = (long) (QUIET_CORES * STEP.toNanos() / 1000);
        int quietInARow = 0;
        while (true) {
            long before = jitCpuMicros.getAsLong();
            load(spec, STEP, listener);
            spent = spent.plus(STEP);
            quietInARow = jitCpuMicros.getAsLong() - before <= quietMicros ? quietInARow + 1 : 0;
            if (spent.compareTo(fixed) >= 0
                    && (quietInARow >= QUIET_STEPS || spent.minus(fixed).compareTo(jitSettleMax) >= 0)) {
                return spent;
            }
        }
    }

    private static void load(LoadSpec spec, Duration d, Listener listener) throws LoadException {
        LoadGenerator.run(spec.withDuration(d), listener.part(d));
    }

    /** Where the progress of each part of a warm-up goes. */
    @FunctionalInterface
    public interface Listener {
        /** The listener of a part of the warm-up {@code length} long. */
        ProgressListener part(Duration length);
    }
}
