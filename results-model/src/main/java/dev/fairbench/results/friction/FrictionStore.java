package dev.fairbench.results.friction;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import dev.fairbench.results.JsonDocuments;
import dev.fairbench.results.ResultsException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes {@code friction.json} in a results directory.
 *
 * <p>File format: UTF-8 JSON described by the JSON Schema {@value #SCHEMA_RESOURCE} (draft 2020-12), the
 * {@link Friction} model with the conventions of {@code results.json} ({@link JsonDocuments}): snake_case names
 * with the unit in them, optional values left out, ISO-8601 instants. Reading refuses another
 * {@code schema_version} and a file that does not match the schema, one line per problem
 * ({@link ResultsException#problems()}). Writing is atomic ({@code friction.json.tmp}, then a rename), so the
 * measurement can rewrite the file after every app. Stateless and thread-safe; one writer per directory.
 */
public final class FrictionStore {
    /** Name of the file inside a results directory. */
    public static final String FILE_NAME = "friction.json";
    /** Classpath location of its JSON Schema. */
    public static final String SCHEMA_RESOURCE = "/dev/fairbench/results/friction.schema.json";

    private FrictionStore() {
    }

    /** The schema, loaded on first use. */
    private static final class SchemaHolder {
        static final Schema SCHEMA = JsonDocuments.schema(SCHEMA_RESOURCE);
    }

    /** The friction file of a directory. */
    public static Path file(Path dir) {
        return dir.resolve(FILE_NAME);
    }

    /** What is wrong with friction JSON against the schema, one line per problem; empty when it matches. */
    public static List<String> schemaProblems(String json, String source) {
        return JsonDocuments.schemaProblems(SchemaHolder.SCHEMA, json, source);
    }

    /** Reads {@code dir/friction.json}, or empty when the directory has none. */
    public static Optional<Friction> readIfPresent(Path dir) throws ResultsException {
        Path file = file(dir);
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new ResultsException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return Optional.of(fromJson(json, file.toString()));
    }

    /**
     * Parses friction JSON.
     *
     * @param source name of where the text came from, for error messages
     */
    public static Friction fromJson(String json, String source) throws ResultsException {
        try {
            JsonNode tree = JsonDocuments.MAPPER.readTree(json);
            if (tree == null || !tree.isObject()) throw new ResultsException(source + " is not a JSON object");
            JsonNode version = tree.get("schema_version");
            if (version == null || !version.isInt()) {
                throw new ResultsException(source + " has no schema_version: not a fairbench friction file");
            }
            if (version.intValue() != Friction.SCHEMA_VERSION) {
                throw new ResultsException(source + " has schema_version " + version.intValue()
                        + "; this fairbench reads version " + Friction.SCHEMA_VERSION);
            }
            List<String> problems = schemaProblems(json, source);
            if (!problems.isEmpty()) throw new ResultsException(problems);
            return JsonDocuments.MAPPER.treeToValue(tree, Friction.class);
        } catch (JsonProcessingException e) {
            throw new ResultsException(source + " is not valid friction JSON: " + e.getOriginalMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new ResultsException(source + ": " + e.getMessage(), e);
        }
    }

    /** The JSON text written for this measurement, ending with a line feed. */
    public static String toJson(Friction friction) {
        return JsonDocuments.toJson(friction);
    }

    /** Writes {@code dir/friction.json} atomically, creating {@code dir} if needed. */
    public static void write(Path dir, Friction friction) throws IOException {
        Files.createDirectories(dir);
        JsonDocuments.writeAtomically(file(dir), toJson(friction).getBytes(StandardCharsets.UTF_8));
    }
}
