package dev.fairbench.loadgen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The start barrier of {@code fairbench load --barrier}, a line protocol over standard input and output that a
 * coordinator drives through a pipe or an SSH session: once connected the load prints {@value #READY} on its own
 * line, then reads one line {@code go <epoch-nanos>}, the wall-clock instant (nanoseconds since the epoch, this
 * machine's clock) at which its measured window starts. The input ending first, or any other line, aborts the load
 * with {@link LoadException#INTERNAL} (exit 1). ASCII, lines end with a line feed. Used once, from one thread.
 */
public final class LineBarrier implements StartBarrier {
    /** The line printed once every connection is open. */
    public static final String READY = "ready";
    /** The word that starts the line giving the start instant. */
    public static final String GO = "go";
    private static final Pattern GO_LINE = Pattern.compile(GO + " (\\d{1,19})");

    private final BufferedReader in;
    private final PrintWriter out;

    /**
     * @param in  where the {@code go} line comes from
     * @param out where {@value #READY} is printed (and flushed)
     */
    public LineBarrier(BufferedReader in, PrintWriter out) {
        this.in = in;
        this.out = out;
    }

    /** The {@code go} line for a measured window starting {@code measureStartEpochNanos}. */
    public static String goLine(long measureStartEpochNanos) {
        return GO + " " + measureStartEpochNanos;
    }

    @Override
    public long awaitMeasureStart() throws LoadException {
        out.print(READY + "\n");
        out.flush();
        String line;
        try {
            line = in.readLine();
        } catch (IOException e) {
            throw new LoadException(LoadException.INTERNAL, "cannot read the start line: " + e.getMessage(), e);
        }
        if (line == null) {
            throw new LoadException(LoadException.INTERNAL, "standard input ended before '" + GO
                    + " <epoch-nanos>': no start, nothing sent");
        }
        Matcher go = GO_LINE.matcher(line.strip());
        if (!go.matches()) {
            throw new LoadException(LoadException.INTERNAL, "expected '" + GO + " <epoch-nanos>' on standard input, "
                    + "got '" + line.strip().replaceAll("\\p{Cntrl}", "?") + "'");
        }
        try {
            return Long.parseLong(go.group(1));
        } catch (NumberFormatException e) {
            throw new LoadException(LoadException.INTERNAL, "start instant out of range: " + go.group(1), e);
        }
    }
}
