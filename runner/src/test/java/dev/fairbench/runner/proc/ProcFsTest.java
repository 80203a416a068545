package dev.fairbench.runner.proc;

import dev.fairbench.results.IoCalls;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

class ProcFsTest {
    @Test
    void childCpuStillCountsAfterTheChildIsReaped() throws Exception {
        Process sh = new ProcessBuilder("sh", "-c",
                "timeout 0.6 sh -c 'while :; do :; done'; sleep 3").start();
        try {
            Thread.sleep(400);
            long whileBusy = ProcFs.treeCpuMicros(sh.pid());
            Thread.sleep(1_000);
            // The busy child has exited and been reaped: its CPU now sits in its parent's cutime, not lost.
            assertThat(ProcFs.tree(sh.pid())).hasSize(2);   // sh and sleep
            long afterExit = ProcFs.treeCpuMicros(sh.pid());
            assertThat(whileBusy).isPositive();
            assertThat(afterExit).isGreaterThanOrEqualTo(whileBusy);
        } finally {
            sh.destroyForcibly().waitFor();
        }
    }

    /**
     * dd copies 3000 one-byte blocks (3000 reads, 3000 writes) and exits; its parent reaps it and execs sleep:
     * the tree's counts still hold dd's calls, and a process that is gone has none.
     */
    @Test
    void ioCallsOfAReapedChildStillCount() throws Exception {
        Process sh = new ProcessBuilder("sh", "-c",
                "dd if=/dev/zero of=/dev/null bs=1 count=3000 2>/dev/null; exec sleep 30").start();
        try {
            long deadline = System.nanoTime() + 10_000_000_000L;
            Optional<IoCalls> calls = ProcFs.treeIoCalls(sh.pid());
            while (calls.orElseThrow().writes() < 3000 && System.nanoTime() < deadline) {
                Thread.sleep(50);
                calls = ProcFs.treeIoCalls(sh.pid());
            }
            assertThat(calls.orElseThrow().reads()).isGreaterThanOrEqualTo(3000);
            assertThat(calls.orElseThrow().writes()).isBetween(3000L, 3100L);
        } finally {
            sh.destroyForcibly().waitFor();
        }
        assertThat(ProcFs.treeIoCalls(sh.pid())).isEmpty();
        assertThat(ProcFs.sumAfterKeys("rchar: 5\nsyscr: 12\nsyscw: 7\n", "syscw:")).isEqualTo(7);
    }

    @Test
    void contextSwitchesOfThreadsThatExitedAreKept() throws Exception {
        long self = ProcessHandle.current().pid();
        ContextSwitchCounter counter = new ContextSwitchCounter(self);
        List<Thread> threads = new ArrayList<>();
        CountDownLatch parked = new CountDownLatch(4);
        CountDownLatch release = new CountDownLatch(1);
        for (int t = 0; t < 4; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 250; i++) LockSupport.parkNanos(100_000);
                parked.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        parked.await();
        counter.sample();
        release.countDown();
        for (Thread t : threads) t.join();
        counter.sample();
        // Each thread switched out about 250 times before the mid sample, which saw them alive; the final sample
        // sees none of them, and what they did must still count.
        assertThat(counter.switchesSinceStart()).isGreaterThanOrEqualTo(500);
    }

    @Test
    void rssOfThisJvm() {
        assertThat(ProcFs.treeRssBytes(ProcessHandle.current().pid())).isGreaterThan(10L << 20);
        assertThat(ProcFs.treeRssBytes(Long.MAX_VALUE / 2)).isZero();
        assertThat(ProcFs.isAlive(ProcessHandle.current().pid())).isTrue();
    }

    /** This test JVM has C1 and C2 compiler threads, and they have compiled JUnit and AssertJ by now. */
    @Test
    void jitCpuOfThisJvmIsCountedAndNativeProcessesHaveNone() throws Exception {
        long self = ProcessHandle.current().pid();
        assertThat(ProcFs.jitCpuMicros(self)).isPositive().isLessThanOrEqualTo(ProcFs.processCpuMicros(self));
        Process sleeper = new ProcessBuilder("sleep", "5").start();
        try {
            assertThat(ProcFs.jitCpuMicros(sleeper.pid())).isZero();
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
        assertThat(ProcFs.jitCpuMicros(Long.MAX_VALUE / 2)).isZero();
    }

    @Test
    void compilerThreadsAreToldByTheirTruncatedNames() {
        assertThat(ProcFs.isJitCompilerThread("C2 CompilerThre")).isTrue();
        assertThat(ProcFs.isJitCompilerThread("C1 CompilerThre")).isTrue();
        assertThat(ProcFs.isJitCompilerThread("JVMCI-native Co")).isTrue();
        assertThat(ProcFs.isJitCompilerThread("JVMCI CompilerT")).isTrue();
        assertThat(ProcFs.isJitCompilerThread("vert.x-eventloo")).isFalse();
        assertThat(ProcFs.isJitCompilerThread("VM Thread")).isFalse();
        assertThat(ProcFs.isJitCompilerThread(null)).isFalse();
    }
}
