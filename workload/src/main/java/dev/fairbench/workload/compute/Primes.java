package dev.fairbench.workload.compute;

/**
 * The reference answer of {@code GET /compute}: the sum of the primes below a limit. The apps must compute it by
 * the contract's trial-division loop in signed 64-bit integers (round 2 traced the Go/Rust gap on this route to
 * the order of a 64-bit division loop); the reference computes it another way, with a sieve of Eratosthenes, so
 * that it checks the apps' loop rather than repeats it. Stateless and thread-safe.
 */
public final class Primes {
    public static final int LIMIT = 20_000;
    /** The body of {@code GET /compute}. */
    public static final long SUM_BELOW_LIMIT = 21_171_191L;

    private Primes() {}

    /** The sum of the primes {@code n} with {@code 2 <= n < limit}. */
    public static long sumBelow(int limit) {
        if (limit < 3) return 0;
        boolean[] composite = new boolean[limit];
        long sum = 0;
        for (int n = 2; n < limit; n++) {
            if (composite[n]) continue;
            sum += n;
            for (long multiple = (long) n * n; multiple < limit; multiple += n) composite[(int) multiple] = true;
        }
        return sum;
    }
}
