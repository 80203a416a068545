package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fairbench load --hosts hosts.toml} in-process: the placement's load host (here this machine, running the
 * real {@code fairbench load --barrier} in a process of its own), and the one-line failures of a bad placement, a
 * host that refuses SSH and a target the load hosts cannot share.
 */
@Timeout(120)
class LoadHostsCommandTest {
    private static HttpServer server;

    @BeforeAll
    static void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", exchange -> {
            byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hello";
    }

    /** A placement whose app and services are local and whose load hosts are {@code loadHosts}, as TOML. */
    private static Path placement(Path dir, String... loadHosts) throws Exception {
        StringBuilder toml = new StringBuilder();
        toml.append("[app]\nhost = \"local\"\ncpus = \"0\"\nworkdir = \"").append(dir.resolve("app")).append("\"\n");
        toml.append("[services]\nhost = \"local\"\ncpus = \"0\"\nworkdir = \"").append(dir.resolve("services"))
                .append("\"\n");
        for (String host : loadHosts) {
            toml.append("[[load]]\nhost = \"").append(host).append("\"\ncpus = \"0\"\nworkdir = \"")
                    .append(dir.resolve("load")).append("\"\n");
        }
        return Files.writeString(dir.resolve("hosts.toml"), toml);
    }

    @Test
    void loadsFromThePlacementsLoadHostAndReportsItsShare(@TempDir Path dir) throws Exception {
        Path jar = SplitLoadTest.launcherJar(dir.resolve("fairbench.jar"));
        Path hlog = dir.resolve("merged.hlog");
        LoadCommandTest.Result r = LoadCommandTest.run("load", url(), "--hosts", placement(dir, "local").toString(),
                "--jar", jar.toString(), "-c", "2", "-t", "1", "-d", "1s", "-R", "200", "--format", "json",
                "--hlog", hlog.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        // 200/s for 1 s schedules 200 requests and never more; a cold child JVM on a busy host leaves some of the
        // last unsent inside the window
        assertThat(json.get("requests").asLong()).isBetween(120L, 201L);
        assertThat(json.get("rate_target").asDouble()).isEqualTo(200.0);
        JsonNode hosts = json.get("load_hosts");
        assertThat(hosts).hasSize(1);
        assertThat(hosts.get(0).get("host").asText()).isEqualTo("local");
        assertThat(hosts.get(0).get("result").get("requests").asLong()).isEqualTo(json.get("requests").asLong());
        assertThat(Files.readString(hlog)).contains("merged from 1 load host,");
        // the part's folder is gone, the jar stays for the next run
        try (var files = Files.list(dir.resolve("load"))) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("fairbench.jar");
        }
    }

    @Test
    void aPlacementWithoutLoadHostsIsOneLineAndExit2(@TempDir Path dir) throws Exception {
        LoadCommandTest.Result r = LoadCommandTest.run("load", url(), "--hosts", placement(dir).toString(), "-q");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(2).first().asString()
                .startsWith("fairbench load: hosts.toml: missing [[load]]");
    }

    @Test
    void aHostThatRefusesSshIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        Path jar = SplitLoadTest.launcherJar(dir.resolve("fairbench.jar"));
        // nothing listens on port 1: ssh is refused at once
        LoadCommandTest.Result r = LoadCommandTest.run("load", "http://192.0.2.1:8080/", "--allow-remote",
                "--hosts", placement(dir, "ssh://nobody@127.0.0.1:1").toString(), "--jar", jar.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err().lines().toList()).hasSize(1).first().asString()
                .startsWith("fairbench load: error: host ssh://nobody@127.0.0.1:1 refuses SSH: ");
    }

    @Test
    void aLoopbackTargetWithLoadHostsElsewhereIsAUsageError(@TempDir Path dir) throws Exception {
        LoadCommandTest.Result r = LoadCommandTest.run("load", url(), "--hosts",
                placement(dir, "ssh://nobody@127.0.0.1:1").toString(), "-q");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).contains("is a loopback address: each load host that is not local would load "
                + "itself").doesNotContain("\n");
    }

    @Test
    void hostsDoesNotTakeThePartOptions(@TempDir Path dir) throws Exception {
        LoadCommandTest.Result r = LoadCommandTest.run("load", url(), "--hosts", placement(dir, "local").toString(),
                "--barrier");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--hosts splits the load itself");
    }
}
