package dev.fairbench.runner.suite;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.fairbench.results.SuiteRun;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.workload.Route;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a suite file, {@code suites/NAME.toml}. Top-level keys: {@code title} (required), {@code seed},
 * {@code report} ({@code blog}, {@code hello} or {@code phash}; default {@code blog}), {@code apps} (names in the
 * registry; empty = every app), {@code routes} (required), {@code passes} (required; {@code timed}, {@code cost},
 * {@code capacity}, {@code fixed-rate}, {@code overload}), {@code rounds} (default 3), {@code slo_p99_ms}
 * (required with {@code capacity}), {@code fixed_rate_share} and {@code overload_factor} (required with their
 * passes, which need {@code capacity} before them), and one or more {@code [[loads]]} tables with {@code name},
 * {@code title}, {@code connections} (required), {@code loadgen_threads}, {@code pipeline} (default 1; only with
 * {@code timed} alone), {@code app_cpus}, {@code loadgen_cpus}, {@code shared_cpus} (default false) and
 * {@code latency} (default true); and optionally {@code [[findings]]} tables ({@link SuiteRun.SeedFinding}) with
 * {@code number}, {@code claim} (a table of languages, {@code en} required), {@code app}, {@code against} (both in
 * {@code apps} when it is given), {@code route} (in {@code routes}), {@code measure}, {@code expect}
 * ({@code higher} or {@code lower}) and {@code needs_workers}. The pass {@code profile} profiles every app after the
 * others, as {@code run --profile} does. Every mistake is a {@link SuiteException} of one line naming the file and the key.
 * Stateless and thread-safe.
 */
public final class SuiteFile {
    /** The folder of suite files, next to {@code apps.toml}. */
    public static final String DIR = "suites";
    static final Set<String> KEYS = Set.of("title", "seed", "report", "apps", "routes", "passes", "rounds",
            "slo_p99_ms", "fixed_rate_share", "overload_factor", "loads", "findings");
    static final Set<String> LOAD_KEYS = Set.of("name", "title", "connections", "loadgen_threads", "pipeline",
            "app_cpus", "loadgen_cpus", "shared_cpus", "latency");
    static final List<String> REPORTS = List.of("blog", "hello", "phash");
    static final List<String> PASSES = List.of("timed", "cost", "capacity", "fixed-rate", "overload", "profile");
    static final Set<String> FINDING_KEYS = Set.of("number", "claim", "app", "against", "route", "measure", "expect",
            "needs_workers");
    static final int DEFAULT_ROUNDS = 3;

    private SuiteFile() {
    }

    /** The file of a suite given by name ({@code suites/NAME.toml} under {@code repoRoot}) or by path. */
    public static Path locate(String nameOrPath, Path repoRoot) {
        if (nameOrPath.endsWith(".toml") || nameOrPath.contains("/")) return Path.of(nameOrPath).toAbsolutePath();
        return repoRoot.resolve(DIR).resolve(nameOrPath + ".toml");
    }

    /**
     * Reads and validates a suite file; the suite's name is the file's stem.
     *
     * @throws SuiteException with one line for the first mistake
     */
    public static SuiteRun load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SuiteException(file + ": no such suite file (suites are suites/NAME.toml: "
                    + String.join(", ", known(file.getParent())) + ")");
        } catch (IOException e) {
            throw new SuiteException(file + ": cannot read: " + e.getMessage());
        }
        String name = file.getFileName().toString().replaceFirst("\\.toml$", "");
        JsonNode root;
        try {
            root = new TomlMapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new SuiteException(file.getFileName() + ": not valid TOML: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
        return parse(name, file.getFileName().toString(), root);
    }

    /** The suites in {@code dir}, by name, for messages. */
    static List<String> known(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) return List.of();
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".toml"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    static SuiteRun parse(String name, String source, JsonNode root) {
        if (!name.matches("[a-z0-9][a-z0-9-]*")) {
            throw new SuiteException(source + ": a suite's name (its file's stem) is lowercase letters, digits and '-'");
        }
        Fields f = new Fields(source, root, KEYS);
        String title = f.string("title", null, true);
        String seed = f.string("seed", null, false);
        String report = f.string("report", "blog", false);
        if (!REPORTS.contains(report)) f.fail("report", "is '" + report + "': expected one of " + String.join(", ", REPORTS));
        List<String> apps = f.strings("apps", false);
        List<String> routes = f.strings("routes", true);
        for (String r : routes) {
            try {
                Route.byName(r);
            } catch (IllegalArgumentException e) {
                f.fail("routes", e.getMessage());
            }
        }
        if (routes.isEmpty()) f.fail("routes", "is empty: name at least one route");
        List<String> passes = f.strings("passes", true);
        if (passes.isEmpty()) f.fail("passes", "is empty: name at least one pass");
        for (String p : passes) {
            if (!PASSES.contains(p)) f.fail("passes", "has '" + p + "': expected some of " + String.join(", ", PASSES));
        }
        if (new HashSet<>(passes).size() != passes.size()) f.fail("passes", "names a pass twice");
        int rounds = f.integer("rounds", DEFAULT_ROUNDS, 1);
        Double slo = f.number("slo_p99_ms");
        Double share = f.number("fixed_rate_share");
        Double factor = f.number("overload_factor");
        int capacityAt = passes.indexOf("capacity");
        if (capacityAt >= 0 && slo == null) f.fail("slo_p99_ms", "is required with the capacity pass");
        if (slo != null && !(slo > 0)) f.fail("slo_p99_ms", "must be positive");
        requireAfterCapacity(f, passes, capacityAt, "fixed-rate", "fixed_rate_share", share);
        requireAfterCapacity(f, passes, capacityAt, "overload", "overload_factor", factor);
        if (share != null && !(share > 0 && share <= 1)) f.fail("fixed_rate_share", "must be in (0, 1]");
        if (factor != null && !(factor > 1)) f.fail("overload_factor", "must be above 1: the rate must exceed every app's capacity");
        if (passes.contains("cost") && !passes.contains("timed")) {
            f.fail("passes", "has 'cost' without 'timed': the cost runs take their rate from the timed runs");
        }
        JsonNode loadsNode = root.get("loads");
        if (loadsNode == null || !loadsNode.isArray() || loadsNode.isEmpty()) {
            f.fail("loads", "is missing: declare at least one [[loads]] table");
        }
        List<SuiteRun.Load> loads = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < loadsNode.size(); i++) {
            SuiteRun.Load load = load(source + ": loads[" + i + "]", loadsNode.get(i), loadsNode.size() == 1, passes);
            if (!names.add(load.name())) f.fail("loads", "has two loads named '" + load.name() + "'");
            loads.add(load);
        }
        List<SuiteRun.SeedFinding> findings = new ArrayList<>();
        JsonNode findingsNode = root.get("findings");
        if (findingsNode != null) {
            if (!findingsNode.isArray()) f.fail("findings", "must be [[findings]] tables");
            for (int i = 0; i < findingsNode.size(); i++) {
                findings.add(finding(source + ": findings[" + i + "]", findingsNode.get(i), apps, routes));
            }
        }
        return new SuiteRun(SuiteRun.SCHEMA_VERSION, name, title, seed, report, apps, routes, passes, rounds, slo, share,
                factor, loads, findings);
    }

    private static void requireAfterCapacity(Fields f, List<String> passes, int capacityAt, String pass, String key,
                                             Double value) {
        int at = passes.indexOf(pass);
        if (at < 0) return;
        if (value == null) f.fail(key, "is required with the " + pass + " pass");
        if (capacityAt < 0 || capacityAt > at) {
            f.fail("passes", "has '" + pass + "' without 'capacity' before it: its rate comes from the capacities");
        }
    }

    private static SuiteRun.SeedFinding finding(String source, JsonNode node, List<String> apps, List<String> routes) {
        if (node == null || !node.isObject()) throw new SuiteException(source + ": is not a table");
        Fields f = new Fields(source, node, FINDING_KEYS);
        int number = f.integer("number", null, 1);
        JsonNode claimNode = node.get("claim");
        if (claimNode == null || !claimNode.isObject() || !claimNode.has("en")) {
            f.fail("claim", "must be a table of languages with at least en, e.g. claim = { en = \"...\", uk = \"...\" }");
        }
        Map<String, String> claim = new java.util.LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = claimNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) f.fail("claim", e.getKey() + " must be a non-empty string");
            claim.put(e.getKey(), e.getValue().asText());
        }
        String app = f.string("app", null, true);
        String against = f.string("against", null, true);
        for (String[] named : new String[][] {{"app", app}, {"against", against}}) {
            if (!apps.isEmpty() && !apps.contains(named[1])) f.fail(named[0], "is '" + named[1] + "', not in the suite's apps");
        }
        if (app.equals(against)) f.fail("against", "is the app itself");
        String route = f.string("route", null, true);
        if (!routes.contains(route)) f.fail("route", "is '" + route + "', not in the suite's routes");
        String measure = f.string("measure", null, true);
        if (!SuiteRun.SeedFinding.MEASURES.contains(measure)) {
            f.fail("measure", "is '" + measure + "': expected one of " + String.join(", ", SuiteRun.SeedFinding.MEASURES));
        }
        String expect = f.string("expect", null, true);
        if (!expect.equals("higher") && !expect.equals("lower")) f.fail("expect", "is '" + expect + "': expected higher or lower");
        Integer workers = node.has("needs_workers") ? f.integer("needs_workers", null, 1) : null;
        return new SuiteRun.SeedFinding(number, claim, app, against, route, measure, expect, workers);
    }

    private static SuiteRun.Load load(String source, JsonNode node, boolean only, List<String> passes) {
        if (node == null || !node.isObject()) throw new SuiteException(source + ": is not a table");
        Fields f = new Fields(source, node, LOAD_KEYS);
        String name = f.string("name", null, true);
        if (!name.matches("[a-z0-9][a-z0-9-]*")) f.fail("name", "is '" + name + "': lowercase letters, digits and '-'");
        String title = f.string("title", name, false);
        int connections = f.integer("connections", null, 1);
        Integer threads = node.has("loadgen_threads") ? f.integer("loadgen_threads", null, 1) : null;
        if (threads != null && threads > connections) f.fail("loadgen_threads", "exceeds connections (" + connections + ")");
        int pipeline = f.integer("pipeline", 1, 1);
        if (pipeline > 1024) f.fail("pipeline", "must be at most 1024");
        if (pipeline > 1 && !passes.equals(List.of("timed"))) {
            f.fail("pipeline", "is only for a suite whose only pass is 'timed': fixed-rate loads are not pipelined");
        }
        String appCpus = f.string("app_cpus", null, false);
        String loadgenCpus = f.string("loadgen_cpus", null, false);
        boolean shared = f.bool("shared_cpus", false);
        boolean latency = f.bool("latency", pipeline == 1);
        try {
            if (appCpus != null) CpuPlacement.parse(appCpus);
            if (loadgenCpus != null) CpuPlacement.parse(loadgenCpus);
        } catch (IllegalArgumentException e) {
            throw new SuiteException(source + ": " + e.getMessage());
        }
        if (!shared && appCpus != null && loadgenCpus != null
                && CpuPlacement.parse(appCpus).stream().anyMatch(CpuPlacement.parse(loadgenCpus)::contains)) {
            f.fail("app_cpus", "shares CPUs with loadgen_cpus: set shared_cpus = true if that is the load's point");
        }
        return new SuiteRun.Load(name, title, only ? "." : "loads/" + name, connections, threads, pipeline, appCpus,
                loadgenCpus, shared, latency);
    }

    /** Typed access to one table's keys, each mistake one line: {@code SOURCE: KEY: what is wrong}. */
    private record Fields(String source, JsonNode node, Set<String> allowed) {
        Fields {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                String key = it.next().getKey();
                if (!allowed.contains(key)) {
                    throw new SuiteException(source + ": unknown key '" + key + "' (expected one of "
                            + String.join(", ", allowed.stream().sorted().toList()) + ")");
                }
            }
        }

        void fail(String key, String what) {
            throw new SuiteException(source + ": " + key + " " + what);
        }

        String string(String key, String fallback, boolean required) {
            JsonNode v = node.get(key);
            if (v == null) {
                if (required) fail(key, "is required");
                return fallback;
            }
            if (!v.isTextual() || v.asText().isBlank()) fail(key, "must be a non-empty string");
            return v.asText();
        }

        List<String> strings(String key, boolean required) {
            JsonNode v = node.get(key);
            if (v == null) {
                if (required) fail(key, "is required");
                return List.of();
            }
            if (!v.isArray()) fail(key, "must be a list of strings, e.g. [\"a\", \"b\"]");
            List<String> out = new ArrayList<>();
            for (JsonNode item : v) {
                if (!item.isTextual()) fail(key, "must be a list of strings, e.g. [\"a\", \"b\"]");
                out.add(item.asText());
            }
            return out;
        }

        int integer(String key, Integer fallback, int min) {
            JsonNode v = node.get(key);
            if (v == null) {
                if (fallback == null) fail(key, "is required");
                return fallback;
            }
            if (!v.canConvertToInt() || !v.isIntegralNumber()) fail(key, "must be a whole number");
            if (v.intValue() < min) fail(key, "must be at least " + min);
            return v.intValue();
        }

        Double number(String key) {
            JsonNode v = node.get(key);
            if (v == null) return null;
            if (!v.isNumber()) fail(key, "must be a number");
            return v.doubleValue();
        }

        boolean bool(String key, boolean fallback) {
            JsonNode v = node.get(key);
            if (v == null) return fallback;
            if (!v.isBoolean()) fail(key, "must be true or false");
            return v.booleanValue();
        }
    }
}
