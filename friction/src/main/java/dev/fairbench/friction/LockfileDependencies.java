package dev.fairbench.friction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.fairbench.results.friction.FrictionApp.Dependencies;
import dev.fairbench.runner.proc.ParentDeath;
import dev.fairbench.runner.registry.AppEntry;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The third-party packages an app depends on, as its build tool resolves them from its lockfile or build file.
 * The build tool is the one whose build file is nearest above the app's handler, within the app's own sources:
 * <ul>
 *   <li>{@code Cargo.toml}: {@code cargo tree -p PACKAGE --locked --prefix none -e normal,build} (normal and build
 *       dependencies for this machine's target, features as a build of that package alone resolves them; dev
 *       dependencies left out), crates with a path source (workspace members such as {@code blog-core}) left out;
 *       the file is the workspace's {@code Cargo.lock}</li>
 *   <li>{@code go.mod}: {@code go list -m all} without the main module: the module graph {@code go.sum} pins</li>
 *   <li>{@code pom.xml}: {@code mvn dependency:list} of that module, runtime scope (compile and runtime), offline,
 *       modules of the project itself (any {@code pom.xml} of the copy) left out</li>
 * </ul>
 * Packages are {@code name version}, each once, sorted. Meant for the fresh copy after its build (Maven needs the
 * project's own modules built; cargo and go only read their caches). Stateless.
 */
final class LockfileDependencies {
    static final Duration TIMEOUT = Duration.ofMinutes(10);
    static final String MAVEN_OUTPUT = "target/fairbench-dependencies.txt";
    private static final Pattern CARGO_LINE = Pattern.compile("^(\\S+) v(\\S+)(.*)$");
    private static final Pattern MAVEN_LINE = Pattern.compile("^[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+:\\S+$");

    /**
     * How to list the packages of one app.
     *
     * @param kind    {@code cargo}, {@code go} or {@code maven}
     * @param file    the lockfile or build file the list comes from
     * @param argv    the command
     * @param workDir where it runs
     */
    record Plan(String kind, Path file, List<String> argv, Path workDir) {
        Plan {
            argv = List.copyOf(argv);
        }
    }

    private LockfileDependencies() {
    }

    /**
     * The plan for {@code entry} (loaded against the copy at {@code copyRoot}), or empty when no {@code Cargo.toml},
     * {@code go.mod} or {@code pom.xml} lies between its handler and the top of the source folder holding it.
     *
     * @throws IOException when the {@code Cargo.toml} found names no package
     */
    static Optional<Plan> plan(AppEntry entry, Path copyRoot) throws IOException {
        Path handler = entry.sources().handler();
        Path top = entry.sources().own().stream().filter(handler::startsWith).findFirst().orElse(handler);
        for (Path d = handler.getParent(); d != null && d.startsWith(top); d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("Cargo.toml"))) {
                JsonNode name = new TomlMapper().readTree(d.resolve("Cargo.toml").toFile()).path("package").path("name");
                if (!name.isTextual()) throw new IOException(d.resolve("Cargo.toml") + " has no [package] name");
                Path workspace = BuildEnvironment.cargoWorkspace(copyRoot, d);
                return Optional.of(new Plan("cargo", workspace.resolve("Cargo.lock"), List.of("cargo", "tree", "-p",
                        name.asText(), "--locked", "--prefix", "none", "-e", "normal,build"), d));
            }
            if (Files.isRegularFile(d.resolve("go.mod"))) {
                Path sum = d.resolve("go.sum");
                return Optional.of(new Plan("go", Files.exists(sum) ? sum : d.resolve("go.mod"),
                        List.of("go", "list", "-m", "all"), d));
            }
            if (Files.isRegularFile(d.resolve("pom.xml"))) {
                List<String> argv = new ArrayList<>(List.of("mvn", "-B", "-o", "-q", "dependency:list",
                        "-DincludeScope=runtime", "-DoutputFile=" + MAVEN_OUTPUT));
                Path reactor = entry.buildDir().startsWith(copyRoot) && d.startsWith(entry.buildDir())
                        ? entry.buildDir() : d;
                if (!reactor.equals(d)) argv.addAll(List.of("-pl", reactor.relativize(d).toString(), "-am"));
                return Optional.of(new Plan("maven", d.resolve("pom.xml"), argv, reactor));
            }
        }
        return Optional.empty();
    }

    /**
     * Runs the plan with {@code env}, its standard error (and Maven's output) appended to {@code log}.
     *
     * @throws IOException with one line when the command fails or its output cannot be read
     */
    static Dependencies list(Plan plan, Path copyRoot, BuildEnvironment env, Path log)
            throws IOException, InterruptedException {
        Path stdout = Files.createTempFile("fairbench-dependencies", ".out");
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder pb = new ProcessBuilder(plan.argv()).directory(plan.workDir().toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout.toFile()).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
            env.applyTo(pb.environment());
            Process p = ParentDeath.start(pb);
            if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IOException(String.join(" ", plan.argv()) + " did not finish within "
                        + TIMEOUT.toMinutes() + " min");
            }
            String out = Files.readString(stdout, StandardCharsets.UTF_8);
            Files.writeString(log, out, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", plan.argv()) + " failed with exit code " + p.exitValue());
            }
            List<String> packages = switch (plan.kind()) {
                case "cargo" -> cargoTree(out);
                case "go" -> goModules(out);
                default -> mavenList(Files.readString(plan.file().resolveSibling(MAVEN_OUTPUT), StandardCharsets.UTF_8),
                        projectModules(copyRoot));
            };
            return new Dependencies(plan.kind(), copyRoot.relativize(plan.file()).toString(),
                    String.join(" ", plan.argv()), packages.size(), packages);
        } finally {
            Files.deleteIfExists(stdout);
        }
    }

    /** The crates of {@code cargo tree --prefix none} output, without those of a local path. */
    static List<String> cargoTree(String output) {
        Set<String> packages = new TreeSet<>();
        for (String line : output.lines().map(String::strip).toList()) {
            Matcher m = CARGO_LINE.matcher(line.replace(" (*)", ""));
            // "blog-core v0.1.0 (/work/peers/blog-core)": a workspace member; "(proc-macro)" marks a kind, not a source
            if (m.matches() && !m.group(3).contains("(/")) packages.add(m.group(1) + " " + m.group(2));
        }
        return List.copyOf(packages);
    }

    /** The modules of {@code go list -m all} output, without the main modules (a line with a path alone). */
    static List<String> goModules(String output) {
        Set<String> modules = new TreeSet<>();
        for (String line : output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            String[] fields = line.split("\\s+");
            if (fields.length >= 2) modules.add(fields[0] + " " + fields[1]);
        }
        return List.copyOf(modules);
    }

    /**
     * The artifacts of a {@code dependency:list} output file ({@code group:artifact:type[:classifier]:version:scope},
     * perhaps followed by {@code -- module ...}), as {@code group:artifact[:classifier] version}, without those
     * whose {@code group:artifact} is in {@code projectModules}.
     */
    static List<String> mavenList(String output, Set<String> projectModules) {
        Set<String> artifacts = new TreeSet<>();
        for (String line : output.lines().map(String::strip).toList()) {
            String coordinates = line.split("\\s+")[0];
            if (!MAVEN_LINE.matcher(coordinates).matches()) continue;
            String[] p = coordinates.split(":");
            if (p.length != 5 && p.length != 6) continue;
            if (projectModules.contains(p[0] + ":" + p[1])) continue;
            String name = p[0] + ":" + p[1] + (p.length == 6 ? ":" + p[3] : "");
            artifacts.add(name + " " + p[p.length - 2]);
        }
        return List.copyOf(artifacts);
    }

    /**
     * {@code groupId:artifactId} of every {@code pom.xml} under {@code root} outside {@code target/} folders (a
     * module without a groupId of its own takes its parent's).
     */
    static Set<String> projectModules(Path root) throws IOException {
        Set<String> modules = new TreeSet<>();
        List<Path> poms;
        try (Stream<Path> walk = Files.walk(root)) {
            poms = walk.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !root.relativize(p).toString().matches("(.*/)?target/.*")).toList();
        }
        for (Path pom : poms) {
            Element project = parse(pom).getDocumentElement();
            String artifact = child(project, "artifactId");
            String group = child(project, "groupId");
            if (group == null) {
                Element parent = childElement(project, "parent");
                group = parent == null ? null : child(parent, "groupId");
            }
            if (group != null && artifact != null) modules.add(group + ":" + artifact);
        }
        return modules;
    }

    private static Document parse(Path pom) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return f.newDocumentBuilder().parse(pom.toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(pom + ": not a readable pom.xml: " + e.getMessage(), e);
        }
    }

    private static Element childElement(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (name.equals(e.getLocalName()) || name.equals(e.getTagName()))) return e;
        }
        return null;
    }

    private static String child(Element parent, String name) {
        Element e = childElement(parent, name);
        return e == null ? null : e.getTextContent().strip();
    }
}
