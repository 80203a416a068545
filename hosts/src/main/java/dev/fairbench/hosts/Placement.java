package dev.fairbench.hosts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which host runs each role, read from a placement file ({@code hosts.toml}, TOML):
 * <pre>
 * ssh_config = "~/.ssh/config-bench"   # optional, as ssh -F; relative paths are relative to this file
 * identity = "~/.ssh/id_bench"         # optional, as ssh -i
 *
 * [app]
 * host = "bench@app1"                  # an SSH destination as in `ssh DEST`, or "local"
 * cpus = "0-3"                         # a CPU list on that host, as taskset -c takes it
 * workdir = "/srv/fairbench"           # an absolute folder on that host
 * address = "10.0.0.11"                # optional: how the other roles reach it (default: ssh -G's hostname)
 *
 * [services]                           # PostgreSQL and Redis: same keys
 * [[load]]                             # one table per load host (at least one, each host once): same keys
 * </pre>
 * The same tables may instead sit under a {@code [placement]} table. Every mistake is reported, one line each.
 * Without a file, {@link #allLocal()} places everything on this machine, as before placements existed. Immutable.
 */
public record Placement(RolePlacement app, RolePlacement services, List<RolePlacement> load, SshOptions ssh,
                        Optional<Path> file) {
    public static final String FILE_NAME = "hosts.toml";
    static final Set<String> TOP_KEYS = Set.of("app", "services", "load", "ssh_config", "identity");
    static final Set<String> ROLE_KEYS = Set.of("host", "cpus", "workdir", "address");
    static final String WRAPPER = "placement";

    public Placement {
        load = List.copyOf(load);
    }

    /** Everything on this machine, with the runner's own CPU plan and folders. */
    public static Placement allLocal() {
        RolePlacement here = new RolePlacement("", Host.LOCAL, Optional.empty(), Optional.empty(), Optional.empty());
        return new Placement(role(here, "app"), role(here, "services"), List.of(role(here, "load")),
                SshOptions.DEFAULT, Optional.empty());
    }

    private static RolePlacement role(RolePlacement template, String role) {
        return new RolePlacement(role, template.host(), template.cpus(), template.workdir(), template.address());
    }

    /** Every role's placement: app, services, then the load hosts. */
    public List<RolePlacement> all() {
        List<RolePlacement> all = new ArrayList<>(List.of(app, services));
        all.addAll(load);
        return all;
    }

    /** Whether every role runs on this machine. */
    public boolean isAllLocal() {
        return all().stream().allMatch(RolePlacement::isLocal);
    }

    /**
     * Reads the placement file {@code file}.
     *
     * @throws PlacementException with one line per mistake (a missing or unreadable file, invalid TOML included)
     */
    public static Placement load(Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new PlacementException(List.of(file + ": no such file (the placement of app, services and load)"));
        } catch (IOException e) {
            throw new PlacementException(List.of(file + ": cannot read: " + e.getMessage()));
        }
        JsonNode root;
        try {
            root = new TomlMapper().readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
            throw new PlacementException(List.of(name + ": not valid TOML: "
                    + e.getOriginalMessage().lines().findFirst().orElse("") + where));
        }
        Path base = file.toAbsolutePath().getParent();
        if (root.has(WRAPPER) && root.size() == 1) return parse(root.get(WRAPPER), base, name + ": [placement]", file);
        return parse(root, base, name, file);
    }

    /**
     * Reads a placement from the TOML table {@code table} (a whole file, or a {@code [placement]} table of another
     * file); relative {@code ssh_config} and {@code identity} paths are resolved against {@code base}.
     *
     * @param source how messages name where the table is, such as {@code "hosts.toml"}
     * @param file the file the table was read from, recorded as {@link #file()}; null when there is none
     * @throws PlacementException with one line per mistake
     */
    public static Placement parse(JsonNode table, Path base, String source, Path file) {
        List<String> problems = new ArrayList<>();
        if (!table.isObject()) {
            throw new PlacementException(List.of(source + ": expected a table with [app], [services] and [[load]]"));
        }
        unknownKeys(table, TOP_KEYS, source, problems);
        Optional<Path> config = localFile(table, "ssh_config", base, source, problems);
        Optional<Path> identity = localFile(table, "identity", base, source, problems);
        RolePlacement app = single(table, "app", source, problems);
        RolePlacement services = single(table, "services", source, problems);
        List<RolePlacement> load = new ArrayList<>();
        JsonNode loadNode = table.get("load");
        if (loadNode == null) {
            problems.add(source + ": missing [[load]]: at least one load host (host, cpus, workdir)");
        } else if (!loadNode.isArray() || loadNode.isEmpty()) {
            problems.add(source + ": 'load' must be a list of tables, [[load]] once per load host");
        } else {
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; i < loadNode.size(); i++) {
                String where = source + ": [[load]] " + (i + 1);
                RolePlacement host = roleTable(loadNode.get(i), "load", where, problems);
                JsonNode name = loadNode.get(i).path("host");
                Integer earlier = name.isTextual() ? seen.putIfAbsent(name.asText().strip(), i + 1) : null;
                if (earlier != null) {
                    problems.add(where + ": host '" + name.asText().strip() + "' is already load host " + earlier
                            + " (a host appears once in [[load]]: give it more CPUs instead)");
                } else if (host != null) {
                    load.add(host);
                }
            }
        }
        if (!problems.isEmpty()) throw new PlacementException(problems);
        return new Placement(app, services, load, new SshOptions(config, identity), Optional.ofNullable(file));
    }

    private static RolePlacement single(JsonNode table, String role, String source, List<String> problems) {
        JsonNode node = table.get(role);
        if (node == null) {
            problems.add(source + ": missing [" + role + "]: the host of the " + role + " (host, cpus, workdir)");
            return null;
        }
        return roleTable(node, role, source + ": [" + role + "]", problems);
    }

    private static RolePlacement roleTable(JsonNode node, String role, String where, List<String> problems) {
        if (!node.isObject()) {
            problems.add(where + ": expected a table with host, cpus and workdir");
            return null;
        }
        int before = problems.size();
        unknownKeys(node, ROLE_KEYS, where, problems);
        String host = string(node, "host", where, problems);
        if (host != null && !host.equals(Host.LOCAL)) {
            String problem = destinationProblem(host);
            if (problem != null) problems.add(where + ": host '" + host + "': " + problem);
        }
        String cpusText = string(node, "cpus", where, problems);
        CpuList cpus = null;
        if (cpusText != null) {
            try {
                cpus = CpuList.parse(cpusText);
            } catch (IllegalArgumentException e) {
                problems.add(where + ": bad CPU list '" + cpusText + "': " + e.getMessage()
                        + " (write it as taskset -c does, like \"0-1,3\")");
            }
        }
        String workdir = string(node, "workdir", where, problems);
        if (workdir != null && (!workdir.startsWith("/") || Path.of(workdir).normalize().getParent() == null)) {
            problems.add(where + ": workdir '" + workdir + "' must be an absolute folder below / on that host");
        }
        String address = null;
        if (node.has("address")) {
            address = string(node, "address", where, problems);
            String problem = address == null ? null : addressProblem(address);
            if (problem != null) problems.add(where + ": address '" + address + "': " + problem);
        }
        if (problems.size() > before) return null;
        return new RolePlacement(role, host, Optional.of(cpus), Optional.of(workdir), Optional.ofNullable(address));
    }

    private static String string(JsonNode node, String key, String where, List<String> problems) {
        JsonNode value = node.get(key);
        if (value == null) {
            problems.add(where + ": missing '" + key + "'");
            return null;
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            problems.add(where + ": '" + key + "' must be a non-empty string");
            return null;
        }
        return value.asText().strip();
    }

    private static Optional<Path> localFile(JsonNode table, String key, Path base, String source,
                                            List<String> problems) {
        JsonNode value = table.get(key);
        if (value == null) return Optional.empty();
        if (!value.isTextual() || value.asText().isBlank()) {
            problems.add(source + ": '" + key + "' must be a non-empty string (a file on this machine)");
            return Optional.empty();
        }
        String text = value.asText().strip();
        Path path = text.startsWith("~/") ? Path.of(System.getProperty("user.home"), text.substring(2))
                : base.resolve(text);
        if (!Files.isRegularFile(path)) {
            problems.add(source + ": " + key + " '" + text + "': no such file (" + path + ")");
            return Optional.empty();
        }
        return Optional.of(path.normalize());
    }

    private static void unknownKeys(JsonNode node, Set<String> known, String where, List<String> problems) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                problems.add(where + ": unknown key '" + key + "' (expected one of "
                        + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
    }

    /**
     * Null when {@code address} can stand as the host of a URL ({@code http://ADDRESS:PORT}): an IPv4 address or a
     * DNS name (letters, digits, '-', '.'), else what is wrong with it.
     */
    static String addressProblem(String address) {
        if (!address.matches("[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")) {
            return "an address is an IPv4 address or a host name (letters, digits, '-' and '.')";
        }
        return null;
    }

    /**
     * Null when {@code destination} can be given to ssh as a destination, else what is wrong with it: it must not
     * be empty, start with {@code -} (ssh would read an option) or hold white space or control characters.
     */
    static String destinationProblem(String destination) {
        if (destination.isEmpty()) return "an SSH destination is not empty";
        if (destination.startsWith("-")) return "an SSH destination does not start with '-'";
        if (!destination.codePoints().allMatch(c -> c > ' ' && c != 0x7f)) {
            return "an SSH destination has no spaces or control characters";
        }
        return null;
    }
}
