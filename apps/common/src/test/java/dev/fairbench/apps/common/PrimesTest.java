package dev.fairbench.apps.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /compute}: the contract's number, and the harness's answer for other bounds too. */
class PrimesTest {

    @Test
    void sumBelowTheLimitIsTheContractsNumber() {
        assertThat(Primes.LIMIT).isEqualTo(dev.fairbench.workload.compute.Primes.LIMIT);
        assertThat(Primes.sumBelow(Primes.LIMIT))
                .isEqualTo(Primes.SUM_BELOW_LIMIT)
                .isEqualTo(dev.fairbench.workload.compute.Primes.SUM_BELOW_LIMIT)
                .isEqualTo(21_171_191L);
    }

    @Test
    void sameSumsAsTheHarness() {
        for (int limit : new int[] {0, 1, 2, 3, 4, 10, 100, 997, 1_000, 4_096}) {
            assertThat(Primes.sumBelow(limit)).as("below " + limit)
                    .isEqualTo(dev.fairbench.workload.compute.Primes.sumBelow(limit));
        }
        assertThat(Primes.sumBelow(10)).isEqualTo(2 + 3 + 5 + 7);
    }
}
