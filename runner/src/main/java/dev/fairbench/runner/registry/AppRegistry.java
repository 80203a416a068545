package dev.fairbench.runner.registry;

import dev.fairbench.workload.Route;
import dev.fairbench.workload.conformance.PageCacheFormat;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The app registry, {@code apps.toml} at the repository root: one table {@code [apps.NAME]} per app (see
 * {@link AppEntry} for the keys), or per variant of an app ({@code variant_of}, see {@link Variants}). A bad entry does not hide the good ones: it is kept as a one-line
 * {@link #problems() problem} and an app is only usable when its entry is valid. A file that is not valid TOML is
 * an error as a whole. Immutable after loading.
 */
public final class AppRegistry {
    public static final String FILE_NAME = "apps.toml";
    static final Set<String> KEYS = Set.of("label", "language", "stack", "versions", "versions_file", "versions_from",
            "build", "build_dir", "artifact", "toolchains", "start", "start_dir", "env", "port", "workers", "readiness",
            "routes", "runtime_flags", "unequalized", Variants.VARIANT_OF, Variants.VARIANT,
            Variants.INHERIT_UNEQUALIZED, "handler", "sources", "shared_sources", "page_cache",
            KnownFailure.KEY);

    private final Path file;
    private final Map<String, AppEntry> entries;
    private final Map<String, String> problems;

    private AppRegistry(Path file, Map<String, AppEntry> entries, Map<String, String> problems) {
        this.file = file;
        this.entries = Collections.unmodifiableMap(entries);
        this.problems = Collections.unmodifiableMap(problems);
    }

    /**
     * Reads {@code file}; relative paths in entries are resolved against {@code repoRoot}.
     *
     * @throws RegistryException when the file is missing or not valid TOML, or has no {@code [apps.*]} table
     */
    public static AppRegistry load(Path file, Path repoRoot) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new RegistryException(file + ": no such file (the app registry; see README, section apps)");
        } catch (IOException e) {
            throw new RegistryException(file + ": cannot read: " + e.getMessage(), e);
        }
        JsonNode root;
        try {
            root = new TomlMapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new RegistryException(file + ": not valid TOML: " + e.getOriginalMessage().lines().findFirst()
                    .orElse("") + locationOf(e), e);
        }
        JsonNode apps = root.get("apps");
        if (apps == null || !apps.isObject()) {
            throw new RegistryException(file + ": no [apps.NAME] table: every app is a table [apps.NAME]");
        }
        Map<String, JsonNode> tables = new LinkedHashMap<>();
        apps.fields().forEachRemaining(e -> tables.put(e.getKey(), e.getValue()));
        Map<String, AppEntry> parsed = new HashMap<>();
        Map<String, String> bad = new HashMap<>();
        // Apps of their own first, so that a variant knows whether its base is usable.
        for (boolean variants : new boolean[] {false, true}) {
            for (Map.Entry<String, JsonNode> e : tables.entrySet()) {
                String name = e.getKey();
                if (Variants.declares(e.getValue()) != variants) continue;
                try {
                    JsonNode table = variants
                            ? Variants.merge(name, e.getValue(), tables, bad.keySet(), repoRoot) : e.getValue();
                    parsed.put(name, parse(name, table, repoRoot));
                } catch (RegistryException problem) {
                    bad.put(name, file.getFileName() + ": app '" + name + "': " + problem.getMessage());
                }
            }
        }
        Map<String, AppEntry> entries = new LinkedHashMap<>();
        Map<String, String> problems = new LinkedHashMap<>();
        for (String name : tables.keySet()) {
            if (parsed.containsKey(name)) entries.put(name, parsed.get(name));
            else problems.put(name, bad.get(name));
        }
        return new AppRegistry(file, entries, problems);
    }

    public Path file() {
        return file;
    }

    /** Valid entries, in file order. */
    public Map<String, AppEntry> entries() {
        return entries;
    }

    /** App name to a one-line description of what is wrong with its entry, in file order. */
    public Map<String, String> problems() {
        return problems;
    }

    /**
     * The entries named in {@code names} (in that order), or every valid entry when {@code names} is empty.
     *
     * @throws RegistryException naming the first app that is unknown or whose entry is bad
     */
    public List<AppEntry> select(List<String> names) {
        if (names.isEmpty()) return List.copyOf(entries.values());
        List<AppEntry> out = new ArrayList<>();
        for (String name : names) {
            AppEntry entry = entries.get(name);
            if (entry != null) {
                if (!out.contains(entry)) out.add(entry);
            } else if (problems.containsKey(name)) {
                throw new RegistryException(problems.get(name));
            } else {
                throw new RegistryException("unknown app '" + name + "': " + file.getFileName() + " has "
                        + String.join(", ", allNames()));
            }
        }
        return out;
    }

    private List<String> allNames() {
        List<String> names = new ArrayList<>(entries.keySet());
        names.addAll(problems.keySet());
        return names;
    }

    static AppEntry parse(String name, JsonNode node, Path repoRoot) {
        if (!name.matches("[a-z0-9][a-z0-9-]*")) {
            throw new RegistryException("name must match [a-z0-9][a-z0-9-]* (it names files and results)");
        }
        if (!node.isObject()) throw new RegistryException("expected a table [apps." + name + "]");
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw new RegistryException("unknown key '" + key + "' (expected one of "
                        + String.join(", ", KEYS.stream().sorted().toList()) + ")");
            }
        }
        if (node.has(Variants.INHERIT_UNEQUALIZED)) {
            throw new RegistryException("'" + Variants.INHERIT_UNEQUALIZED + "' is only for a variant (with '"
                    + Variants.VARIANT_OF + "')");
        }
        String start = text(node, "start", null);
        if (start == null || start.isBlank()) throw new RegistryException("missing 'start' (the start command)");
        String build = text(node, "build", null);
        String artifact = text(node, "artifact", null);
        if (build != null && artifact == null) {
            throw new RegistryException("'build' needs 'artifact' (the file that exists once the app is built)");
        }
        for (String command : build == null ? List.of(start) : List.of(start, build)) {
            AppEntry.split(command);
            for (String variable : AppEntry.variablesIn(command)) {
                if (!AppEntry.VARIABLES.contains(variable)) {
                    throw new RegistryException("unknown variable ${" + variable + "} in '" + command
                            + "' (expected one of " + AppEntry.VARIABLES + ")");
                }
            }
        }
        int port = integer(node, "port", 0, 0, 65_535);
        int workers = integer(node, "workers", 0, 0, 1024);
        String readiness = text(node, "readiness", "/hello");
        if (!readiness.startsWith("/")) throw new RegistryException("'readiness' must be a path starting with /");
        List<Route> routes = new ArrayList<>();
        JsonNode routesNode = node.get("routes");
        if (routesNode == null) {
            routes.addAll(Arrays.asList(Route.values()));
        } else {
            for (String r : strings(node, "routes")) {
                try {
                    routes.add(Route.byName(r));
                } catch (IllegalArgumentException e) {
                    throw new RegistryException("'routes': " + e.getMessage());
                }
            }
            if (routes.isEmpty()) throw new RegistryException("'routes' is empty: an app serves at least one route");
        }
        PageCacheFormat pageCache;
        try {
            pageCache = PageCacheFormat.byKey(text(node, "page_cache", PageCacheFormat.RAW.key()));
        } catch (IllegalArgumentException e) {
            throw new RegistryException("'page_cache' must be one of " + String.join(", ", PageCacheFormat.keys()));
        }
        List<Unequalized> unequalized = new ArrayList<>();
        JsonNode uneq = node.get("unequalized");
        if (uneq != null) {
            if (!uneq.isArray()) throw new RegistryException("'unequalized' must be an array of {setting, why}");
            for (JsonNode u : uneq) {
                if (!u.isObject() || !u.path("setting").isTextual() || !u.path("why").isTextual()) {
                    throw new RegistryException("each 'unequalized' item needs text 'setting' and 'why'");
                }
                unequalized.add(new Unequalized(u.get("setting").asText(), u.get("why").asText()));
            }
        }
        return new AppEntry(name, text(node, "label", name), text(node, "language", "unknown"), text(node, "stack", name),
                versions(node, repoRoot),
                build, path(repoRoot, text(node, "build_dir", ".")),
                artifact == null ? null : path(repoRoot, artifact), strings(node, "toolchains"), start,
                path(repoRoot, text(node, "start_dir", ".")), table(node, "env"), port, workers, readiness,
                routes, text(node, "runtime_flags", ""), unequalized, text(node, Variants.VARIANT_OF, null),
                text(node, Variants.VARIANT, null), AppSources.of(text(node, "handler", null),
                strings(node, "sources"), strings(node, "shared_sources"), repoRoot), pageCache,
                KnownFailure.parse(node, routes));
    }

    /**
     * {@code versions} (literal: what no build file states, e.g. a toolchain) and the versions {@code versions_from}
     * names in {@code versions_file}, read from it now (see {@link BuildFileVersions}).
     */
    private static Map<String, String> versions(JsonNode node, Path repoRoot) {
        Map<String, String> versions = new LinkedHashMap<>(table(node, "versions"));
        Map<String, String> from = table(node, "versions_from");
        String file = text(node, "versions_file", null);
        if (file == null) {
            if (!from.isEmpty()) {
                throw new RegistryException("'versions_from' needs 'versions_file' (the pom.xml, Cargo.lock or go.mod "
                        + "to read the versions from)");
            }
            return versions;
        }
        if (from.isEmpty()) throw new RegistryException("'versions_file' without 'versions_from': nothing to read");
        for (Map.Entry<String, String> e : from.entrySet()) {
            if (versions.containsKey(e.getKey())) {
                throw new RegistryException("'" + e.getKey() + "' is in both 'versions' and 'versions_from'");
            }
            if (e.getValue().isBlank()) {
                throw new RegistryException("'versions_from." + e.getKey() + "' must name what to read in " + file);
            }
        }
        versions.putAll(BuildFileVersions.resolve(repoRoot, file, from));
        return versions;
    }

    private static Path path(Path repoRoot, String p) {
        return repoRoot.resolve(p).normalize();
    }

    private static String text(JsonNode node, String key, String fallback) {
        JsonNode v = node.get(key);
        if (v == null) return fallback;
        if (!v.isTextual()) throw new RegistryException("'" + key + "' must be a string");
        return v.asText();
    }

    private static int integer(JsonNode node, String key, int fallback, int min, int max) {
        JsonNode v = node.get(key);
        if (v == null) return fallback;
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < min || v.asInt() > max) {
            throw new RegistryException("'" + key + "' must be an integer from " + min + " to " + max);
        }
        return v.asInt();
    }

    private static List<String> strings(JsonNode node, String key) {
        JsonNode v = node.get(key);
        if (v == null) return List.of();
        if (!v.isArray()) throw new RegistryException("'" + key + "' must be an array of strings");
        List<String> out = new ArrayList<>();
        for (JsonNode item : v) {
            if (!item.isTextual() || item.asText().isBlank()) {
                throw new RegistryException("'" + key + "' must be an array of non-empty strings");
            }
            out.add(item.asText());
        }
        return out;
    }

    private static Map<String, String> table(JsonNode node, String key) {
        JsonNode v = node.get(key);
        if (v == null) return Map.of();
        if (!v.isObject()) throw new RegistryException("'" + key + "' must be a table of strings");
        Map<String, String> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isValueNode()) throw new RegistryException("'" + key + "." + e.getKey() + "' must be a string");
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }

    private static String locationOf(JsonProcessingException e) {
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
    }
}
