package dev.fairbench.hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.fail;

/** Waiting in tests for a process of this machine to be gone. */
final class Processes {
    private Processes() {
    }

    static void awaitGone(long pid, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) return;
            Thread.sleep(100);
        }
        fail("process " + pid + " still runs " + within.toMillis() + " ms later");
    }

    /** The command line of {@code pid} (arguments joined by spaces) once it stops changing for 100 ms, or "". */
    static String awaitCommandLine(long pid, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        String last = commandLine(pid);
        while (System.nanoTime() < deadline) {
            Thread.sleep(100);
            String now = commandLine(pid);
            if (now.equals(last) && !now.startsWith("sh ")) return now;
            last = now;
        }
        return last;
    }

    /** The command line of {@code pid}, arguments joined by spaces, or "" when it is gone. */
    static String commandLine(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ').strip();
        } catch (IOException e) {
            return "";
        }
    }
}
