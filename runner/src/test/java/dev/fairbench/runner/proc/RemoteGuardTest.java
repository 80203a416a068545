package dev.fairbench.runner.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fairbench.hosts.ClockOffset;
import dev.fairbench.hosts.Host;
import dev.fairbench.hosts.LocalHost;
import dev.fairbench.hosts.TiedProcess;
import dev.fairbench.results.Interference;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The guard's part on another host, from two fixed readings and from two readings of this machine. */
@Timeout(60)
class RemoteGuardTest {
    private static final long KTHREAD_FLAGS = 0x00208040L;

    /** A stat line: pid (name) state ppid ... flags (field 9) ... utime stime cutime cstime ... starttime (22). */
    private static String stat(long pid, String name, char state, long ppid, long flags, long utime, long stime,
                               long cutime, long start) {
        return pid + " (" + name + ") " + state + " " + ppid + " " + pid + " " + pid + " 0 -1 " + flags
                + " 0 0 0 0 " + utime + " " + stime + " " + cutime + " 0 20 0 1 0 " + start + " 1000 10 1";
    }

    private static ProcTable table(long reader, String uptime, String... stats) {
        return ProcTable.parse(reader + "\n" + uptime + " 5000.00\n" + String.join("\n", stats) + "\n", 100);
    }

    /**
     * db1, 10 s between the readings at 100 Hz. Fairbench's connection is sshd-session 601: the app (611, own pid),
     * its child and the readers are under it. Another user's session (sshd 701) runs a stress (703) the whole time,
     * whose bash reaps a compiler meanwhile (its cutime grows); a gcc starts inside the window; pid 950 ends and is
     * reused by a process that starts inside the window; a kernel thread is busy; pid 801 is older than the window
     * but was missed by the first reading; pid 900 ends inside the window (missed).
     */
    private static final ProcTable START = table(621, "1000.00",
            stat(1, "systemd", 'S', 0, 0x400100, 400, 100, 0, 1),
            stat(2, "kthreadd", 'S', 0, KTHREAD_FLAGS, 0, 0, 0, 1),
            stat(40, "kworker/0:1-events", 'I', 2, 0x04208060L, 50, 50, 0, 30),
            stat(500, "sshd", 'S', 1, 0x400140, 10, 10, 0, 200),
            stat(600, "sshd-session", 'S', 500, 0x400140, 5, 5, 0, 90000),
            stat(601, "sshd-session", 'S', 600, 0x400140, 100, 100, 0, 90000),
            stat(610, "sh", 'S', 601, 0x400000, 1, 1, 0, 90100),
            stat(611, "java", 'S', 610, 0x400000, 1000, 200, 0, 90100),
            stat(612, "java helper", 'S', 611, 0x400000, 10, 10, 0, 90200),
            stat(620, "sh", 'S', 601, 0x400000, 0, 0, 0, 99999),
            stat(621, "sh", 'S', 620, 0x400000, 0, 0, 0, 99999),
            stat(700, "sshd-session", 'S', 500, 0x400140, 5, 5, 0, 80000),
            stat(701, "sshd-session", 'S', 700, 0x400140, 5, 5, 0, 80000),
            stat(702, "bash", 'S', 701, 0x400000, 1, 1, 0, 80000),
            stat(703, "stress", 'R', 702, 0x400000, 100, 0, 0, 80100),
            stat(900, "ends (soon)", 'S', 1, 0x400000, 500, 0, 0, 70000),
            stat(950, "old", 'S', 1, 0x400000, 150, 50, 0, 5000),
            stat(960, "make", 'S', 702, 0x400000, 10, 0, 0, 85000));
    private static final ProcTable END = table(631, "1010.00",
            stat(1, "systemd", 'S', 0, 0x400100, 405, 105, 0, 1),
            stat(2, "kthreadd", 'S', 0, KTHREAD_FLAGS, 0, 0, 0, 1),
            stat(40, "kworker/0:1-events", 'I', 2, 0x04208060L, 450, 450, 0, 30),
            stat(500, "sshd", 'S', 1, 0x400140, 10, 10, 0, 200),
            stat(600, "sshd-session", 'S', 500, 0x400140, 5, 5, 0, 90000),
            stat(601, "sshd-session", 'S', 600, 0x400140, 300, 300, 0, 90000),
            stat(610, "sh", 'S', 601, 0x400000, 1, 1, 0, 90100),
            stat(611, "java", 'S', 610, 0x400000, 5000, 900, 0, 90100),
            stat(612, "java helper", 'S', 611, 0x400000, 90, 10, 0, 90200),
            stat(613, "java child", 'S', 611, 0x400000, 80, 0, 0, 100300),
            stat(630, "sh", 'S', 601, 0x400000, 0, 0, 0, 100999),
            stat(631, "sh", 'S', 630, 0x400000, 0, 0, 0, 100999),
            stat(632, "cat", 'R', 631, 0x400000, 1, 1, 0, 100999),
            stat(700, "sshd-session", 'S', 500, 0x400140, 5, 5, 0, 80000),
            stat(701, "sshd-session", 'S', 700, 0x400140, 5, 5, 0, 80000),
            stat(702, "bash", 'S', 701, 0x400000, 1, 1, 0, 80000),
            stat(703, "stress", 'R', 702, 0x400000, 350, 50, 0, 80100),
            stat(800, "gcc", 'R', 702, 0x400000, 40, 10, 0, 100500),
            stat(801, "missed", 'S', 1, 0x400000, 999, 0, 0, 99000),
            stat(950, "new", 'S', 1, 0x400000, 15, 5, 0, 100800),
            stat(960, "make", 'S', 702, 0x400000, 10, 0, 70, 85000));

    @Test
    void foreignCpuIsCountedBetweenTheReadingsOutsideTheSessionAndTheKernel() {
        RemoteGuard.HostForeign db1 = RemoteGuard.foreign("db1", START, END, Set.of(611L), true);
        assertThat(db1.windowSeconds()).isCloseTo(10, within(1e-9));
        // systemd 10 ticks, stress 300, gcc 50 from zero, the reused pid 20 from zero, make's reaped child 70
        assertThat(db1.foreignCpuSeconds()).isCloseTo(4.5, within(1e-9));
        assertThat(db1.foreignCores()).isCloseTo(0.45, within(1e-9));
        assertThat(db1.processes()).extracting(Interference.ForeignProcess::command)
                .containsExactly("db1:stress", "db1:make", "db1:gcc", "db1:new", "db1:systemd");
        assertThat(db1.processes().getFirst().pid()).isEqualTo(703);
        assertThat(db1.processes().getFirst().cpuSeconds()).isCloseTo(3.0, within(1e-9));
        assertThat(db1.processes()).extracting(Interference.ForeignProcess::pid)
                .as("the app's tree, the session's sshd and readers, the kernel thread, the missed ones")
                .doesNotContain(611L, 612L, 613L, 601L, 632L, 40L, 801L, 900L);
    }

    /** Without the session's sshd found (not over SSH), fairbench's own session counts as foreign. */
    @Test
    void theSessionIsOwnOnlyThroughItsSshd() {
        assertThat(START.sessionRoot(true)).hasValue(601);
        assertThat(START.sessionRoot(false)).as("here: the reader's tie wrapper").hasValue(620);
        RemoteGuard.HostForeign here = RemoteGuard.foreign("x", START, END, Set.of(611L), false);
        assertThat(here.processes()).extracting(Interference.ForeignProcess::pid).contains(601L)
                .doesNotContain(611L, 613L);
        ProcTable underJava = table(5, "1.00", stat(4, "java", 'S', 1, 0, 0, 0, 0, 1),
                stat(5, "sh", 'S', 4, 0, 0, 0, 0, 1));
        assertThat(underJava.sessionRoot(false)).as("no shell above the reader: itself").hasValue(5);
        assertThat(underJava.sessionRoot(true)).as("no sshd above: the same").hasValue(5);
        assertThat(table(99, "1.00").sessionRoot(true)).isEmpty();
    }

    @Test
    void theTreeCpuOfATableIsThatOfItsProcesses() {
        // java 5000+900, helper 90+10, child 80+0, at 100 Hz
        assertThat(END.treeCpuMicros(611)).isEqualTo(60_800_000);
        assertThat(END.treeCpuMicros(12345)).isZero();
        assertThat(END.readerPid()).isEqualTo(631);
        assertThat(END.uptimeTicks()).isEqualTo(101_000);
        assertThat(ProcTable.parse("oops\n", 100).uptimeTicks()).isEqualTo(-1);
    }

    @Test
    void hostsAreAddedAsCoresOverThisMachinesWindowAndTheirProcessesNamed() {
        Interference local = new Interference(12, 0.24, 1.0, 0.5, 0.1, 0.05, false,
                List.of(new Interference.ForeignProcess(42, "make -j8", 0.24)));
        assertThat(RemoteGuard.merge(local, List.of())).isSameAs(local);
        RemoteGuard.HostForeign quiet = new RemoteGuard.HostForeign("app1", 10, 0.2,
                List.of(new Interference.ForeignProcess(7, "app1:cron", 0.2)));
        Interference calm = RemoteGuard.merge(local, List.of(quiet));
        // 0.02 + 0.02 cores: under 0.05
        assertThat(calm.foreignCpuSeconds()).isCloseTo(0.48, within(1e-9));
        assertThat(calm.disturbed()).isFalse();
        assertThat(calm.top()).extracting(Interference.ForeignProcess::command).containsExactly("make -j8", "app1:cron");
        Interference busy = RemoteGuard.merge(local, List.of(quiet,
                RemoteGuard.foreign("db1", START, END, Set.of(611L), true)));
        assertThat(busy.foreignCpuSeconds()).isCloseTo(0.24 + 0.24 + 0.45 * 12, within(1e-9));
        assertThat(busy.disturbed()).isTrue();
        assertThat(busy.top()).extracting(Interference.ForeignProcess::command)
                .containsExactly("db1:stress", "db1:make", "db1:gcc");
        assertThat(busy.windowSeconds()).isEqualTo(12);
        assertThat(busy.unattributedCpuSeconds()).isEqualTo(1.0);
        assertThat(busy.kernelThreadCpuSeconds()).isEqualTo(0.5);
        assertThat(busy.stealCpuSeconds()).isEqualTo(0.1);
    }

    /** A process absent from the first reading that started in that reading's tick was born inside the window. */
    @Test
    void aProcessStartedInTheFirstReadingsTickCountsFromZero() {
        ProcTable start = table(621, "1000.00", stat(1, "init", 'S', 0, 0x400100, 0, 0, 0, 1));
        ProcTable end = table(631, "1002.00", stat(1, "init", 'S', 0, 0x400100, 0, 0, 0, 1),
                stat(640, "spin", 'R', 1, 0x400000, 150, 0, 0, 100_000),
                stat(641, "older", 'R', 1, 0x400000, 150, 0, 0, 99_999));
        RemoteGuard.HostForeign seen = RemoteGuard.foreign("h", start, end, Set.of(), true);
        assertThat(seen.processes()).extracting(Interference.ForeignProcess::pid)
                .as("641 is older than the first reading and missed by it: unknown, left out").containsExactly(640L);
        assertThat(seen.foreignCpuSeconds()).isCloseTo(1.5, within(1e-9));
    }

    /** A busy process started between two readings of this machine through a LocalHost shows as foreign. */
    @Test
    void aBusyProcessStartedBetweenTheReadingsIsForeign() throws Exception {
        try (LocalHost host = new LocalHost()) {
            HostProcFs proc = new HostProcFs(host);
            ProcTable start = proc.table();
            long pid;
            ProcTable end;
            try (BusyNeighbour neighbour = BusyNeighbour.start("0")) {
                pid = neighbour.pid();
                Thread.sleep(1_500);
                end = proc.table();
            }
            assertThat(start.readerPid()).isPositive();
            assertThat(end.uptimeTicks()).isGreaterThan(start.uptimeTicks());
            RemoteGuard.HostForeign here = RemoteGuard.foreign(host.name(), start, end, Set.of(), false);
            assertThat(here.windowSeconds()).isGreaterThan(1.4);
            assertThat(here.processes()).filteredOn(p -> p.pid() == pid).singleElement().satisfies(p -> {
                assertThat(p.command()).isEqualTo("local:sh");
                assertThat(p.cpuSeconds()).isGreaterThan(0.3);
            });
            assertThat(here.processes()).extracting(Interference.ForeignProcess::pid)
                    .as("the reading's own shell and cat").doesNotContain(end.readerPid());
        }
        assertThat(RemoteGuard.of(List.of(new RemoteGuard.Role(new HostProcFs(new LocalHost()), List.of()),
                new RemoteGuard.Role(ProcView.LOCAL, List.of(1L)))).isEmpty())
                .as("this machine's processes are the local guard's").isTrue();
    }

    /** The app and the services on one host: one reading per instant serves both. */
    @Test
    void partiesOnOneHostCostOneReading() {
        try (CountingHost host = new CountingHost()) {
            HostProcFs app = new HostProcFs(host);
            HostProcFs services = new HostProcFs(host);
            app.clockTicksPerSecond();
            services.clockTicksPerSecond();
            int before = host.commands.get();
            HostTables tables = HostTables.read(List.of(app, services, ProcView.LOCAL));
            assertThat(host.commands.get() - before).isEqualTo(1);
            long self = ProcessHandle.current().pid();
            assertThat(tables.treeCpuMicros(services, self)).isPositive();
            assertThat(host.commands.get() - before).as("answered from the reading").isEqualTo(1);
            assertThat(tables.treeCpuMicros(ProcView.LOCAL, self)).isPositive();
            int asked = host.commands.get();
            assertThat(app.seenHere()).as("the same boot id and pid namespace: this machine's guard sees it").isTrue();
            assertThat(app.seenHere()).isTrue();
            assertThat(host.commands.get() - asked).as("asked once").isEqualTo(1);
        }
    }

    /** This machine, but not a LocalHost (as a host over SSH is not), counting the commands it starts. */
    private static final class CountingHost implements Host {
        private final LocalHost local = new LocalHost();
        final AtomicInteger commands = new AtomicInteger();

        @Override
        public String name() {
            return "counting";
        }

        @Override
        public TiedProcess start(List<String> command) {
            commands.incrementAndGet();
            return local.start(command);
        }

        @Override
        public void copyTo(Path source, String target) {
            local.copyTo(source, target);
        }

        @Override
        public String readFile(String path) {
            return local.readFile(path);
        }

        @Override
        public ClockOffset clockOffset(int roundTrips) {
            return local.clockOffset(roundTrips);
        }

        @Override
        public void close() {
            local.close();
        }
    }
}
