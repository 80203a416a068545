package dev.fairbench.profile;

import dev.fairbench.report.ReportWriter;
import dev.fairbench.results.ResultsException;
import dev.fairbench.results.ResultsStore;
import dev.fairbench.results.AppResult;
import dev.fairbench.results.AppStatus;
import dev.fairbench.results.Host;
import dev.fairbench.results.NotEqualized;
import dev.fairbench.results.Pinning;
import dev.fairbench.results.Results;
import dev.fairbench.results.Setup;
import dev.fairbench.runner.Session;
import dev.fairbench.runner.proc.Commands;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.AppEnvironment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The results directory a profiling or capacity pass adds to: an existing one ({@code results.json} of a
 * {@code run}) keeps everything it has and gains the new sections; a new one gets a {@code results.json} holding
 * only them, with a setup that says what the pass used. Also pins the parties as {@code run} does. Stateless.
 */
final class ResultsDir {
    private ResultsDir() {}

    /** The results in {@code dir}, or new ones when it has none. */
    static Results openOrCreate(Path dir, Session session, int cores, CpuPlacement placement, Pinning pinning,
                                int connections,
                                int loadgenThreads, Duration warmup, Duration window, List<String> routes,
                                Path repoRoot, String commandLine) throws IOException {
        if (Files.exists(ResultsStore.file(dir))) {
            try {
                return ResultsStore.read(dir);
            } catch (ResultsException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        Files.createDirectories(dir);
        Map<String, String> versions = new TreeMap<>();
        versions.put("java", Runtime.version().toString());
        try {
            versions.put("postgresql", session.postgres().version());
        } catch (SQLException e) {
            versions.put("postgresql", "unknown");
        }
        versions.put("redis", session.redis().version());
        Map<String, String> environment = Map.of("command", commandLine,
                "load_generator", "fairbench loadgen, in the profiler's JVM");
        Setup setup = new Setup(gitCommit(repoRoot), false, host(cores), pinning,
                placement.appCpuCount(), AppEnvironment.DEFAULT_POOL_MAX, AppEnvironment.DEFAULT_POOL_MIN, connections,
                loadgenThreads, warmup.toMillis() / 1000.0, window.toMillis() / 1000.0, 1, routes, versions,
                environment);
        return new Results(Results.SCHEMA_VERSION, "0.1.0-SNAPSHOT", 1, Instant.now(), null, setup, List.of());
    }

    /** The app as recorded, or a new entry for it with {@code status} when the results do not have it yet. */
    static AppResult app(Results results, Path dir, AppEntry e, AppStatus status, String reason) {
        return results.app(e.name()).orElseGet(() -> {
            List<String> flags = e.runtimeFlags().isBlank() ? List.of()
                    : Arrays.asList(e.runtimeFlags().trim().split("\\s+"));
            List<NotEqualized> ne = e.unequalized().stream().map(u -> new NotEqualized(u.setting(), u.why())).toList();
            String log = "logs/" + e.name() + ".log";
            return new AppResult(e.name(), e.label(), language(e.language()), status, reason, e.versions(), flags,
                    null, ne, List.of(), null, List.of(), Files.exists(dir.resolve(log)) ? log : null);
        });
    }

    /** Writes {@code results.json} and the reports in {@code languages}; a report failure is a warning. */
    static void write(Path dir, Results results, List<String> languages, PrintStream out) throws IOException {
        ResultsStore.write(dir, results);
        for (String lang : languages) {
            try {
                for (Path f : ReportWriter.write(dir, results, lang)) out.println("report: " + f);
            } catch (IOException | RuntimeException e) {
                out.println("warning: the " + lang + " report could not be written: " + e.getMessage());
            }
        }
    }

    /** Pins this JVM (the load generator) and the services as {@code run} does; returns what was done. */
    static Pinning pin(Session session, CpuPlacement p, PrintStream out) {
        try {
            CpuPlacement.pin(ProcessHandle.current().pid(), p.loadgenCpus());
            var pg = session.services().postgresPid();
            var redis = session.services().redisPid();
            pg.ifPresent(pid -> CpuPlacement.pinTree(pid, p.servicesCpus()));
            redis.ifPresent(pid -> CpuPlacement.pin(pid, p.servicesCpus()));
            return pinning(pg.isPresent() && redis.isPresent(), p);
        } catch (IllegalStateException e) {
            out.println("warning: " + e.getMessage());
            return pinning(false, p);
        }
    }

    /** Gives every CPU back to the services and this JVM. */
    static void unpin(Session session, int cores) {
        String all = "0-" + (cores - 1);
        try {
            session.services().postgresPid().ifPresent(pid -> CpuPlacement.pinTree(pid, all));
            session.services().redisPid().ifPresent(pid -> CpuPlacement.pin(pid, all));
            CpuPlacement.pin(ProcessHandle.current().pid(), all);
        } catch (IllegalStateException ignored) {
            // a service that went away needs no unpinning
        }
    }

    private static Pinning pinning(boolean enabled, CpuPlacement p) {
        return new Pinning(enabled, p.appCpus(), p.servicesCpus(), p.servicesCpus(), p.loadgenCpus());
    }

    static String language(String language) {
        String l = language.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9+#-]", "-");
        return l.isEmpty() ? "unknown" : l;
    }

    private static String gitCommit(Path repoRoot) {
        Commands.Result r = Commands.run(List.of("git", "-C", repoRoot.toString(), "rev-parse", "HEAD"),
                Duration.ofSeconds(10));
        String c = r.firstLine();
        return r.ok() && c.matches("[0-9a-f]{7,64}") ? c : null;
    }

    /** The machine; {@code cores} counted before this JVM was pinned (then it sees only its own CPUs). */
    private static Host host(int cores) {
        String cpu = line(Path.of("/proc/cpuinfo"), "model name");
        String mem = line(Path.of("/proc/meminfo"), "MemTotal:");
        String os = line(Path.of("/etc/os-release"), "PRETTY_NAME=");
        String kernel;
        try {
            kernel = Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
        } catch (IOException e) {
            kernel = System.getProperty("os.version");
        }
        return new Host(cpu == null ? "unknown" : cpu.substring(cpu.indexOf(':') + 1).strip(),
                cores,
                mem == null ? 1 : Math.max(1, Long.parseLong(mem.replaceAll("\\D", "")) * 1024),
                os == null ? System.getProperty("os.name") : os.substring(12).replace("\"", ""), kernel);
    }

    private static String line(Path file, String prefix) {
        try {
            return Files.readAllLines(file).stream().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }
}
