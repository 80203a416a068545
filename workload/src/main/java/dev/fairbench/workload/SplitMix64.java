package dev.fairbench.workload;

/**
 * The splitmix64 generator, as specified in {@code docs/workload.md}: every language reproduces it bit for bit.
 * Not thread-safe: one instance per thread of use.
 */
public final class SplitMix64 {
    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** The next 64-bit output (to be read as unsigned). */
    public long next() {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A uniform-enough integer in {@code [0, bound)}: the unsigned remainder of the next output. */
    public int nextInt(int bound) {
        return (int) Long.remainderUnsigned(next(), bound);
    }
}
