package dev.fairbench.runner.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Variants in the registry: an entry with {@code variant_of = "BASE"} is BASE with differences. Every key the
 * variant does not set is BASE's; {@code env} is merged (the variant's values win); {@code unequalized} is BASE's list
 * followed by the variant's own, or only the variant's own with {@code inherit_unequalized = false} (for a variant
 * that undoes a setting of BASE's list); {@code variant} (required) says the difference in a few words. BASE must be an
 * app of its own with a valid entry (no variant of a variant). A variant that keeps BASE's build keeps its artifact
 * too, so the two are built once; one with its own {@code build} needs its own {@code artifact}. Stateless.
 */
final class Variants {
    static final String VARIANT_OF = "variant_of";
    static final String VARIANT = "variant";
    static final String INHERIT_UNEQUALIZED = "inherit_unequalized";

    private Variants() {}

    /** True when the table declares a variant (or tries to: a lone {@code variant} is a mistake {@link #merge} names). */
    static boolean declares(JsonNode node) {
        return node.isObject() && (node.has(VARIANT_OF) || node.has(VARIANT));
    }

    /**
     * The variant's table with its base's keys filled in, ready for {@link AppRegistry#parse}.
     *
     * @param tables     every {@code [apps.NAME]} table of the file, by name
     * @param badEntries names of the entries that are not usable
     * @throws RegistryException one line naming the key that is wrong
     */
    static ObjectNode merge(String name, JsonNode variant, Map<String, JsonNode> tables, Set<String> badEntries,
                            Path repoRoot) {
        JsonNode of = variant.get(VARIANT_OF);
        if (of == null) {
            throw new RegistryException("'" + VARIANT + "' needs '" + VARIANT_OF + "' (the app this one differs from)");
        }
        if (!of.isTextual() || of.asText().isBlank()) {
            throw new RegistryException("'" + VARIANT_OF + "' must be the name of another app");
        }
        JsonNode what = variant.get(VARIANT);
        if (what == null) {
            throw new RegistryException("'" + VARIANT_OF + "' needs '" + VARIANT + "' (the difference in a few words, "
                    + "e.g. \"GOGC=400\")");
        }
        if (!what.isTextual() || what.asText().isBlank()) {
            throw new RegistryException("'" + VARIANT + "' must be a non-empty string");
        }
        String baseName = of.asText();
        if (baseName.equals(name)) throw new RegistryException("'" + VARIANT_OF + "' names the app itself");
        JsonNode base = tables.get(baseName);
        if (base == null) {
            throw new RegistryException("'" + VARIANT_OF + "': no app '" + baseName + "' in " + AppRegistry.FILE_NAME);
        }
        if (declares(base)) {
            throw new RegistryException("'" + VARIANT_OF + "': '" + baseName + "' is itself a variant; a variant's "
                    + "base must be an app of its own");
        }
        if (badEntries.contains(baseName)) {
            throw new RegistryException("'" + VARIANT_OF + "': the entry of '" + baseName + "' is bad (see its own line)");
        }
        checkBuild(baseName, base, variant, repoRoot);
        JsonNode inherit = variant.path(INHERIT_UNEQUALIZED);
        if (!inherit.isMissingNode() && !inherit.isBoolean()) {
            throw new RegistryException("'" + INHERIT_UNEQUALIZED + "' must be true or false");
        }
        ObjectNode merged = base.deepCopy();
        if (!inherit.asBoolean(true)) merged.remove("unequalized");
        for (Iterator<Map.Entry<String, JsonNode>> it = variant.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            switch (e.getKey()) {
                case "env" -> {
                    if (!e.getValue().isObject()) throw new RegistryException("'env' must be a table of strings");
                    ObjectNode env = base.path("env").isObject() ? base.get("env").deepCopy() : merged.objectNode();
                    env.setAll((ObjectNode) e.getValue());
                    merged.set("env", env);
                }
                case "unequalized" -> {
                    if (!e.getValue().isArray()) {
                        throw new RegistryException("'unequalized' must be an array of {setting, why}");
                    }
                    ArrayNode all = merged.path("unequalized").isArray() ? merged.get("unequalized").deepCopy()
                            : merged.arrayNode();
                    all.addAll((ArrayNode) e.getValue());
                    merged.set("unequalized", all);
                }
                case INHERIT_UNEQUALIZED -> { }
                default -> merged.set(e.getKey(), e.getValue());
            }
        }
        return merged;
    }

    /** Two builds must never make one artifact: a variant builds as its base does, or has a build and artifact of its own. */
    private static void checkBuild(String baseName, JsonNode base, JsonNode variant, Path repoRoot) {
        boolean ownBuild = variant.has("build") || variant.has("build_dir");
        boolean ownArtifact = variant.has("artifact");
        if (ownBuild && !ownArtifact && base.has("artifact")) {
            throw new RegistryException("'build' of a variant needs its own 'artifact': the one of '" + baseName
                    + "' would be made by two different builds");
        }
        if (ownArtifact && !ownBuild && base.has("build")) {
            throw new RegistryException("'artifact' of a variant needs its own 'build': the build of '" + baseName
                    + "' makes the artifact of '" + baseName + "'");
        }
        if (ownBuild && ownArtifact && base.path("artifact").isTextual() && variant.get("artifact").isTextual()
                && repoRoot.resolve(base.get("artifact").asText()).normalize()
                .equals(repoRoot.resolve(variant.get("artifact").asText()).normalize())) {
            throw new RegistryException("'artifact' is the one of '" + baseName + "': a variant with its own 'build' "
                    + "needs an artifact of its own");
        }
    }
}
