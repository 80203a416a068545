package dev.fairbench.apps.common;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * {@code POST /phash} (contract section 4.6): the perceptual hash of a 64×64 8-bit grayscale image and its
 * {@value #MATCHES} nearest reference hashes, as the route's JSON body.
 *
 * <p>The steps, in the contract's order of arithmetic so that every result is bit-identical to the reference: the
 * full unnormalized 2-D DCT-II in {@code double}, rows first ({@code R[y][v] = Σx p[y][x]·C[v][x]}, then
 * {@code F[u][v] = Σy C[u][y]·R[y][v]}, sums in increasing index order, {@code C[k][n] = cos(π·(2n+1)·k/128)});
 * the 64 coefficients {@code F[u][v]}, {@code u, v < 8}, against their median (mean of the 32nd and 33rd
 * smallest), bit {@code 63 − (8u + v)} set when strictly greater; Hamming distance to the 2 000 reference hashes
 * (splitmix64 seeded with {@value #REFERENCE_SEED}, ids 1..2000), nearest first, ties by lower id.
 *
 * <p>Thread-safe: the cosine table (and its transpose) and the reference hashes are computed once, when the class
 * loads, and never change; every call allocates its own work arrays.
 */
public final class PHash {
    /** Side of the image in pixels. */
    public static final int SIDE = 64;
    /** Bytes of an image, one unsigned byte per pixel, row-major: the only body size the route accepts. */
    public static final int IMAGE_BYTES = SIDE * SIDE;
    /** Number of reference hashes, with ids 1 to this. */
    public static final int REFERENCE_COUNT = 2_000;
    /** splitmix64 seed of the reference hashes. */
    public static final long REFERENCE_SEED = 2026;
    /** Matches in the answer. */
    public static final int MATCHES = 5;

    private static final int HASHED_SIDE = 8;
    private static final HexFormat HEX = HexFormat.of();

    /** {@code C[k][n] = cos(π·(2n+1)·k / 128)} at {@code [k][n]}. */
    private static final double[][] COSINE = new double[SIDE][SIDE];
    /** The same table transposed: {@code C[k][n]} at {@code [n][k]}. */
    private static final double[][] COSINE_T = new double[SIDE][SIDE];
    /** The reference hash with id {@code i + 1} at index {@code i}. */
    private static final long[] REFERENCE = new long[REFERENCE_COUNT];

    static {
        for (int k = 0; k < SIDE; k++) {
            for (int n = 0; n < SIDE; n++) {
                double c = Math.cos(Math.PI * (2 * n + 1) * k / 128.0);
                COSINE[k][n] = c;
                COSINE_T[n][k] = c;
            }
        }
        long state = REFERENCE_SEED;
        for (int i = 0; i < REFERENCE_COUNT; i++) {
            state += 0x9E3779B97F4A7C15L;
            REFERENCE[i] = splitmix64Output(state);
        }
    }

    private PHash() {}

    /** The whole body of {@code POST /phash} for an image of exactly {@link #IMAGE_BYTES} bytes. */
    public static String json(byte[] image) {
        long hash = hash(image);
        int[] ids = nearestIds(hash);
        StringBuilder out = new StringBuilder(160);
        out.append("{\"hash\":\"").append(HEX.toHexDigits(hash)).append("\",\"matches\":[");
        for (int i = 0; i < ids.length; i++) {
            if (i > 0) out.append(',');
            out.append("{\"id\":").append(ids[i])
                    .append(",\"distance\":").append(distance(hash, ids[i])).append('}');
        }
        return out.append("]}").toString();
    }

    /**
     * The 64-bit perceptual hash of an image of exactly {@link #IMAGE_BYTES} bytes (bit 63 is {@code F[0][0]});
     * {@link IllegalArgumentException} for any other length.
     */
    public static long hash(byte[] image) {
        double[] low = lowFrequencies(image);
        double[] sorted = low.clone();
        Arrays.sort(sorted);
        double median = (sorted[31] + sorted[32]) / 2;
        long hash = 0;
        for (int i = 0; i < low.length; i++) {
            if (low[i] > median) hash |= 1L << (63 - i);
        }
        return hash;
    }

    /** The reference hash with this id, 1 to {@link #REFERENCE_COUNT}. */
    public static long referenceHash(int id) {
        return REFERENCE[id - 1];
    }

    /** Hamming distance from {@code hash} to the reference hash with this id. */
    public static int distance(long hash, int id) {
        return Long.bitCount(hash ^ REFERENCE[id - 1]);
    }

    /** Ids of the {@link #MATCHES} reference hashes nearest to {@code hash}: nearest first, ties by lower id. */
    public static int[] nearestIds(long hash) {
        int[] ids = new int[MATCHES];
        int[] distances = new int[MATCHES];
        int found = 0;
        for (int id = 1; id <= REFERENCE_COUNT; id++) {
            int d = distance(hash, id);
            if (found == MATCHES && d >= distances[MATCHES - 1]) continue;
            // After every kept entry at the same or a smaller distance: ids ascend, so a tie keeps the lower id first.
            int at = Math.min(found, MATCHES - 1);
            while (at > 0 && distances[at - 1] > d) {
                distances[at] = distances[at - 1];
                ids[at] = ids[at - 1];
                at--;
            }
            distances[at] = d;
            ids[at] = id;
            if (found < MATCHES) found++;
        }
        return ids;
    }

    /** The 64 hashed coefficients {@code F[u][v]}, {@code u, v < 8}, at index {@code 8u + v}. */
    private static double[] lowFrequencies(byte[] image) {
        double[][] f = dct(image);
        double[] low = new double[HASHED_SIDE * HASHED_SIDE];
        for (int u = 0; u < HASHED_SIDE; u++) System.arraycopy(f[u], 0, low, HASHED_SIDE * u, HASHED_SIDE);
        return low;
    }

    /**
     * The full 64×64 DCT-II, {@code F[u][v]} at {@code [u][v]}: all of it, on every call, as the route's work
     * requires.
     *
     * <p>Every output element has its own accumulator, which starts at {@code 0.0} and receives its terms one at a
     * time in increasing index order: exactly the contract's sum for that element, so the result is bit-identical
     * to a dot product per element. The innermost loop runs across the 64 independent accumulators of a row
     * ({@code acc[v] += p * c[v]}, as the Rust peers do): no reduction, so C2 vectorizes it under Java's strict
     * floating point without reordering any sum, where a dot product ({@code sum += a[i] * b[i]}) stays scalar.
     * Rows are arrays of their own, indexed alike: with one flat array per matrix and two offsets
     * ({@code r[64y + v] += p * c[64x + v]}) C2 cannot rule out that one iteration's store feeds a later
     * iteration's load, and on JDK 25 it left that loop scalar, at about half this speed.
     */
    private static double[][] dct(byte[] image) {
        if (image.length != IMAGE_BYTES) {
            throw new IllegalArgumentException("an image is " + IMAGE_BYTES + " bytes, got " + image.length);
        }
        // R[y][v] = Σx p[y][x]·C[v][x]: row y of R gains p[y][x] times row x of the transposed table.
        double[][] r = new double[SIDE][SIDE];
        for (int y = 0; y < SIDE; y++) {
            double[] acc = r[y];
            for (int x = 0; x < SIDE; x++) {
                double p = image[y * SIDE + x] & 0xFF;
                double[] c = COSINE_T[x];
                for (int v = 0; v < SIDE; v++) acc[v] += p * c[v];
            }
        }
        // F[u][v] = Σy C[u][y]·R[y][v]: row u of F gains C[u][y] times row y of R.
        double[][] f = new double[SIDE][SIDE];
        for (int u = 0; u < SIDE; u++) {
            double[] acc = f[u];
            for (int y = 0; y < SIDE; y++) {
                double c = COSINE[u][y];
                double[] in = r[y];
                for (int v = 0; v < SIDE; v++) acc[v] += c * in[v];
            }
        }
        return f;
    }

    /** splitmix64's output function for a state that has just been advanced. */
    private static long splitmix64Output(long state) {
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
