package dev.fairbench.runner.proc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.hosts.LocalHost;
import dev.fairbench.hosts.TiedProcess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The app's memory and context switches on another host, from the threads' lines of two readings. */
@Timeout(60)
class ProcThreadsTest {
    private static String stat(long pid, String name, long ppid) {
        return pid + " (" + name + ") S " + ppid + " " + pid + " " + pid + " 0 -1 0 0 0 0 0 10 5 0 0 20 0 1 0 100 "
                + "1000 10 1";
    }

    private static String thread(long pid, long tid, long rssKib, long voluntary, long nonvoluntary) {
        String prefix = "/proc/" + pid + "/task/" + tid + "/status:";
        return (rssKib < 0 ? "" : prefix + "VmRSS:\t   " + rssKib + " kB\n")
                + prefix + "voluntary_ctxt_switches:\t" + voluntary + "\n"
                + prefix + "nonvoluntary_ctxt_switches:\t" + nonvoluntary;
    }

    private static ProcTable reading(String... threads) {
        return ProcTable.parse(String.join("\n", List.of("77", "1000.00 5000.00", stat(10, "app", 1),
                stat(11, "worker", 10), stat(20, "other", 1), stat(2, "kthreadd", 0))) + "\n"
                + String.join("\n", threads) + "\n", 100);
    }

    /**
     * The app 10 (threads 10, 14, 15, 16) and its child 11; another process 20 and a kernel thread 2 (no VmRSS).
     * Thread 15 appears between the readings (counted from zero), thread 16 ends (missed).
     */
    @Test
    void theTreesThreadsAreSummedBetweenTheReadings() {
        ProcTable before = reading(thread(10, 10, 1900, 5, 1), thread(10, 14, 1900, 100, 10),
                thread(10, 16, 1900, 40, 0), thread(11, 11, 500, 3, 0), thread(20, 20, 9000, 1000, 0),
                thread(2, 2, -1, 70, 0));
        ProcTable after = reading(thread(10, 10, 2048, 8, 2), thread(10, 14, 2048, 150, 20),
                thread(10, 15, 2048, 7, 3), thread(11, 11, 512, 13, 0), thread(20, 20, 9000, 5000, 0),
                thread(2, 2, -1, 900, 0));
        // 10: +4, 14: +60, 15: +10 (new), 11: +10; 16 ended, 20 and 2 not in the tree
        assertThat(ProcTable.contextSwitchesBetween(before, after, 10)).hasValue(84);
        assertThat(ProcTable.contextSwitchesBetween(before, after, 11)).hasValue(10);
        assertThat(after.treeRssBytes(10)).hasValue((2048 + 512) * 1024L);
        assertThat(after.treeRssBytes(11)).hasValue(512 * 1024L);
        assertThat(after.treeRssBytes(99)).as("a pid that is gone").hasValue(0);
        assertThat(after.treeCpuMicros(10)).as("the stat lines still parse").isEqualTo(300_000);
        assertThat(after.processes()).hasSize(4);
    }

    @Test
    void aReadingWithoutThreadLinesAnswersNothing() {
        ProcTable without = reading();
        ProcTable with = reading(thread(10, 10, 100, 1, 1));
        assertThat(without.treeRssBytes(10)).isEmpty();
        assertThat(ProcTable.contextSwitchesBetween(without, with, 10)).isEmpty();
        assertThat(ProcTable.contextSwitchesBetween(with, without, 10)).isEmpty();
        assertThat(ProcTable.contextSwitchesBetween(with, with, 10)).hasValue(0);
    }

    /** A child of a LocalHost that sleeps in a loop (so it switches) is read through the remote path. */
    @Test
    void aRealChildsMemoryAndSwitchesAreReadThroughTheHost() throws Exception {
        try (LocalHost host = new LocalHost(); TiedProcess child = host.start(List.of("sh", "-c",
                "echo $$; while :; do sleep 0.01; done"))) {
            long pid = Long.parseLong(new BufferedReader(new InputStreamReader(child.stdout(),
                    StandardCharsets.UTF_8)).readLine().strip());
            HostProcFs proc = new HostProcFs(host);
            HostTables start = HostTables.read(List.of(proc), proc);
            Thread.sleep(500);
            HostTables end = HostTables.read(List.of(proc), proc);
            assertThat(end.treeRssBytes(proc, pid).orElse(-1)).isPositive();
            assertThat(HostTables.contextSwitches(start, end, proc, pid).orElse(-1)).isPositive();
            assertThat(HostTables.read(List.of(proc)).treeRssBytes(proc, pid)).as("read without threads").isEmpty();
            assertThat(start.treeRssBytes(ProcView.LOCAL, pid)).as("this machine's view is not read here").isEmpty();
        }
    }
}
