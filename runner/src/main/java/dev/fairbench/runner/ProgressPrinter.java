package dev.fairbench.runner;

import dev.fairbench.loadgen.Progress;

import java.io.PrintStream;
import java.time.Duration;

/**
 * Progress of a session for people. On a terminal, a status line rewritten in place once per second (app,
 * route, run, elapsed, req/s, errors, overall ETA) between ordinary lines; otherwise one ordinary line per step
 * (app, route and phase, with the session's elapsed time and ETA), no carriage return, so logs stay readable. The ETA is the load time still planned plus, per app start still to come, the average time
 * a start took outside load so far (start, gate, stop). Thread-safe.
 */
final class ProgressPrinter {
    static final Duration FIRST_OVERHEAD_GUESS = Duration.ofSeconds(20);

    private final PrintStream out;
    private final boolean terminal;
    private long plannedLoadNanos;
    private long doneLoadNanos;
    private int startsLeft;
    private int startsDone;
    private long overheadNanosTotal;
    private boolean statusShown;
    private final long startNanos = System.nanoTime();
    private String lastStep;

    ProgressPrinter(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    /** Time since this printer was made (the session's start), as {@code 1h02m}, {@code 3m05s} or {@code 42s}. */
    synchronized String elapsed() {
        return human((System.nanoTime() - startNanos) / 1_000_000_000L);
    }

    /** Sets what is left to do: app starts and their planned load time. */
    synchronized void plan(int starts, Duration load) {
        startsLeft = starts;
        plannedLoadNanos = load.toNanos();
    }

    /** Adds unplanned work to what is left: {@code starts} app starts and their load time. */
    synchronized void planMore(int starts, Duration load) {
        startsLeft += starts;
        plannedLoadNanos += load.toNanos();
    }

    /** The stream the lines go to, with the status line cleared. */
    synchronized PrintStream out() {
        clearStatus();
        return out;
    }

    /** An ordinary line. */
    synchronized void line(String text) {
        clearStatus();
        out.println(text);
        out.flush();
    }

    /** The status line during a run (terminal only). */
    synchronized void status(String app, String route, String phase, Progress p, Duration length) {
        if (!terminal) {
            String step = "[" + app + "] " + route + " " + phase;
            if (!step.equals(lastStep)) {
                lastStep = step;
                out.println(step + "  (" + length.toSeconds() + " s; elapsed " + elapsed() + ", ETA "
                        + eta(p.elapsedNanos()) + ")");
                out.flush();
            }
            return;
        }
        String line = String.format("[%s] %s %s  %d/%d s  %,.0f req/s  errors %d  | ETA %s", app, route, phase,
                p.elapsedNanos() / 1_000_000_000L, length.toSeconds(), p.requestsPerSecond(), p.errors(),
                eta(p.elapsedNanos()));
        out.print("\r\u001B[2K" + line);
        out.flush();
        statusShown = true;
    }

    /** Counts load time as done. */
    synchronized void loadDone(Duration d) {
        doneLoadNanos += d.toNanos();
    }

    /** One start of an app is finished; {@code overhead} is its time outside load. */
    synchronized void startDone(Duration overhead) {
        startsLeft = Math.max(0, startsLeft - 1);
        startsDone++;
        overheadNanosTotal += overhead.toNanos();
    }

    /** Removes load that will not be run (an app failed, a pass did not apply) from the plan. */
    synchronized void dropPlanned(Duration load) {
        plannedLoadNanos = Math.max(doneLoadNanos, plannedLoadNanos - load.toNanos());
    }

    synchronized String eta(long inRunNanos) {
        long overhead = startsDone == 0 ? FIRST_OVERHEAD_GUESS.toNanos() : overheadNanosTotal / startsDone;
        long left = Math.max(0, plannedLoadNanos - doneLoadNanos - inRunNanos) + overhead * startsLeft;
        return human(left / 1_000_000_000L);
    }

    /** Seconds as {@code 1h02m}, {@code 3m05s} or {@code 42s}. */
    static String human(long s) {
        return s >= 3600 ? String.format("%dh%02dm", s / 3600, s / 60 % 60)
                : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
    }

    private void clearStatus() {
        if (statusShown) {
            out.print("\r\u001B[2K");
            statusShown = false;
        }
    }
}
