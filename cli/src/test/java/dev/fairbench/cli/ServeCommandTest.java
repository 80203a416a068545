package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fairbench.services.ServedServices;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Seeder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * {@code fairbench services serve} in-process against real servers on ports 22452/22399 of its own: the one line it
 * prints leads to both servers, 127.0.0.1 stays silent when it serves on 127.0.0.2, and the end of its standard input
 * stops both and exits 0.
 */
@Timeout(180)
class ServeCommandTest {
    static final int PG_PORT = 22452;
    static final int REDIS_PORT = 22399;

    @AfterEach
    void deleteEverything() {
        Services services = new Services(ServiceOptions.defaults().withPorts(PG_PORT, REDIS_PORT));
        services.stop();
        services.postgres().deleteFiles();
        services.redis().deleteFiles();
    }

    /** A {@code serve} running on its own thread, with a standard input the test holds and closes. */
    static final class Serving implements AutoCloseable {
        final PipedOutputStream stdin = new PipedOutputStream();
        final BufferedReader stdout;
        final StringWriter stderr = new StringWriter();
        final CompletableFuture<Integer> exit;

        Serving(String... args) throws IOException {
            CommandLine cl = Fairbench.commandLine();
            PipedReader out = new PipedReader(1 << 16);
            stdout = new BufferedReader(out);
            cl.setOut(new PrintWriter(new PipedWriter(out), true));
            cl.setErr(new PrintWriter(stderr, true));
            ServicesCommand.Serve serve = cl.getSubcommands().get("services").getSubcommands().get("serve").getCommand();
            serve.stdin = new PipedInputStream(stdin);
            exit = CompletableFuture.supplyAsync(() -> {
                try {
                    return cl.execute(args);
                } finally {
                    cl.getOut().close();
                }
            });
        }

        /** Closes standard input and waits for the exit code. */
        @Override
        public void close() throws Exception {
            stdin.close();
            exit.get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void servesOnLoopbackAndTheLineLeadsToBothServers() throws Exception {
        ServedServices served;
        try (Serving serving = new Serving("services", "serve", "--listen", "127.0.0.1", "--pg-port", "" + PG_PORT,
                "--redis-port", "" + REDIS_PORT)) {
            String line = serving.stdout.readLine();
            assertThat(line).as("stderr: %s", serving.stderr).isNotNull();
            served = ServedServices.parse(line);
            assertThat(served.postgresUrl()).contains("@127.0.0.1:" + PG_PORT + "/");
            assertThat(selectOne(served.postgresUrl())).isEqualTo(1);
            assertThat(selectOne(served.seedPostgresUrl())).isEqualTo(1);
            assertThat(redisPing(served.redisUrl())).isEqualTo("+OK\r\n+PONG\r\n");
            assertThat(serving.exit).as("still serving while stdin is open").isNotDone();
            serving.close();
            assertThat(serving.exit.get()).isZero();
            assertThat(serving.stdout.readLine()).as("exactly one line").isNull();
        }
        assertThat(ProcessHandle.of(served.postgresPid())).as("postmaster gone").isEmpty();
        assertThat(ProcessHandle.of(served.redisPid())).as("redis-server gone").isEmpty();
    }

    @Test
    void servesOnAnotherAddressAndNotOn127001() throws Exception {
        ServedServices served;
        try (Serving serving = new Serving("services", "serve", "--listen", "127.0.0.2", "--allow", "127.0.0.0/8",
                "--pg-port", "" + PG_PORT, "--redis-port", "" + REDIS_PORT)) {
            String line = serving.stdout.readLine();
            assertThat(line).as("stderr: %s", serving.stderr).isNotNull();
            served = ServedServices.parse(line);
            assertThat(List.of(served.postgresUrl(), served.seedPostgresUrl(), served.redisUrl()))
                    .allMatch(url -> url.contains("@127.0.0.2:"));
            assertThat(selectOne(served.postgresUrl())).isEqualTo(1);
            assertThat(redisPing(served.redisUrl())).isEqualTo("+OK\r\n+PONG\r\n");
            assertThat(refused("127.0.0.1", PG_PORT)).as("PostgreSQL on 127.0.0.1").isTrue();
            assertThat(refused("127.0.0.1", REDIS_PORT)).as("Redis on 127.0.0.1").isTrue();
            serving.close();
            assertThat(serving.exit.get()).isZero();
        }
        assertThat(ProcessHandle.of(served.postgresPid())).as("postmaster gone").isEmpty();
        assertThat(ProcessHandle.of(served.redisPid())).as("redis-server gone").isEmpty();
    }

    @Test
    void aHostNameIsAUsageErrorOfOneLine() throws Exception {
        try (Serving serving = new Serving("services", "serve", "--listen", "db.example.net")) {
            assertThat(serving.exit.get(30, TimeUnit.SECONDS)).isEqualTo(Fairbench.USAGE);
            assertThat(serving.stdout.readLine()).isNull();
            assertThat(serving.stderr.toString().lines().findFirst()).hasValueSatisfying(
                    l -> assertThat(l).contains("not an IP address: db.example.net"));
        }
        assertThatThrownBy(() -> ServedServices.parse("")).isInstanceOf(IllegalArgumentException.class);
    }

    private static int selectOne(String url) throws Exception {
        try (Connection c = Seeder.connect(DatabaseUrl.parse(url)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String redisPing(String url) throws IOException {
        URI uri = URI.create(url);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(2000);
            OutputStream out = socket.getOutputStream();
            out.write(("AUTH " + uri.getUserInfo().substring(1) + "\r\nPING\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes("+OK\r\n+PONG\r\n".length()), StandardCharsets.US_ASCII);
        }
    }

    private static boolean refused(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2000);
            return false;
        } catch (ConnectException e) {
            return true;
        }
    }
}
