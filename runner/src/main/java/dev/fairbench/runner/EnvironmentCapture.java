package dev.fairbench.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fairbench.results.Host;
import dev.fairbench.runner.proc.Commands;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What the machine and the checkout are: host (with CPU governor and SMT), OS, kernel, JDK, toolchains, git commit
 * and whether and how the tree differs from it ({@link Provenance}). Also writes {@code environment.json}, a
 * standalone record of the session for people and tools, format:
 * <pre>{"host": {...}, "versions": {"java": ..., "postgresql": ..., "go": ...}, "environment": {...},
 *  "git": {"commit": ..., "dirty": ..., "diff_sha256": ...}, "rules": {...the options...},
 *  "apps": [{"name", "label", "language", "stack", "versions", "build", "build_dir", "artifact", "toolchains",
 *            "start", "start_dir", "env", "runtime_flags", "routes", "unequalized",
 *            "known_failures"}]}</pre>
 * Stateless; thread-safe.
 */
final class EnvironmentCapture {
    /** Version of docs/workload.md this runner checks apps against. */
    static final int CONTRACT_VERSION = 1;

    private EnvironmentCapture() {}

    static String fairbenchVersion() {
        Properties p = new Properties();
        try (InputStream in = EnvironmentCapture.class.getResourceAsStream("version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException ignored) {
            // unknown version
        }
        String v = p.getProperty("version", "unknown");
        return v.startsWith("${") ? "unknown" : v;
    }

    static Host host(int cores) {
        String cpu = lineOf(Path.of("/proc/cpuinfo"), "model name").map(l -> l.substring(l.indexOf(':') + 1).strip())
                .orElse("unknown");
        long memKib = lineOf(Path.of("/proc/meminfo"), "MemTotal:")
                .map(l -> Long.parseLong(l.replaceAll("\\D", ""))).orElse(0L);
        String os = lineOf(Path.of("/etc/os-release"), "PRETTY_NAME=")
                .map(l -> l.substring(12).replace("\"", "")).orElse(System.getProperty("os.name"));
        String kernel = read(Path.of("/proc/sys/kernel/osrelease")).orElse(System.getProperty("os.version"));
        return new Host(cpu, cores, Math.max(1, memKib * 1024), os, kernel, Provenance.cpuGovernor(),
                Provenance.smt());
    }

    /**
     * Versions shared by all apps: the runner's JDK ({@code java}: vendor and runtime version; {@code java_vm}: the
     * JVM's vendor, name and {@code java.vm.version}), which is also the JDK of the Java apps ({@code ${JAVA}} in the
     * registry), and every toolchain found.
     */
    static Map<String, String> toolVersions() {
        Map<String, String> v = new TreeMap<>();
        v.put("java", Toolchains.version("java"));
        v.put("java_vm", Provenance.javaVm());
        for (String tool : List.of("go", "rustc", "cargo", "mvn")) {
            String version = Toolchains.version(tool);
            if (version != null) v.put(tool, version);
        }
        return v;
    }

    /**
     * The JDK of each app that starts a {@code java} other than the runner's ({@code ${JAVA}}), as
     * {@code java.<app>} → its {@code java.vm.vendor} and {@code java.vm.version} (or the first line of
     * {@code java -version}); empty when every Java app runs on the runner's JDK, as the registry's apps do.
     */
    static Map<String, String> appJdks(List<AppEntry> apps) {
        Map<String, String> v = new TreeMap<>();
        for (AppEntry e : apps) {
            String first = e.start().strip().split("\\s+")[0].replace("\"", "").replace("'", "");
            if (!first.equals("java") && !first.endsWith("/java")) continue;
            String java = first.contains("/") ? e.startDir().resolve(first).toString() : first;
            Commands.Result r = Commands.run(List.of(java, "-XshowSettings:properties", "-version"),
                    Duration.ofSeconds(20));
            String vendor = property(r.output(), "java.vm.vendor");
            String version = property(r.output(), "java.vm.version");
            v.put("java." + e.name(), vendor != null && version != null ? vendor + " " + version
                    : r.ok() ? r.firstLine() : "unknown (" + java + " -version failed)");
        }
        return v;
    }

    private static String property(String settings, String key) {
        return settings.lines().map(String::strip).filter(l -> l.startsWith(key + " = ")).findFirst()
                .map(l -> l.substring(key.length() + 3).strip()).orElse(null);
    }

    /** Facts about the machine that may matter: hostname, virtualization, CPU frequency governor. */
    static Map<String, String> machine() {
        Map<String, String> env = new TreeMap<>();
        read(Path.of("/proc/sys/kernel/hostname")).ifPresent(h -> env.put("hostname", h));
        read(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")).ifPresent(g -> env.put("cpu_governor", g));
        if (Toolchains.find("systemd-detect-virt").isPresent()) {
            String virt = Commands.run(List.of("systemd-detect-virt"), Duration.ofSeconds(5)).firstLine();
            if (!virt.isEmpty()) env.put("virtualization", virt);
        }
        return env;
    }

    /** Full commit of the checkout at {@code repoRoot}, or null. */
    static String gitCommit(Path repoRoot) {
        Commands.Result r = Commands.run(List.of("git", "-C", repoRoot.toString(), "rev-parse", "HEAD"),
                Duration.ofSeconds(10));
        String c = r.firstLine();
        return r.ok() && c.matches("[0-9a-f]{7,64}") ? c : null;
    }

    /** Whether the checkout differs from its commit ({@link Provenance#dirty}). */
    static boolean gitDirty(Path repoRoot) {
        return Provenance.dirty(repoRoot);
    }

    /** Writes {@code environment.json} into {@code dir}. */
    static void writeEnvironmentJson(Path dir, Host host, Map<String, String> versions, Map<String, String> environment,
                                     String commit, boolean dirty, String diffSha256, Map<String, Object> rules,
                                     List<AppEntry> apps, Path repoRoot) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("host", host);
        root.put("versions", versions);
        root.put("environment", environment);
        Map<String, Object> git = new LinkedHashMap<>();
        git.put("commit", commit);
        git.put("dirty", dirty);
        if (diffSha256 != null) git.put("diff_sha256", diffSha256);
        root.put("git", git);
        root.put("rules", rules);
        root.put("apps", apps.stream().map(e -> describe(e, repoRoot)).toList());
        Files.createDirectories(dir);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(dir.resolve("environment.json").toFile(), root);
    }

    static Map<String, Object> describe(AppEntry e, Path repoRoot) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", e.name());
        m.put("label", e.label());
        m.put("language", e.language());
        m.put("stack", e.stack());
        m.put("versions", new TreeMap<>(e.versions()));
        m.put("build", e.build());
        m.put("build_dir", rel(repoRoot, e.buildDir()));
        m.put("artifact", e.artifact() == null ? null : rel(repoRoot, e.artifact()));
        m.put("toolchains", e.toolchains().stream().map(t -> Map.of("name", t,
                "version", Optional.ofNullable(Toolchains.version(t)).orElse("missing"))).toList());
        m.put("start", e.start());
        m.put("start_dir", rel(repoRoot, e.startDir()));
        m.put("env", new TreeMap<>(e.env()));
        m.put("runtime_flags", e.runtimeFlags());
        m.put("routes", e.routes().stream().map(Route::routeName).toList());
        m.put("unequalized", e.unequalized());
        m.put("known_failures", e.knownFailures());
        return m;
    }

    private static String rel(Path root, Path p) {
        String r = p.startsWith(root) ? root.relativize(p).toString() : p.toString();
        return r.isEmpty() ? "." : r;
    }

    private static Optional<String> lineOf(Path file, String prefix) {
        try {
            return Files.readAllLines(file).stream().filter(l -> l.startsWith(prefix)).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A small file's content, stripped; empty when it is missing, unreadable or blank. */
    static Optional<String> read(Path file) {
        try {
            String s = Files.readString(file).strip();
            return s.isEmpty() ? Optional.empty() : Optional.of(s);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
