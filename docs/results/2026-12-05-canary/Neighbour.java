/**
 * A neighbour for docs/results/canary-neighbours.sh, run until killed on another CPU than the canary's:
 * {@code alu} (a dependent integer chain in registers, no memory traffic), {@code chase MIB} (a dependent random walk
 * over MIB mebibytes: one cache miss at a time, little bandwidth) or {@code stream MIB} (a sequential read of every
 * 64-byte line of MIB mebibytes: as much memory bandwidth as one core draws).
 */
public class Neighbour {
    public static void main(String[] args) {
        String kind = args[0];
        if (kind.equals("alu")) {
            long x = 1;
            while (true) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                if (x == 42) System.out.println(x);
            }
        }
        int n = (Integer.parseInt(args[1]) << 20) / Integer.BYTES;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        java.util.Random r = new java.util.Random(1);
        for (int i = n - 1; i > 0; i--) { // Sattolo: one cycle through every slot
            int j = r.nextInt(i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        if (kind.equals("chase")) {
            int p = 0;
            while (true) {
                p = a[p];
                if (p == -1) System.out.println(p);
            }
        }
        long sum = 0;
        while (true) {
            for (int i = 0; i < n; i += 16) sum += a[i];
            if (sum == 42) System.out.println(sum);
        }
    }
}
