package dev.fairbench.profile;

/** A child JVM for {@link JvmToolsTest}: allocates short-lived arrays and burns CPU until killed. */
public final class GarbageMaker {
    private GarbageMaker() {}

    public static void main(String[] args) {
        long sink = 0;
        while (true) {
            byte[] garbage = new byte[64 * 1024];
            garbage[(int) (sink & 0xFFFF)] = 1;
            sink += burn(garbage.length);
        }
    }

    static long burn(int n) {
        long x = 0;
        for (int i = 0; i < n; i++) x += (long) i * i % 7;
        return x;
    }
}
