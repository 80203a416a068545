package dev.fairbench.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import com.networknt.schema.Schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and writes {@code results.json} in a results directory.
 *
 * <p>File format: UTF-8 JSON described by the JSON Schema {@value #SCHEMA_RESOURCE} (draft 2020-12) on the
 * classpath, the {@link Results} model with snake_case property names, two-space indentation, a final line
 * feed, map keys sorted, optional values left out. Timestamps are ISO-8601 instants. Reading ignores unknown
 * properties but refuses a {@code schema_version} other than {@link Results#SCHEMA_VERSION} and a file that does
 * not match the schema, with one line per problem ({@link ResultsException#problems()}), so a hand-edited or
 * truncated-by-hand file is named with its JSON paths instead of failing later on a missing value. Each route's
 * {@code summary} is computed again from its runs on reading: the runs are the raw data.
 *
 * <p>Writing is atomic: the JSON goes to {@code results.json.tmp} in the same directory, is forced to disk and
 * moved over {@code results.json}, so a crash or Ctrl-C leaves either the previous or the new file, never a
 * truncated one. The runner rewrites the file after every run. This class is stateless and thread-safe, but two
 * writers of the same directory must not run at once.
 */
public final class ResultsStore {
    /** Name of the results file inside a results directory. */
    public static final String FILE_NAME = "results.json";
    /** Classpath location of the JSON Schema of {@value #FILE_NAME}. */
    public static final String SCHEMA_RESOURCE = "/dev/fairbench/results/results.schema.json";

    private static final ObjectMapper MAPPER = JsonDocuments.MAPPER;

    private ResultsStore() {
    }

    /** The schema, loaded on first use: parsing it takes a moment that writers never need. */
    private static final class SchemaHolder {
        static final Schema SCHEMA = JsonDocuments.schema(SCHEMA_RESOURCE);
    }

    /**
     * What is wrong with results JSON against the schema: one line per problem, {@code SOURCE: $.path: message},
     * where a missing property is named in the path. Empty when the text matches the schema.
     *
     * @param source name of where the text came from, for the lines
     */
    public static List<String> schemaProblems(String json, String source) {
        return JsonDocuments.schemaProblems(SchemaHolder.SCHEMA, json, source);
    }

    /** The results file of a directory. */
    public static Path file(Path dir) {
        return dir.resolve(FILE_NAME);
    }

    /** Reads {@code dir/results.json}. */
    public static Results read(Path dir) throws ResultsException {
        Path file = file(dir);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ResultsException("no " + FILE_NAME + " in " + dir + ": not a results directory");
        } catch (IOException e) {
            throw new ResultsException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return fromJson(new String(bytes, StandardCharsets.UTF_8), file.toString());
    }

    /**
     * Parses results JSON.
     *
     * @param source name of where the text came from, for error messages
     */
    public static Results fromJson(String json, String source) throws ResultsException {
        try {
            JsonNode tree = MAPPER.readTree(json);
            if (tree == null || !tree.isObject()) {
                throw new ResultsException(source + " is not a JSON object");
            }
            JsonNode version = tree.get("schema_version");
            if (version == null || !version.isInt()) {
                throw new ResultsException(source + " has no schema_version: not a fairbench results file");
            }
            if (version.intValue() != Results.SCHEMA_VERSION) {
                throw new ResultsException(source + " has schema_version " + version.intValue()
                        + "; this fairbench reads version " + Results.SCHEMA_VERSION);
            }
            List<String> problems = schemaProblems(json, source);
            if (!problems.isEmpty()) {
                throw new ResultsException(problems);
            }
            return summarizedAgain(MAPPER.treeToValue(tree, Results.class));
        } catch (JsonProcessingException e) {
            throw new ResultsException(source + " is not valid results JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * {@code results} with every route's summary computed again from its runs: a summary is derived data, so a
     * file written under an earlier rule of {@link Summaries} (before 2026-12-06 costs came from the median run by
     * req/s) reads under the current one. A route without a summary keeps none.
     */
    private static Results summarizedAgain(Results results) {
        return results.withRoutesMapped(route -> route.summary() == null ? route
                : route.withRuns(route.runs(), Summaries.summarize(route.runs())));
    }

    /** The JSON text written for these results (UTF-8 when stored), ending with a line feed. */
    public static String toJson(Results results) {
        return JsonDocuments.toJson(results);
    }

    /** Writes {@code dir/results.json} atomically, creating {@code dir} if needed. */
    public static void write(Path dir, Results results) throws IOException {
        Files.createDirectories(dir);
        JsonDocuments.writeAtomically(file(dir), toJson(results).getBytes(StandardCharsets.UTF_8));
    }
}
