package dev.fairbench.runner.canary;

/**
 * The canary's fixed piece of work, the same in every run on every machine: a CPU-bound part (a chain of
 * dependent integer operations that stays in registers) and a memory-latency-bound part (a walk through a random
 * single cycle over a {@value #CHASE_BYTES}-byte array, so that nearly every step misses the caches and waits for
 * main memory). The two parts are timed separately: a host that slows the guest may slow one and not the other.
 * Sized from CPU-time readings on the 2-vCPU AMD EPYC VM of docs/benchmarks.md §2 (2.2 ns per CPU step, 145 ns
 * per memory step): about 55 ms for the CPU part and 75 ms for the memory part, within the 100–200 ms a canary
 * may cost twice per window. Not thread-safe: one instance per thread (the array is built once, in the constructor).
 */
public final class CanaryWork {
    /** Iterations of the CPU part. */
    static final long ALU_ITERATIONS = 25_000_000L;
    /** Size of the array the memory part walks. */
    static final int CHASE_BYTES = 32 << 20;
    /** Steps of the memory part. */
    static final int CHASE_STEPS = 500_000;
    private static final long SEED = 0x5DEECE66DL;

    private final int[] next;
    /** Folded from every result, so the JIT cannot drop the work; printed by the process. */
    private long checksum;

    public CanaryWork() {
        int n = CHASE_BYTES / Integer.BYTES;
        next = new int[n];
        for (int i = 0; i < n; i++) next[i] = i;
        // Sattolo's shuffle: a uniformly random permutation that is one cycle through every slot.
        long s = SEED;
        for (int i = n - 1; i > 0; i--) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            int j = (int) ((s >>> 33) % i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
    }

    /** Wall time of one CPU part, in nanoseconds. */
    public long timeAluNanos() {
        long start = System.nanoTime();
        long x = SEED;
        long acc = 0;
        for (long i = 0; i < ALU_ITERATIONS; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            acc += x * 0x9E3779B97F4A7C15L;
        }
        long took = System.nanoTime() - start;
        checksum += acc;
        return took;
    }

    /** Wall time of one memory part, in nanoseconds. */
    public long timeMemoryNanos() {
        int[] a = next;
        long start = System.nanoTime();
        int p = 0;
        for (int i = 0; i < CHASE_STEPS; i++) p = a[p];
        long took = System.nanoTime() - start;
        checksum += p;
        return took;
    }

    /** What the work computed so far; depends only on how many parts ran. */
    public long checksum() {
        return checksum;
    }
}
