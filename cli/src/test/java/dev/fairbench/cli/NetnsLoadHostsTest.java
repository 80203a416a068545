package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fairbench.loadgen.LoadGenerator;
import dev.fairbench.loadgen.LoadMerge;
import dev.fairbench.loadgen.LoadSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fairbench load --hosts} across real SSH hosts: the network namespaces of {@code examples/hosts-netns.sh},
 * each with its own OpenSSH server, joined by a bridge whose end in this namespace ({@value #BRIDGE_ADDRESS}) carries
 * the server under load. Two load hosts merge to the requests and latency distribution of one, and leave no
 * process behind. Needs root (it makes the namespaces); skipped otherwise, or when the script is missing.
 */
@Timeout(300)
class NetnsLoadHostsTest {
    static final String BRIDGE_ADDRESS = "10.213.7.1";
    private static final Path SCRIPT = Path.of("..", "examples", "hosts-netns.sh").toAbsolutePath().normalize();
    private static Path netns;

    @BeforeAll
    static void up() throws Exception {
        assumeTrue(isRoot(), "needs root: it makes network namespaces");
        assumeTrue(Files.isExecutable(SCRIPT), "no " + SCRIPT + " to make the namespaces with");
        netns = Files.createTempDirectory("fairbench-netns-load").resolve("netns");
        Process p = new ProcessBuilder(SCRIPT.toString(), "up", netns.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    @AfterAll
    static void down() throws Exception {
        if (netns != null) {
            Process p = new ProcessBuilder(SCRIPT.toString(), "down", netns.toString()).inheritIO().start();
            p.waitFor(120, TimeUnit.SECONDS);
        }
    }

    @Test
    void twoNamespaceLoadHostsMergeToOne(@TempDir Path dir) throws Exception {
        Path jar = SplitLoadTest.launcherJar(dir.resolve("fairbench.jar"));
        try (OneAtATimeServer server = new OneAtATimeServer(InetAddress.getByName(BRIDGE_ADDRESS))) {
            LoadGenerator.run(LoadSpec.closedLoop(URI.create(server.url()), 2, 1, Duration.ofSeconds(2)), null);
            JsonNode one = load(server, dir.resolve("one"), jar, "fb-load1");
            JsonNode two = load(server, dir.resolve("two"), jar, "fb-load1", "fb-load2");

            // 600 scheduled (see SplitLoadTest): late hosts send fewer inside the window, or carry warm-up into it
            assertThat(one.get("requests").asLong()).isBetween(480L, 660L);
            assertThat(two.get("requests").asLong()).isBetween(480L, 660L);
            assertThat(two.get("errors").asLong()).isZero();
            assertThat(two.get("load_hosts")).extracting(h -> h.get("host").asText())
                    .containsExactly("fb-load1", "fb-load2");
            long sum = 0;
            for (JsonNode host : two.get("load_hosts")) {
                sum += host.get("result").get("requests").asLong();
            }
            assertThat(sum).isEqualTo(two.get("requests").asLong());

            Histogram single = LoadMerge.readTotal(dir.resolve("one").resolve("merged.hlog"));
            Histogram merged = LoadMerge.readTotal(dir.resolve("two").resolve("merged.hlog"));
            for (double percentile : new double[] {50}) {
                long expected = single.getValueAtPercentile(percentile);
                assertThat(merged.getValueAtPercentile(percentile)).as("p%s, one host %d us", percentile, expected)
                        .isBetween(expected / 2 - 1000, expected * 3 / 2 + 1000);
            }
        }
        for (String host : List.of("fb-load1", "fb-load2")) {
            assertThat(fairbenchProcessesIn(host)).as("processes left in %s", host).isEmpty();
        }
    }

    /** {@code fairbench load --hosts} from {@code loadHosts}, 200 req/s for 3 s after 2 s of warm-up: its JSON. */
    private static JsonNode load(OneAtATimeServer server, Path dir, Path jar, String... loadHosts) throws Exception {
        Files.createDirectories(dir);
        StringBuilder toml = new StringBuilder("ssh_config = \"" + netns.resolve("ssh_config") + "\"\n");
        toml.append("[app]\nhost = \"fb-app\"\ncpus = \"0\"\nworkdir = \"").append(dir.resolve("app")).append("\"\n");
        toml.append("[services]\nhost = \"fb-svc\"\ncpus = \"1\"\nworkdir = \"").append(dir.resolve("svc"))
                .append("\"\n");
        for (String host : loadHosts) {
            toml.append("[[load]]\nhost = \"").append(host).append("\"\ncpus = \"1\"\nworkdir = \"")
                    .append(dir.resolve(host)).append("\"\n");
        }
        Path placement = Files.writeString(dir.resolve("hosts.toml"), toml);
        LoadCommandTest.Result r = LoadCommandTest.run("load", server.url(), "--allow-remote", "--hosts",
                placement.toString(), "--jar", jar.toString(), "-c", "4", "-t", "2", "-d", "3s", "-w", "2s",
                "-R", "200", "--format", "json", "--hlog", dir.resolve("merged.hlog").toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    /** Command lines of the processes in namespace {@code name} that run a fairbench jar (a load part). */
    private static List<String> fairbenchProcessesIn(String name) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ip", "netns", "pids", name).start();
        String pids = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        p.waitFor(30, TimeUnit.SECONDS);
        return pids.lines().map(String::strip).filter(s -> !s.isEmpty())
                .flatMap(pid -> ProcessHandle.of(Long.parseLong(pid)).stream())
                .map(h -> h.info().commandLine().orElse(""))
                .filter(line -> line.contains("fairbench.jar")).toList();
    }

    private static boolean isRoot() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
                .anyMatch(line -> line.matches("Uid:\\s+0\\s.*"));
    }
}
