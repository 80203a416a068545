package dev.fairbench.multiload;

import dev.fairbench.hosts.TiedProcess;
import dev.fairbench.loadgen.LineBarrier;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.loadgen.LoadShare;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One host's part of a load from several hosts, as the coordinator drives it: its files on the host, its process,
 * the lines it prints. Standard output and error are read by two daemon threads each (so the process never blocks
 * on a full pipe); the last lines of error are kept for messages. Used from the coordinator's thread only.
 */
final class LoadPart {
    /** Marks the end of the part's standard output in {@link #stdoutLines}. */
    private static final String END = "\u0000end";
    private static final int ERROR_LINES_KEPT = 20;
    private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(30);

    private final PlacedHost host;
    private final LoadShare share;
    private final String java;
    private final String jar;
    private final String remoteDir;
    private final String bodyFile;
    private final String urlsFile;
    private final long clockOffsetNanos;
    private final Path localDir;
    private final BlockingQueue<String> stdoutLines = new LinkedBlockingQueue<>();
    private final Deque<String> errorLines = new ArrayDeque<>();
    private TiedProcess process;

    LoadPart(PlacedHost host, LoadShare share, String java, String jar, String remoteDir, String bodyFile,
             String urlsFile, long clockOffsetNanos, Path localDir) {
        this.host = host;
        this.share = share;
        this.java = java;
        this.jar = jar;
        this.remoteDir = remoteDir;
        this.bodyFile = bodyFile;
        this.urlsFile = urlsFile;
        this.clockOffsetNanos = clockOffsetNanos;
        this.localDir = localDir;
    }

    PlacedHost host() {
        return host;
    }

    LoadShare share() {
        return share;
    }

    /** The {@code java} that runs the jar on the host. */
    String java() {
        return java;
    }

    String jar() {
        return jar;
    }

    /** The folder on the host for this part's files. */
    String remoteDir() {
        return remoteDir;
    }

    /** The request body file on the host, or null. */
    String bodyFile() {
        return bodyFile;
    }

    /** The request paths file on the host, or null. */
    String urlsFile() {
        return urlsFile;
    }

    long clockOffsetNanos() {
        return clockOffsetNanos;
    }

    void start(List<String> command) throws LoadException {
        try {
            process = host.host().start(command);
        } catch (RuntimeException e) {
            throw new LoadException(LoadException.INTERNAL, "load host " + host.name() + ": cannot start its load: "
                    + e.getMessage(), e);
        }
        Thread.ofPlatform().daemon().name("multiload-out-" + host.name())
                .start(() -> readLines(process.stdout(), stdoutLines::add, true));
        Thread.ofPlatform().daemon().name("multiload-err-" + host.name())
                .start(() -> readLines(process.stderr(), this::keepErrorLine, false));
    }

    /** Waits for {@value LineBarrier#READY} until {@code deadlineNanos} ({@code System.nanoTime()}). */
    void awaitReady(long deadlineNanos, Duration timeout) throws LoadException {
        try {
            while (true) {
                String line = stdoutLines.poll(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (line == null) {
                    throw new LoadException(LoadException.INTERNAL, "load host " + host.name() + " did not say "
                            + "ready within " + timeout.toSeconds() + " s" + lastErrorSuffix());
                }
                if (line.equals(END)) {
                    OptionalInt exit = process.waitFor(Duration.ofSeconds(5));
                    int code = exit.orElse(LoadException.INTERNAL);
                    throw new LoadException(exitCodeOf(code), "load host " + host.name() + ": its load ended "
                            + "before it was ready (exit " + (exit.isPresent() ? code : "unknown") + ")"
                            + lastErrorSuffix());
                }
                if (line.strip().equals(LineBarrier.READY)) {
                    return;
                }
                keepErrorLine(line);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException(LoadException.INTERNAL, "interrupted while waiting for " + host.name(), e);
        }
    }

    /** Sends the start line; the process's standard input stays open (closing it would stop a tied process). */
    void go(String line) throws LoadException {
        try {
            process.stdin().write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            process.stdin().flush();
        } catch (IOException e) {
            throw new LoadException(LoadException.INTERNAL, "load host " + host.name() + ": cannot send the start: "
                    + e.getMessage() + lastErrorSuffix(), e);
        }
    }

    /** Waits for the part to end, until {@code deadlineNanos}; fails unless it ended with exit code 0. */
    void awaitExit(long deadlineNanos, Duration wait) throws LoadException {
        OptionalInt exit;
        try {
            exit = process.waitFor(Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException(LoadException.INTERNAL, "interrupted while waiting for " + host.name(), e);
        }
        if (exit.isEmpty()) {
            throw new LoadException(LoadException.INTERNAL, "load host " + host.name() + ": its load still ran "
                    + wait.toSeconds() + " s after the start" + lastErrorSuffix());
        }
        if (exit.getAsInt() != 0) {
            throw new LoadException(exitCodeOf(exit.getAsInt()), "load host " + host.name() + ": its load failed "
                    + "(exit " + exit.getAsInt() + ")" + lastErrorSuffix());
        }
    }

    /** Copies the part's file {@code name} from the host into the local folder; returns the local copy. */
    Path fetch(String name) throws IOException {
        return Files.writeString(localFile(name), host.host().readFile(remoteDir + "/" + name), StandardCharsets.UTF_8);
    }

    /** Where {@link #fetch} puts the part's file {@code name}. */
    Path localFile(String name) {
        return localDir.resolve(remoteDir.substring(remoteDir.lastIndexOf('/') + 1) + "-" + name);
    }

    /** Stops the process if it runs and removes the part's folder on the host; never throws. */
    void stopAndClean() {
        if (process != null) {
            process.close();
        }
        try {
            host.host().run(List.of("rm", "-rf", remoteDir), CLEANUP_TIMEOUT);
        } catch (RuntimeException e) {
            // a folder left in the host's work folder is harmless; the next run uses another
        }
    }

    /** A part's own exit code is kept when it is one of the load's documented ones (2 .. 5), else 1. */
    private static int exitCodeOf(int partExit) {
        return partExit >= LoadException.USAGE && partExit <= LoadException.OUTPUT ? partExit : LoadException.INTERNAL;
    }

    private String lastErrorSuffix() {
        synchronized (errorLines) {
            return errorLines.isEmpty() ? "" : ": " + errorLines.peekLast();
        }
    }

    private void keepErrorLine(String line) {
        if (line.isBlank()) {
            return;
        }
        synchronized (errorLines) {
            if (errorLines.size() == ERROR_LINES_KEPT) {
                errorLines.removeFirst();
            }
            errorLines.addLast(line.strip());
        }
    }

    private static void readLines(InputStream in, java.util.function.Consumer<String> each, boolean markEnd) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                each.accept(line);
            }
        } catch (IOException e) {
            // the stream closed under us: the process is gone, which the coordinator sees by its exit
        } finally {
            if (markEnd) {
                each.accept(END);
            }
        }
    }
}
