package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Reads and writes {@code results.json} in a results directory.
 *
 * <p>File format: UTF-8 JSON described by the JSON Schema {@value #SCHEMA_RESOURCE} (draft 2020-12) on the
 * classpath, the {@link Results} model with snake_case property names, two-space indentation, a final line
 * feed, map keys sorted, optional values left out. Timestamps are ISO-8601 instants. Reading ignores unknown
 * properties but refuses a {@code schema_version} other than {@link Results#SCHEMA_VERSION}.
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

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private ResultsStore() {
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
            return MAPPER.treeToValue(tree, Results.class);
        } catch (JsonProcessingException e) {
            throw new ResultsException(source + " is not valid results JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The JSON text written for these results (UTF-8 when stored), ending with a line feed. */
    public static String toJson(Results results) {
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n"));
            return MAPPER.writer(printer).writeValueAsString(results) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("results cannot be serialized", e);
        }
    }

    /** Writes {@code dir/results.json} atomically, creating {@code dir} if needed. */
    public static void write(Path dir, Results results) throws IOException {
        Files.createDirectories(dir);
        Path target = file(dir);
        Path temp = dir.resolve(FILE_NAME + ".tmp");
        byte[] bytes = toJson(results).getBytes(StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
