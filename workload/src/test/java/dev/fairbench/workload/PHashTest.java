package dev.fairbench.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fairbench.workload.compute.Primes;
import dev.fairbench.workload.phash.PHash;
import dev.fairbench.workload.phash.PHashVectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

class PHashTest {

    @Test
    void testVectorsGiveThePinnedAnswers() throws IOException {
        JsonNode file;
        try (InputStream in = PHashTest.class.getResourceAsStream("/phash-vectors.json")) {
            file = new ObjectMapper().readTree(in);
        }
        var vectors = PHashVectors.all();
        assertThat(file.get("vectors")).hasSize(vectors.size());
        for (int i = 0; i < vectors.size(); i++) {
            JsonNode pinned = file.get("vectors").get(i);
            byte[] image = vectors.get(i).image();
            assertThat(Base64.getDecoder().decode(pinned.get("image_base64").asText())).isEqualTo(image);
            assertThat(PHash.json(image)).isEqualTo(pinned.get("response").asText());
            assertThat(PHash.medianMargin(image)).as("margin of " + vectors.get(i).name()).isGreaterThan(1e-6);
        }
        assertThat(String.format("%016x", PHash.referenceHash(1))).isEqualTo(file.get("reference_hashes_first_3").get(0).asText());
        assertThat(String.format("%016x", PHash.referenceHash(2000))).isEqualTo(file.get("reference_hash_2000").asText());
    }

    @Test
    void splitmix64MatchesItsPublishedFirstOutputs() {
        // The first outputs of splitmix64 seeded with 0, as published with the algorithm (Steele, Lea, Flood 2014).
        SplitMix64 rng = new SplitMix64(0);
        assertThat(rng.next()).isEqualTo(0xE220A8397B1DCDAFL);
        assertThat(rng.next()).isEqualTo(0x6E789E6AA1B965F4L);
    }

    @Test
    void responseShape() {
        String json = PHash.json(PHash.testImage(1));
        assertThat(json).matches("\\{\"hash\":\"[0-9a-f]{16}\",\"matches\":\\[(\\{\"id\":\\d+,\"distance\":\\d+},?){5}]}");
    }

    @Test
    void computeIsTheContractsNumber() {
        assertThat(Primes.sumBelow(Primes.LIMIT)).isEqualTo(Primes.SUM_BELOW_LIMIT).isEqualTo(21_171_191L);
    }

    @Property(tries = 50, seed = "42")
    void nearestAreSortedByDistanceThenId(@ForAll long hash) {
        int[][] nearest = PHash.nearest(hash);
        for (int i = 1; i < PHash.MATCHES; i++) {
            int prev = nearest[1][i - 1], cur = nearest[1][i];
            assertThat(cur > prev || (cur == prev && nearest[0][i] > nearest[0][i - 1])).isTrue();
        }
        int best = Integer.MAX_VALUE;
        for (int id = 1; id <= PHash.REFERENCE_COUNT; id++) best = Math.min(best, Long.bitCount(hash ^ PHash.referenceHash(id)));
        assertThat(nearest[1][0]).isEqualTo(best);
    }

    @Property(tries = 20, seed = "42")
    void hashSetsHalfTheBitsForNoiseImages(@ForAll @Size(4096) byte[] image) {
        // With 64 distinct coefficients and a median between the 32nd and 33rd, exactly 32 are above it.
        if (PHash.medianMargin(image) > 1e-9) assertThat(Long.bitCount(PHash.hash(image))).isEqualTo(32);
    }
}
