package dev.fairbench.workload.phash;

import dev.fairbench.workload.SplitMix64;

import java.util.Arrays;

/**
 * The {@code POST /phash} scorer of the contract (section 4.6): full 64×64 DCT-II, 64-bit hash of the top-left 8×8
 * coefficients against their median, Hamming distance to 2 000 reference hashes, 5 nearest as JSON.
 * Thread-safe: the tables are immutable; each call allocates its own work arrays.
 */
public final class PHash {
    public static final int SIZE = 64;
    public static final int IMAGE_BYTES = SIZE * SIZE;
    public static final int HASH_SIDE = 8;
    public static final int REFERENCE_COUNT = 2_000;
    public static final long REFERENCE_SEED = 2026;
    public static final int MATCHES = 5;

    /** {@code COS[k][n] = cos(π(2n+1)k/128)}. */
    private static final double[][] COS = new double[SIZE][SIZE];
    /** Reference hash with id {@code i + 1} at index {@code i}. */
    private static final long[] REFERENCE = new long[REFERENCE_COUNT];

    static {
        for (int k = 0; k < SIZE; k++) {
            for (int n = 0; n < SIZE; n++) COS[k][n] = Math.cos(Math.PI * (2 * n + 1) * k / (2.0 * SIZE));
        }
        SplitMix64 rng = new SplitMix64(REFERENCE_SEED);
        for (int i = 0; i < REFERENCE_COUNT; i++) REFERENCE[i] = rng.next();
    }

    private PHash() {}

    /** The reference hash with the given id (1..2000). */
    public static long referenceHash(int id) {
        return REFERENCE[id - 1];
    }

    /** The full 2-D DCT-II of a 64×64 image ({@code pixels.length == 4096}), as {@code F[u][v]}. */
    public static double[][] dct(byte[] pixels) {
        if (pixels.length != IMAGE_BYTES) throw new IllegalArgumentException("image must be 4096 bytes");
        double[][] rows = new double[SIZE][SIZE];
        for (int y = 0; y < SIZE; y++) {
            for (int v = 0; v < SIZE; v++) {
                double[] c = COS[v];
                double sum = 0;
                for (int x = 0; x < SIZE; x++) sum += (pixels[y * SIZE + x] & 0xFF) * c[x];
                rows[y][v] = sum;
            }
        }
        double[][] f = new double[SIZE][SIZE];
        for (int u = 0; u < SIZE; u++) {
            double[] c = COS[u];
            for (int v = 0; v < SIZE; v++) {
                double sum = 0;
                for (int y = 0; y < SIZE; y++) sum += c[y] * rows[y][v];
                f[u][v] = sum;
            }
        }
        return f;
    }

    /** The 64 hashed coefficients, index {@code 8u + v}. */
    public static double[] lowFrequencies(double[][] f) {
        double[] low = new double[HASH_SIDE * HASH_SIDE];
        for (int u = 0; u < HASH_SIDE; u++) {
            for (int v = 0; v < HASH_SIDE; v++) low[u * HASH_SIDE + v] = f[u][v];
        }
        return low;
    }

    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    public static long hash(byte[] pixels) {
        double[] low = lowFrequencies(dct(pixels));
        double median = median(low);
        long hash = 0;
        for (int i = 0; i < low.length; i++) {
            if (low[i] > median) hash |= 1L << (63 - i);
        }
        return hash;
    }

    /** Ids (1-based) and distances of the {@link #MATCHES} nearest reference hashes, nearest first, ties by id. */
    public static int[][] nearest(long hash) {
        int[] ids = new int[MATCHES];
        int[] distances = new int[MATCHES];
        Arrays.fill(distances, Integer.MAX_VALUE);
        for (int i = 0; i < REFERENCE_COUNT; i++) {
            int d = Long.bitCount(hash ^ REFERENCE[i]);
            if (d >= distances[MATCHES - 1]) continue;
            int at = MATCHES - 1;
            while (at > 0 && distances[at - 1] > d) {
                distances[at] = distances[at - 1];
                ids[at] = ids[at - 1];
                at--;
            }
            distances[at] = d;
            ids[at] = i + 1;
        }
        return new int[][] {ids, distances};
    }

    /** The whole response body of {@code POST /phash} for a 4096-byte image. */
    public static String json(byte[] pixels) {
        long hash = hash(pixels);
        int[][] nearest = nearest(hash);
        StringBuilder out = new StringBuilder(160);
        out.append("{\"hash\":\"").append(String.format("%016x", hash)).append("\",\"matches\":[");
        for (int i = 0; i < MATCHES; i++) {
            if (i > 0) out.append(',');
            out.append("{\"id\":").append(nearest[0][i]).append(",\"distance\":").append(nearest[1][i]).append('}');
        }
        return out.append("]}").toString();
    }

    /** Test image {@code k} of the contract: 512 splitmix64 outputs of seed k, 8 pixels each, low byte first. */
    public static byte[] testImage(long seed) {
        byte[] image = new byte[IMAGE_BYTES];
        SplitMix64 rng = new SplitMix64(seed);
        for (int i = 0; i < IMAGE_BYTES; i += 8) {
            long word = rng.next();
            for (int b = 0; b < 8; b++) image[i + b] = (byte) (word >>> (8 * b));
        }
        return image;
    }

    /** The smooth test image of the contract: pixel {@code (x·x + 3·x·y + 7·y) mod 256}. */
    public static byte[] smoothImage() {
        byte[] image = new byte[IMAGE_BYTES];
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) image[y * SIZE + x] = (byte) ((x * x + 3 * x * y + 7 * y) % 256);
        }
        return image;
    }

    /** Smallest distance of a hashed coefficient from the median, relative to the largest magnitude. */
    public static double medianMargin(byte[] pixels) {
        double[] low = lowFrequencies(dct(pixels));
        double median = median(low);
        double max = 0, margin = Double.MAX_VALUE;
        for (double c : low) {
            max = Math.max(max, Math.abs(c));
            margin = Math.min(margin, Math.abs(c - median));
        }
        return margin / max;
    }
}
