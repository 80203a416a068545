package dev.fairbench.workload.phash;

import java.util.ArrayList;
import java.util.List;

/**
 * The pHash test vectors of the contract: splitmix64 images of seeds 1, 2, 3, 7 and 1000, and one smooth image.
 * Their exact answers are pinned in {@code workload/src/test/resources/phash-vectors.json}.
 */
public final class PHashVectors {
    public static final long[] SEEDS = {1, 2, 3, 7, 1000};

    public record Vector(String name, byte[] image) {}

    private PHashVectors() {}

    public static List<Vector> all() {
        List<Vector> vectors = new ArrayList<>();
        for (long seed : SEEDS) vectors.add(new Vector("seed-" + seed, PHash.testImage(seed)));
        vectors.add(new Vector("smooth", PHash.smoothImage()));
        return vectors;
    }
}
