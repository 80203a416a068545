package dev.fairbench.workload.compute;

/** {@code GET /compute}: the sum of the primes below a limit by trial division, as the contract spells it. */
public final class Primes {
    public static final int LIMIT = 20_000;
    /** The body of {@code GET /compute}. */
    public static final long SUM_BELOW_LIMIT = 21_171_191L;

    private Primes() {}

    public static long sumBelow(int limit) {
        long sum = 0;
        for (int n = 2; n < limit; n++) {
            boolean prime = true;
            for (int d = 2; d * d <= n; d++) {
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
