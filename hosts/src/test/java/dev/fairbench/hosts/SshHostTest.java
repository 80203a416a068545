package dev.fairbench.hosts;

import dev.fairbench.hosts.NetnsHosts.Namespaces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** SshHost against real OpenSSH servers, one per network namespace of {@code examples/hosts-netns.sh}. */
@ExtendWith(NetnsHosts.class)
class SshHostTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Namespaces netns = NetnsHosts.get();

    @Test
    void runsCommandsOnEachHostInItsOwnNamespace() {
        for (String name : Namespaces.HOSTS) {
            try (Host host = SshHost.connect(name, netns.ssh())) {
                ExecResult address = host.run(List.of("ip", "-o", "-4", "addr", "show", "dev", "eth0"), TIMEOUT);
                assertThat(address.exitCode()).as(name).isZero();
                assertThat(address.stdout()).as(name).contains("inet " + netns.address(name) + "/24");
                ExecResult quoted = host.run(List.of("sh", "-c", "printf '%s|' \"$@\"; echo oops >&2; exit 7", "sh",
                        "a b", "it's", "$HOME", "*"), TIMEOUT);
                assertThat(quoted.exitCode()).as(name).isEqualTo(7);
                assertThat(quoted.stdout()).as(name).isEqualTo("a b|it's|$HOME|*|");
                assertThat(quoted.lastErrorLine()).as(name).isEqualTo("oops");
            }
        }
    }

    @Test
    void copiesAFolderToEachHostByScpAndReadsItBack(@TempDir Path dir) throws Exception {
        String remote = "/tmp/fairbench-hosts-test-" + UUID.randomUUID();
        try {
            for (String name : Namespaces.HOSTS) {
                try (SshHost host = SshHost.connect(name, netns.ssh())) {
                    host.preferScp();
                    assertThat(host.copiesWithRsync()).isFalse();
                    copiesAndReadsBack(host, dir.resolve(name), remote + "/" + name);
                }
            }
        } finally {
            new LocalHost().run(List.of("rm", "-rf", remote), TIMEOUT);
        }
    }

    @Test
    void copiesByRsyncWhenBothEndsHaveIt(@TempDir Path dir) throws Exception {
        assumeTrue(new LocalHost().run(List.of("sh", "-c", "command -v rsync"), TIMEOUT).succeeded(),
                "no rsync on this machine: copies go by scp (tested above)");
        String remote = "/tmp/fairbench-hosts-test-" + UUID.randomUUID();
        try (SshHost host = SshHost.connect("fb-svc", netns.ssh())) {
            assertThat(host.copiesWithRsync()).isTrue();
            copiesAndReadsBack(host, dir, remote);
        } finally {
            new LocalHost().run(List.of("rm", "-rf", remote), TIMEOUT);
        }
    }

    /** Copies a folder (twice, the second replacing the first) and a file to {@code remote} on {@code host}. */
    private static void copiesAndReadsBack(Host host, Path dir, String remote) throws Exception {
        Path source = dir.resolve("artifact");
        Files.createDirectories(source.resolve("bin"));
        Files.writeString(source.resolve("bin/start"), "#!/bin/sh\necho started\n");
        Files.setPosixFilePermissions(source.resolve("bin/start"), PosixFilePermissions.fromString("rwxr-x---"));
        Files.writeString(source.resolve("app.conf"), "port = 8080\n");
        Files.writeString(source.resolve("stale.txt"), "stale");
        String target = remote + "/artifact";
        host.copyTo(source, target);
        assertThat(host.readFile(target + "/stale.txt")).isEqualTo("stale");
        Files.writeString(source.resolve("app.conf"), "port = 9090\n");
        Files.delete(source.resolve("stale.txt"));
        host.copyTo(source, target);
        String name = host.name();
        assertThat(host.readFile(target + "/app.conf")).as(name).isEqualTo("port = 9090\n");
        assertThat(host.run(List.of("test", "-e", target + "/stale.txt"), TIMEOUT).exitCode()).as(name).isEqualTo(1);
        assertThat(host.run(List.of(target + "/bin/start"), TIMEOUT).stdout()).as(name).isEqualTo("started\n");
        assertThat(host.run(List.of("stat", "-c", "%a", target + "/bin/start"), TIMEOUT).stdout()).as(name)
                .isEqualTo("750\n");
        host.copyTo(source.resolve("app.conf"), remote + "/one/file.conf");
        assertThat(host.readFile(remote + "/one/file.conf")).as(name).isEqualTo("port = 9090\n");
    }

    @Test
    void readsProcFilesOfTheHost() {
        try (Host host = SshHost.connect("fb-svc", netns.ssh())) {
            assertThat(host.readFile("/proc/net/dev")).contains("eth0:");
            assertThatThrownBy(() -> host.readFile("/no/such/file")).isInstanceOf(HostException.class)
                    .hasMessageStartingWith("fb-svc: cannot read /no/such/file: ");
        }
    }

    @Test
    void aStartedProcessTalksOverItsStreamsAndDiesOnTheHostWhenClosed() throws Exception {
        try (Host host = SshHost.connect("fb-load1", netns.ssh())) {
            TiedProcess process = host.start(List.of("sh", "-c",
                    "sleep 600 & echo $!; read -r line; echo \"got $line\"; wait"));
            BufferedReader out = new BufferedReader(new InputStreamReader(process.stdout(), StandardCharsets.UTF_8));
            long sleep = Long.parseLong(out.readLine().strip());
            process.stdin().write("go\n".getBytes(StandardCharsets.UTF_8));
            process.stdin().flush();
            assertThat(out.readLine()).isEqualTo("got go");
            assertThat(Processes.awaitCommandLine(sleep, Duration.ofSeconds(5))).isEqualTo("sleep 600");
            process.close();
            Processes.awaitGone(sleep, Duration.ofSeconds(5));
        }
    }

    @Test
    void aCommandPastItsTimeoutIsKilledOnTheHost() throws Exception {
        try (Host host = SshHost.connect("fb-load1", netns.ssh())) {
            Path pidFile = Files.createTempFile("fb", ".pid");
            try {
                assertThatThrownBy(() -> host.run(List.of("sh", "-c", "echo $$ > \"$1\"; exec sleep 600", "sh",
                        pidFile.toString()), Duration.ofSeconds(2)))
                        .hasMessage("fb-load1: 'sh -c echo $$ > \"$1\"; exec sleep 600 sh " + pidFile
                                + "' still ran after 2000 ms and was killed");
                Processes.awaitGone(Long.parseLong(Files.readString(pidFile).strip()), Duration.ofSeconds(5));
            } finally {
                Files.deleteIfExists(pidFile);
            }
        }
    }

    @Test
    void aStartedProcessLeavesNothingInItsNamespaceWhenTheCoordinatorIsKilled(@TempDir Path tmp) throws Exception {
        assertThat(netns.strayProcesses("fb-load2")).as("fb-load2 before the test").isEmpty();
        try (CoordinatorDeath coordinator = CoordinatorDeath.start(tmp, "fb-load2",
                NetnsHosts.DIR.resolve("ssh_config").toString())) {
            // The pid is printed just before the shell execs sleep.
            assertThat(Processes.awaitCommandLine(coordinator.sleepPid(), Duration.ofSeconds(5)))
                    .isEqualTo("sleep 600");
            assertThat(netns.strayProcesses("fb-load2")).contains(coordinator.sleepPid());
            coordinator.kill();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            List<Long> stray = netns.strayProcesses("fb-load2");
            while (!stray.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(200);
                stray = netns.strayProcesses("fb-load2");
            }
            assertThat(stray).as("processes left in fb-load2: %s",
                    stray.stream().map(pid -> pid + " " + Processes.commandLine(pid)).toList()).isEmpty();
        }
    }

    @Test
    void aStartedProcessDiesWhenItsSshSessionIsLost() throws Exception {
        try (Host host = SshHost.connect("fb-svc", netns.ssh())) {
            TiedProcess process = host.start(List.of("sh", "-c", "echo $$; exec sleep 600"));
            long sleep = Long.parseLong(new BufferedReader(new InputStreamReader(process.stdout(),
                    StandardCharsets.UTF_8)).readLine().strip());
            assertThat(Processes.awaitCommandLine(sleep, Duration.ofSeconds(5))).isEqualTo("sleep 600");
            // The server's side of the connection dies, as when the network between the two fails.
            List<Long> sessions = netns.strayProcesses("fb-svc").stream()
                    .filter(pid -> Processes.commandLine(pid).startsWith("sshd")).toList();
            assertThat(sessions).isNotEmpty();
            sessions.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            Processes.awaitGone(sleep, Duration.ofSeconds(5));
            assertThat(process.waitFor(Duration.ofSeconds(10))).hasValue(255);
        }
    }

    @Test
    void aHostThatRefusesSshGivesOneLineNamingIt() {
        assertThatThrownBy(() -> SshHost.connect(Namespaces.REFUSED, netns.ssh()))
                .isInstanceOf(HostException.class)
                .hasMessageNotContaining("\n")
                .hasMessageStartingWith("host fb-refused refuses SSH: ")
                .hasMessageContaining("Connection refused");
    }

    @Test
    void theClockOffsetOfAHostOfThisMachineIsSmall() {
        try (Host host = SshHost.connect("fb-app", netns.ssh())) {
            ClockOffset offset = host.clockOffset(10);
            assertThat(offset.roundTrips()).isEqualTo(10);
            assertThat(offset.roundTripNanos()).isPositive().isLessThan(Duration.ofSeconds(1).toNanos());
            // one clock, so the true offset is 0, and ClockOffset's contract puts it within half the round trip of
            // the estimate (a fork of date on a stolen core can make that round trip tens of ms)
            assertThat(Math.abs(offset.offsetNanos()))
                    .isLessThanOrEqualTo(offset.uncertaintyNanos() + Duration.ofMillis(1).toNanos());
        }
    }

    @Test
    void theExamplePlacementReachesEachRoleOnItsHost() {
        Placement placement = Placement.load(Namespaces.repositoryFile("examples/hosts-netns.toml"));
        assertThat(placement.all()).extracting(RolePlacement::host).containsExactlyElementsOf(Namespaces.HOSTS);
        for (RolePlacement role : placement.all()) {
            try (Host host = role.open(placement.ssh())) {
                assertThat(host.run(List.of("ip", "-o", "-4", "addr", "show", "dev", "eth0"), TIMEOUT).stdout())
                        .as(role.role()).contains(netns.address(role.host()) + "/24");
            }
        }
    }
}
