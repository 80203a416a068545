package dev.fairbench.workload.compute;

/**
 * {@code GET /compute}: the sum of the primes below a limit by trial division, as the contract spells it, in 64-bit
 * integers throughout (round 2 traced the Go/Rust gap on this route to the order of a 64-bit division loop, so every
 * language must divide in 64 bits).
 */
public final class Primes {
    public static final int LIMIT = 20_000;
    /** The body of {@code GET /compute}. */
    public static final long SUM_BELOW_LIMIT = 21_171_191L;

    private Primes() {}

    public static long sumBelow(int limit) {
        long sum = 0;
        for (long n = 2; n < limit; n++) {
            boolean prime = true;
            for (long d = 2; d * d <= n; d++) {
                if (n % d == 0) {
                    prime = false;
                    break;
                }
            }
            if (prime) sum += n;
        }
        return sum;
    }
}
