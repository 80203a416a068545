package dev.fairbench.hosts;

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
}
