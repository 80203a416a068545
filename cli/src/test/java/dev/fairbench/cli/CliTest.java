package dev.fairbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.Services;
import dev.fairbench.workload.data.Dataset;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/** Drives the command line in-process against real embedded services on ports 22432/22379. */
@Timeout(120)
class CliTest {
    static final String[] PORTS = {"--pg-port", "22432", "--redis-port", "22379"};
    static final Services SERVICES = new Services(ServiceOptions.defaults().withPorts(22432, 22379));

    record Result(int exitCode, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    static Result run(String... args) {
        CommandLine cl = Fairbench.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exitCode = cl.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    static String[] withPorts(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(PORTS));
        return all.toArray(String[]::new);
    }

    @AfterAll
    static void stopServices() {
        SERVICES.stop();
    }

    @Test
    void helpListsTheCommands() {
        Result r = run("--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: fairbench").contains("services").contains("seed").contains("Exit codes");
    }

    /** Every command's help renders, and without picocli's warnings (a lone % in a description is one). */
    @Test
    void everyCommandHasHelp() {
        List<List<String>> paths = new ArrayList<>();
        collect(Fairbench.commandLine(), new ArrayList<>(), paths);
        assertThat(paths).extracting(p -> String.join(" ", p))
                .contains("services", "services start", "services stop", "services status", "seed");
        PrintStream systemErr = System.err;
        ByteArrayOutputStream tracer = new ByteArrayOutputStream();
        System.setErr(new PrintStream(tracer, true, StandardCharsets.UTF_8));
        try {
            for (List<String> path : paths) {
                List<String> args = new ArrayList<>(path);
                args.add("--help");
                Result r = run(args.toArray(String[]::new));
                assertThat(r.exitCode()).as("%s --help", path).isZero();
                assertThat(r.out()).as("%s --help", path).startsWith("Usage: fairbench " + String.join(" ", path));
            }
        } finally {
            System.setErr(systemErr);
        }
        assertThat(tracer.toString(StandardCharsets.UTF_8)).as("picocli's warnings").doesNotContain("[picocli WARN]");
    }

    /** run records the hostile suite by default; --no-hostile turns it off (docs/workload.md 5.1, issue 15). */
    @Test
    void runHasTheHostileSuiteOnByDefault() {
        assertThat(run("run", "--help").out()).contains("--[no-]hostile");
        CommandLine on = Fairbench.commandLine();
        on.parseArgs("run");
        assertThat(((RunCommand) on.getSubcommands().get("run").getCommand()).hostile).isTrue();
        CommandLine off = Fairbench.commandLine();
        off.parseArgs("run", "--no-hostile");
        assertThat(((RunCommand) off.getSubcommands().get("run").getCommand()).hostile).isFalse();
    }

    @Test
    void noCommandOrAnUnknownOneIsAUsageError() {
        assertThat(run().exitCode()).isEqualTo(Fairbench.USAGE);
        Result r = run("sed");
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("seed");
    }

    @Test
    void seedStartsServicesPrintsCountsAndDigestAndStopsThem() {
        SERVICES.stop();
        Result r = run(withPorts("seed"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("seeded postgresql://fairbench@127.0.0.1:22432/fairbench: "
                + "10 authors, 30 tags, 1000 posts, 2600 post_tags, 10000 comments");
        assertThat(r.out()).contains("sha256 " + Dataset.SHA256);
        assertThat(SERVICES.postgres().isRunning()).as("seed stops what it started").isFalse();
        assertThat(SERVICES.redis().isRunning()).isFalse();
    }

    @Test
    void servicesStartStatusStop() {
        Result start = run(withPorts("services", "start"));
        assertThat(start.exitCode()).as(start.err()).isZero();
        assertThat(start.out()).containsPattern("postgresql +running +pid \\d+ +127.0.0.1:22432 +17.5.0")
                .containsPattern("redis +running +pid \\d+ +127.0.0.1:22379 +6.2.6");

        Result seed = run(withPorts("seed", "--if-needed"));
        assertThat(seed.exitCode()).as(seed.err()).isZero();
        assertThat(seed.out()).contains("sha256 " + Dataset.SHA256);
        assertThat(SERVICES.postgres().isRunning()).as("seed leaves services it did not start").isTrue();

        Result status = run(withPorts("services", "status"));
        assertThat(status.out()).isEqualTo(start.out());

        Result external = run(withPorts("services", "status", "--redis-url", "redis://127.0.0.1:6000"));
        assertThat(external.out()).containsPattern("redis +external +- +127.0.0.1:6000");

        Result stop = run(withPorts("services", "stop"));
        assertThat(stop.exitCode()).isZero();
        assertThat(stop.out()).contains("postgresql  stopped").contains("redis       stopped");
    }

    @Test
    void malformedPgUrlIsOneLineAndExitCode2() {
        Result r = run(withPorts("seed", "--pg-url", "http://127.0.0.1/fairbench"));
        assertThat(r.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("fairbench seed: invalid --pg-url");
        assertThat(r.out()).isEmpty();

        Result redis = run(withPorts("seed", "--redis-url", "127.0.0.1:6379"));
        assertThat(redis.exitCode()).isEqualTo(Fairbench.USAGE);
        assertThat(redis.errLines()).hasSize(1);
    }

    @Test
    void unreachablePgUrlIsOneLineAndExitCode1() {
        Result r = run(withPorts("seed", "--pg-url", "postgresql://fairbench@127.0.0.1:1/fairbench",
                "--redis-url", "redis://127.0.0.1:1"));
        assertThat(r.exitCode()).isEqualTo(Fairbench.FAILURE);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("fairbench seed: error: cannot seed").doesNotContain("Exception");
        assertThat(SERVICES.postgres().isRunning()).as("nothing embedded was started").isFalse();
    }

    private static void collect(CommandLine cl, List<String> prefix, List<List<String>> out) {
        for (var entry : cl.getSubcommands().entrySet()) {
            if (entry.getValue().getCommandSpec().usageMessage().hidden()) continue;
            List<String> path = new ArrayList<>(prefix);
            path.add(entry.getKey());
            out.add(path);
            collect(entry.getValue(), path, out);
        }
    }
}
