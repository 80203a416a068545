package dev.fairbench.runner.proc;

import dev.fairbench.results.Interference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class InterferenceGuardTest {

    @Test
    void aBusyNeighbourDisturbsTheWindowAndIsNamed() throws Exception {
        InterferenceGuard guard = new InterferenceGuard(Set::of, InterferenceGuard.DEFAULT_MAX_FOREIGN_CORES);
        long pid;
        try (BusyNeighbour neighbour = BusyNeighbour.start("0")) {
            pid = neighbour.pid();
            Thread.sleep(2_500);
        }
        Interference i = guard.stop();
        assertThat(i.disturbed()).as("%s", i).isTrue();
        assertThat(i.top()).filteredOn(p -> p.pid() == pid).singleElement()
                .satisfies(p -> assertThat(p.command()).contains("while :"));
        assertThat(guard.stop()).isSameAs(i);
    }

    @Test
    void ownProcessesAreNotForeign() throws Exception {
        try (BusyNeighbour mine = BusyNeighbour.start("1")) {
            InterferenceGuard guard = new InterferenceGuard(() -> Set.of(mine.pid()), 0.05);
            Thread.sleep(1_500);
            Interference i = guard.stop();
            assertThat(i.top()).extracting(Interference.ForeignProcess::pid).doesNotContain(mine.pid());
        }
    }

    /**
     * A process in the network namespace of a session's host on this kernel (as hosts-netns.sh makes them) is the
     * run's own when that namespace is given, and foreign otherwise. Needs root for {@code unshare -n}.
     */
    @Test
    void processesInTheNamespaceOfAHostOnThisKernelAreOwn() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "needs root: it makes a network namespace");
        // Not a child of this JVM (whose tree is always own): its shell exits, and it runs at nice -19 to stand out.
        Process sh = new ProcessBuilder("sh", "-c", "nice -n -19 unshare -n sh -c 'while :; do :; done' "
                + "</dev/null >/dev/null 2>&1 & echo $!").start();
        long pid = Long.parseLong(new String(sh.getInputStream().readAllBytes()).strip());
        sh.waitFor();
        try {
            java.nio.file.Path link = java.nio.file.Path.of("/proc", Long.toString(pid), "ns", "net");
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (java.nio.file.Files.readSymbolicLink(link).toString()
                    .equals(java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/ns/net")).toString())
                    && System.nanoTime() < deadline) {
                Thread.sleep(20); // unshare has not made the namespace yet
            }
            String namespace = java.nio.file.Files.readSymbolicLink(link).toString();
            InterferenceGuard foreign = new InterferenceGuard(Set::of, 0.05);
            InterferenceGuard own = new InterferenceGuard(Set::of, Set.of(namespace), 0.05);
            Thread.sleep(1_500);
            assertThat(foreign.stop().top()).extracting(Interference.ForeignProcess::pid).contains(pid);
            assertThat(own.stop().top()).extracting(Interference.ForeignProcess::pid).doesNotContain(pid);
        } finally {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void anOwnProcessThatEndsAsAZombieInsideTheWindowStaysOwn() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "needs root: it makes a network namespace");
        String name = "fb-guard-" + ProcessHandle.current().pid();
        assertThat(new ProcessBuilder("ip", "netns", "add", name).inheritIO().start().waitFor()).isZero();
        try {
            Object inode = java.nio.file.Files.getAttribute(java.nio.file.Path.of("/run/netns", name), "unix:ino");
            InterferenceGuard foreign = new InterferenceGuard(Set::of, 0.05);
            InterferenceGuard own = new InterferenceGuard(Set::of, Set.of("net:[" + inode + "]"), 0.05);
            // As a load part in a session host's namespace, started after the window's guard: a child that spins
            // for 1 s and exits, and a parent (sleep, exec'd by its shell) that never reaps it, so that it ends the
            // window a zombie, whose namespace can no longer be read.
            Process sh = new ProcessBuilder("sh", "-c", "ip netns exec " + name + " sh -c '(timeout 1 sh -c "
                    + "\"while :; do :; done\") & exec sleep 6' </dev/null >/dev/null 2>&1 & echo $!").start();
            long parent = Long.parseLong(new String(sh.getInputStream().readAllBytes()).strip());
            sh.waitFor();
            try {
                Thread.sleep(2_500);
                String children = java.nio.file.Files.readString(java.nio.file.Path.of("/proc",
                        Long.toString(parent), "task", Long.toString(parent), "children")).strip();
                assertThat(children).as("the spinning child, a zombie by now").isNotEmpty();
                long child = Long.parseLong(children.split(" ")[0]);
                assertThat(ProcFs.statFields(child)[0]).isEqualTo("Z");
                foreign.stop();
                own.stop();
                // the child spun for 1 s of wall time, which is less than 1 s of CPU when a hypervisor steals cores
                assertThat(foreign.foreignCpuSeconds(child)).as("to a guard for which the namespace is not own")
                        .isGreaterThan(0.2);
                assertThat(own.foreignCpuSeconds(child)).isZero();
            } finally {
                ProcessHandle.of(parent).ifPresent(ProcessHandle::destroyForcibly);
            }
        } finally {
            new ProcessBuilder("ip", "netns", "delete", name).inheritIO().start().waitFor();
        }
    }

    @Test
    void passwordsInCommandLinesAreHidden() {
        assertThat(InterferenceGuard.redact("x --pg-url postgresql://u:secret@h:1/db redis://:pw@h"))
                .isEqualTo("x --pg-url postgresql://u:***@h:1/db redis://:***@h");
    }

    @Test
    void busyShareOfACpuSet() {
        ProcStat before = ProcStat.parse(List.of("cpu  1 1 1 1", "cpu0 100 0 50 800 50 0 0 0", "cpu1 10 0 0 90 0 0 0 5"));
        ProcStat after = ProcStat.parse(List.of("cpu  1 1 1 1", "cpu0 190 0 50 810 50 0 0 0", "cpu1 20 0 0 180 0 0 0 9"));
        assertThat(after.busyShareSince(before, List.of(0))).isEqualTo(0.9);
        assertThat(after.busyShareSince(before, List.of(1))).isEqualTo(0.1);
        assertThat(after.busyShareSince(before, List.of(0, 1))).isEqualTo(0.5);
        assertThat(after.busyTicksSince(before)).isEqualTo(100);
        assertThat(after.stealTicksSince(before)).isEqualTo(4);
        assertThat(after.busyShareSince(before, List.of(7))).isZero();
    }
}
