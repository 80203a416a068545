package dev.fairbench.runner.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versions an {@code apps.toml} entry reads from its build file instead of repeating them: {@code versions_file}
 * names the file, {@code versions_from} maps each component to the name it has in that file. The kind of file is
 * told by its name:
 * <ul>
 *   <li>{@code pom.xml}: a {@code groupId:artifactId}. Its version is the one of the dependency in the pom or in a
 *       parent pom found by {@code <relativePath>}, else the one its {@code <dependencyManagement>} (own or
 *       inherited) gives it, else, for a dependency declared without a version, the version of the BOM imported
 *       there whose groupId is the dependency's or a parent group of it ({@code io.vertx:vertx-stack-depchain} for
 *       {@code io.vertx:vertx-core}). An imported BOM can also be named itself. {@code ${property}} is read from the
 *       pom's and its parents' {@code <properties>} and {@code project.version}. No repository is consulted.</li>
 *   <li>{@code Cargo.lock}: a package name. When several versions of it are locked, the one the workspace's own
 *       crates depend on.</li>
 *   <li>{@code go.mod}: a module path from a {@code require} line or block; the version without its leading
 *       {@code v}. {@code replace} directives are not followed.</li>
 * </ul>
 * Every mistake is a {@link RegistryException} of one line naming the file and the name.
 */
final class BuildFileVersions {
    private BuildFileVersions() {}

    /**
     * Resolves {@code names} (component to name in the file) against {@code file} (as written in apps.toml, relative
     * to {@code repoRoot}).
     *
     * @return component to version, in the order of {@code names}
     */
    static Map<String, String> resolve(Path repoRoot, String file, Map<String, String> names) {
        Path path = repoRoot.resolve(file).normalize();
        String fileName = path.getFileName() == null ? "" : path.getFileName().toString();
        Function<String, String> lookup = switch (fileName) {
            case "pom.xml" -> maven(repoRoot, path, file);
            case "Cargo.lock" -> cargo(path, file);
            case "go.mod" -> go(path, file);
            default -> throw new RegistryException("'versions_file' must be a pom.xml, Cargo.lock or go.mod, not '"
                    + file + "'");
        };
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : names.entrySet()) {
            try {
                out.put(e.getKey(), lookup.apply(e.getValue()));
            } catch (RegistryException bad) {
                throw new RegistryException("'versions_from." + e.getKey() + "': " + bad.getMessage(), bad);
            }
        }
        return out;
    }

    private static String read(Path path, String file) {
        try {
            return Files.readString(path);
        } catch (NoSuchFileException e) {
            throw new RegistryException("'versions_file' " + file + ": no such file");
        } catch (IOException e) {
            throw new RegistryException("'versions_file' " + file + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("").strip();
    }

    // ---- Cargo.lock -------------------------------------------------------------------------------------------

    private static Function<String, String> cargo(Path path, String file) {
        JsonNode root;
        try {
            root = new TomlMapper().readTree(read(path, file));
        } catch (JsonProcessingException e) {
            throw new RegistryException("'versions_file' " + file + ": not valid TOML: "
                    + firstLine(e.getOriginalMessage())
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"), e);
        }
        JsonNode packages = root.get("package");
        if (packages == null || !packages.isArray()) {
            throw new RegistryException("'versions_file' " + file + ": no [[package]] table (not a Cargo.lock?)");
        }
        Map<String, Set<String>> versions = new HashMap<>();
        List<String> workspaceDependencies = new ArrayList<>();
        for (JsonNode p : packages) {
            String name = p.path("name").asText("");
            String version = p.path("version").asText("");
            if (name.isEmpty() || version.isEmpty()) {
                throw new RegistryException("'versions_file' " + file + ": a [[package]] without name or version");
            }
            versions.computeIfAbsent(name, k -> new TreeSet<>()).add(version);
            // The workspace's own crates are the packages without a source.
            if (!p.has("source")) p.path("dependencies").forEach(d -> workspaceDependencies.add(d.asText()));
        }
        return name -> {
            Set<String> locked = versions.get(name);
            if (locked == null) throw new RegistryException("no package '" + name + "' in " + file);
            if (locked.size() == 1) return locked.iterator().next();
            // Several versions: Cargo.lock then names the version in each dependency entry ("name 1.2.3 (source)").
            Set<String> used = new TreeSet<>();
            for (String dependency : workspaceDependencies) {
                String[] words = dependency.split(" ");
                if (words[0].equals(name) && words.length > 1) used.add(words[1]);
            }
            if (used.size() == 1) return used.iterator().next();
            throw new RegistryException(file + " locks " + locked.size() + " versions of '" + name + "' ("
                    + String.join(", ", locked) + ") and the workspace's crates depend on "
                    + (used.isEmpty() ? "none of them directly" : "several") + ": name the version in 'versions'");
        };
    }

    // ---- go.mod -----------------------------------------------------------------------------------------------

    private static final Set<String> GO_BLOCKS = Set.of("require", "replace", "exclude", "retract", "tool", "ignore",
            "godebug");

    private static Function<String, String> go(Path path, String file) {
        List<String> lines = read(path, file).lines().toList();
        Map<String, String> required = new HashMap<>();
        boolean hasModule = false;
        String block = null;
        int blockLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            int comment = raw.indexOf("//");
            String line = (comment < 0 ? raw : raw.substring(0, comment)).strip();
            if (line.isEmpty()) continue;
            if (block != null) {
                if (line.equals(")")) block = null;
                else if (block.equals("require")) goRequire(line, file, i + 1, required);
                continue;
            }
            String[] words = line.split("\\s+", 2);
            if (words[0].equals("module")) hasModule = true;
            if (!GO_BLOCKS.contains(words[0]) || words.length < 2) continue;
            if (words[1].equals("(")) {
                block = words[0];
                blockLine = i + 1;
            } else if (words[0].equals("require")) {
                goRequire(words[1], file, i + 1, required);
            }
        }
        if (block != null) {
            throw new RegistryException("'versions_file' " + file + ": the '" + block + " (' block of line " + blockLine
                    + " is not closed");
        }
        if (!hasModule) throw new RegistryException("'versions_file' " + file + ": no 'module' line (not a go.mod?)");
        return module -> {
            String version = required.get(module);
            if (version == null) throw new RegistryException("no require of '" + module + "' in " + file);
            return version.substring(1);
        };
    }

    private static void goRequire(String spec, String file, int lineNr, Map<String, String> required) {
        String[] words = spec.strip().split("\\s+");
        if (words.length != 2 || !words[1].matches("v\\d.*")) {
            throw new RegistryException("'versions_file' " + file + " line " + lineNr
                    + ": expected 'module/path vX.Y.Z' in a require, not '" + spec.strip() + "'");
        }
        required.put(unquote(words[0]), words[1]);
    }

    private static String unquote(String s) {
        return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("`") && s.endsWith("`"))
                ? s.substring(1, s.length() - 1) : s;
    }

    // ---- pom.xml ----------------------------------------------------------------------------------------------

    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    /** One pom of the chain from the app's pom up to its last parent found on disk. */
    private record Pom(String file, Element project) {}

    /** A {@code <dependency>}: coordinates interpolated, version raw (may be null). */
    private record Dependency(String groupId, String artifactId, String version, boolean bomImport) {
        String key() {
            return groupId + ":" + artifactId;
        }
    }

    private static Function<String, String> maven(Path repoRoot, Path path, String file) {
        List<Pom> chain = new ArrayList<>();
        Path pomPath = path;
        Element project = parseXml(path, file);
        chain.add(new Pom(file, project));
        Set<Path> seen = new HashSet<>(Set.of(path));
        for (Element parent = child(project, "parent"); parent != null; parent = child(project, "parent")) {
            Element relative = child(parent, "relativePath");
            String rel = relative == null ? "../pom.xml" : relative.getTextContent().strip();
            if (rel.isEmpty()) break; // <relativePath/>: the parent comes from a repository, which we do not read
            Path next = pomPath.getParent().resolve(rel).normalize();
            if (Files.isDirectory(next)) next = next.resolve("pom.xml");
            if (!Files.isRegularFile(next) || !seen.add(next)) break;
            String nextName = shown(repoRoot, next);
            Element nextProject = parseXml(next, nextName);
            // Like Maven: a pom at relativePath that is not the declared parent does not count.
            if (!text(parent, "artifactId").equals(text(nextProject, "artifactId"))) break;
            chain.add(new Pom(nextName, nextProject));
            pomPath = next;
            project = nextProject;
        }
        Map<String, String> properties = properties(chain);
        Function<String, String> interpolate = value -> interpolate(value, properties, file);
        return coordinates -> {
            String[] ga = coordinates.split(":");
            if (ga.length != 2 || ga[0].isBlank() || ga[1].isBlank()) {
                throw new RegistryException("expected groupId:artifactId for a pom.xml, not '" + coordinates + "'");
            }
            String group = ga[0];
            boolean declared = false;
            for (Pom pom : chain) {
                for (Dependency d : dependencies(child(pom.project(), "dependencies"), interpolate)) {
                    if (!d.key().equals(coordinates)) continue;
                    if (d.version() != null) return interpolate.apply(d.version());
                    declared = true;
                }
            }
            for (Pom pom : chain) {
                for (Dependency d : managed(pom, interpolate)) {
                    if (d.key().equals(coordinates) && d.version() != null) return interpolate.apply(d.version());
                }
            }
            if (!declared) {
                throw new RegistryException(coordinates + " is neither a dependency nor managed in " + file
                        + (chain.size() > 1 ? " or its parent poms" : ""));
            }
            for (Pom pom : chain) {
                List<Dependency> boms = managed(pom, interpolate).stream()
                        .filter(d -> d.bomImport() && d.version() != null)
                        .filter(d -> group.equals(d.groupId()) || group.startsWith(d.groupId() + ".")).toList();
                if (boms.size() == 1) return interpolate.apply(boms.get(0).version());
                if (boms.size() > 1) {
                    throw new RegistryException(coordinates + " has no version in " + file + " and " + pom.file()
                            + " imports several BOMs of its group: name the BOM instead");
                }
            }
            throw new RegistryException(coordinates + " has no version in " + file
                    + (chain.size() > 1 ? " or its parent poms" : "")
                    + " and no imported BOM of group " + group + " manages it: name what states its version");
        };
    }

    private static String shown(Path repoRoot, Path file) {
        Path root = repoRoot.toAbsolutePath().normalize();
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    private static Element parseXml(Path path, String file) {
        String text = read(path, file);
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            var builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // throws on fatal errors, prints nothing
            Document doc = builder.parse(new InputSource(new StringReader(text)));
            Element root = doc.getDocumentElement();
            if (!root.getTagName().equals("project")) {
                throw new RegistryException("'versions_file' " + file + ": the root element is <" + root.getTagName()
                        + ">, not <project> (not a pom.xml?)");
            }
            return root;
        } catch (SAXParseException e) {
            throw new RegistryException("'versions_file' " + file + ": not valid XML: " + firstLine(e.getMessage())
                    + " (line " + e.getLineNumber() + ")", e);
        } catch (SAXException | IOException | ParserConfigurationException e) {
            throw new RegistryException("'versions_file' " + file + ": cannot parse: " + firstLine(e.getMessage()), e);
        }
    }

    /** The properties of the chain (a child's win), with project.version, project.groupId and friends. */
    private static Map<String, String> properties(List<Pom> chain) {
        Map<String, String> out = new HashMap<>();
        for (int i = chain.size() - 1; i >= 0; i--) {
            Element props = child(chain.get(i).project(), "properties");
            if (props == null) continue;
            for (Element p : children(props)) out.put(p.getTagName(), p.getTextContent().strip());
        }
        Element project = chain.get(0).project();
        Element parent = child(project, "parent");
        for (String key : List.of("version", "groupId", "artifactId")) {
            String own = text(project, key);
            if (own.isEmpty() && parent != null && !key.equals("artifactId")) own = text(parent, key);
            out.put("project." + key, own);
            out.put("pom." + key, own);
            if (parent != null) out.put("project.parent." + key, text(parent, key));
        }
        return out;
    }

    private static String interpolate(String value, Map<String, String> properties, String file) {
        String out = value;
        for (int depth = 0; depth < 20; depth++) {
            Matcher m = PROPERTY.matcher(out);
            StringBuilder sb = new StringBuilder();
            boolean replaced = false;
            while (m.find()) {
                String v = properties.get(m.group(1));
                if (v == null) {
                    throw new RegistryException("${" + m.group(1) + "} is not defined in " + file
                            + " or its parent poms");
                }
                m.appendReplacement(sb, Matcher.quoteReplacement(v));
                replaced = true;
            }
            if (!replaced) return out;
            m.appendTail(sb);
            out = sb.toString();
        }
        throw new RegistryException("the properties in '" + value + "' refer to each other in a cycle (" + file + ")");
    }

    /** Coordinates: an unrelated dependency with an undefined property must not fail the lookup of another. */
    private static String lenient(String value, Function<String, String> interpolate) {
        try {
            return interpolate.apply(value);
        } catch (RegistryException e) {
            return value;
        }
    }

    private static List<Dependency> managed(Pom pom, Function<String, String> interpolate) {
        Element dm = child(pom.project(), "dependencyManagement");
        return dm == null ? List.of() : dependencies(child(dm, "dependencies"), interpolate);
    }

    private static List<Dependency> dependencies(Element dependencies, Function<String, String> interpolate) {
        if (dependencies == null) return List.of();
        List<Dependency> out = new ArrayList<>();
        for (Element d : children(dependencies)) {
            if (!d.getTagName().equals("dependency")) continue;
            Element version = child(d, "version");
            out.add(new Dependency(lenient(text(d, "groupId"), interpolate), lenient(text(d, "artifactId"), interpolate),
                    version == null ? null : version.getTextContent().strip(),
                    text(d, "scope").equals("import") && text(d, "type").equals("pom")));
        }
        return out;
    }

    private static Element child(Element parent, String name) {
        for (Element e : children(parent)) if (e.getTagName().equals(name)) return e;
        return null;
    }

    private static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) out.add(e);
        }
        return out;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }
}
