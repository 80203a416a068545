package dev.fairbench.apps.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fairbench.workload.phash.PHashVectors;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The app's pHash against the contract's pinned answers and the harness's reference, bit for bit: a change to the
 * order of arithmetic, the cosine table, the median or the ranking fails here before any conformance run.
 */
class PHashTest {
    /** The contract's test vectors with their exact answers, kept by the harness (working directory: apps/common). */
    private static final Path PINNED = Path.of("../../workload/src/test/resources/phash-vectors.json");

    @Test
    void contractVectorsGiveThePinnedAnswers() throws IOException {
        assertThat(PINNED).exists();
        JsonNode file = new ObjectMapper().readTree(Files.readString(PINNED));
        List<PHashVectors.Vector> vectors = PHashVectors.all();
        assertThat(file.get("vectors")).hasSize(vectors.size());
        for (int i = 0; i < vectors.size(); i++) {
            JsonNode pinned = file.get("vectors").get(i);
            byte[] image = Base64.getDecoder().decode(pinned.get("image_base64").asText());
            assertThat(PHash.json(image)).as(pinned.get("name").asText()).isEqualTo(pinned.get("response").asText());
        }
        assertThat(hex(PHash.referenceHash(1))).isEqualTo(file.get("reference_hashes_first_3").get(0).asText());
        assertThat(hex(PHash.referenceHash(2))).isEqualTo(file.get("reference_hashes_first_3").get(1).asText());
        assertThat(hex(PHash.referenceHash(3))).isEqualTo(file.get("reference_hashes_first_3").get(2).asText());
        assertThat(hex(PHash.referenceHash(PHash.REFERENCE_COUNT))).isEqualTo(file.get("reference_hash_2000").asText());
    }

    @Test
    void sameAnswersAsTheHarnessOnTheContractVectors() {
        for (PHashVectors.Vector vector : PHashVectors.all()) {
            assertThat(PHash.json(vector.image())).as(vector.name())
                    .isEqualTo(dev.fairbench.workload.phash.PHash.json(vector.image()));
            assertThat(PHash.hash(vector.image())).isEqualTo(dev.fairbench.workload.phash.PHash.hash(vector.image()));
        }
    }

    @Test
    void sameAnswersAsTheHarnessOnOtherImages() {
        for (long seed : new long[] {0, 4, 5, 42, 2026, -1}) {
            byte[] image = dev.fairbench.workload.phash.PHash.testImage(seed);
            assertThat(PHash.json(image)).as("seed " + seed).isEqualTo(dev.fairbench.workload.phash.PHash.json(image));
        }
        byte[] gradient = new byte[PHash.IMAGE_BYTES];
        for (int i = 0; i < gradient.length; i++) gradient[i] = (byte) (i / 16);
        assertThat(PHash.json(gradient)).isEqualTo(dev.fairbench.workload.phash.PHash.json(gradient));
    }

    @Test
    void sameReferenceHashesAndRankingAsTheHarness() {
        for (int id = 1; id <= PHash.REFERENCE_COUNT; id++) {
            assertThat(PHash.referenceHash(id)).isEqualTo(dev.fairbench.workload.phash.PHash.referenceHash(id));
        }
        for (long hash : new long[] {0L, -1L, 0x5555_5555_5555_5555L, PHash.referenceHash(7), 0x0123_4567_89AB_CDEFL}) {
            int[][] reference = dev.fairbench.workload.phash.PHash.nearest(hash);
            int[] ids = PHash.nearestIds(hash);
            assertThat(ids).as("hash %016x", hash).isEqualTo(reference[0]);
            for (int i = 0; i < ids.length; i++) assertThat(PHash.distance(hash, ids[i])).isEqualTo(reference[1][i]);
        }
    }

    @Test
    void refusesAnImageOfAnotherSize() {
        assertThatThrownBy(() -> PHash.json(new byte[PHash.IMAGE_BYTES - 1]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static String hex(long value) {
        return String.format("%016x", value);
    }
}
