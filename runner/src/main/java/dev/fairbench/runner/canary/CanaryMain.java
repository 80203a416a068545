package dev.fairbench.runner.canary;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The canary process ({@link HostCanary} starts it): builds its {@link CanaryWork}, warms it up until the JIT has
 * compiled both parts, prints {@value #READY}, then for every line {@value #TIME} on standard input runs the work
 * once and prints {@code CPU_NANOS MEMORY_NANOS CHECKSUM}; between requests it is blocked on its input and uses
 * no CPU. It ends at the end of its input.
 */
public final class CanaryMain {
    static final String READY = "ready";
    static final String TIME = "time";
    /** Unrecorded runs at start, enough for C2 to compile both loops (each runs millions of iterations). */
    static final int WARM_UP_RUNS = 4;

    private CanaryMain() {}

    public static void main(String[] args) throws Exception {
        CanaryWork work = new CanaryWork();
        for (int i = 0; i < WARM_UP_RUNS; i++) {
            work.timeAluNanos();
            work.timeMemoryNanos();
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.US_ASCII);
        out.println(READY);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        for (String line; (line = in.readLine()) != null; ) {
            if (!line.strip().equals(TIME)) {
                out.println("error: unknown request '" + line + "'");
                continue;
            }
            long cpu = work.timeAluNanos();
            long memory = work.timeMemoryNanos();
            out.println(cpu + " " + memory + " " + work.checksum());
        }
    }
}
