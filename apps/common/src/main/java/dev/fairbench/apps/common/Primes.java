package dev.fairbench.apps.common;

/**
 * {@code GET /compute} (contract section 4.4): the sum of the primes below {@value #LIMIT} by trial division,
 * computed on every request. Every variable of the loop is a signed 64-bit {@code long}, as the contract requires:
 * the 64-bit division is the work this route measures. Stateless and thread-safe.
 */
public final class Primes {
    /** The route's bound: primes below this are summed. */
    public static final int LIMIT = 20_000;
    /** The route's answer, {@code sumBelow(LIMIT)}; its body is this number in decimal. */
    public static final long SUM_BELOW_LIMIT = 21_171_191L;

    private Primes() {}

    /** The sum of the primes {@code n} with {@code 2 <= n < limit}, by the contract's trial-division loop. */
    public static long sumBelow(int limit) {
        long sum = 0;
        for (long n = 2; n <= limit - 1L; n++) {
            long d = 2;
            boolean prime = true;
            while (d * d <= n) {
                if (n % d == 0) {
                    prime = false;
                    break;
                }
                d = d + 1;
            }
            if (prime) sum = sum + n;
        }
        return sum;
    }
}
