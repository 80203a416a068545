package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the stores of fairbench's JSON documents ({@code results.json}, {@code friction.json}) share: one Jackson
 * configuration (snake_case names, ISO-8601 instants, map keys sorted, optional values left out, unknown properties
 * ignored on reading), one layout (two-space indentation, a final line feed), schema checks that name each problem
 * by its JSON path, and atomic writes. Stateless and thread-safe.
 */
public final class JsonDocuments {
    /** The mapper of every document; configured once, never changed. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private static final Set<String> PROPERTY_KEYWORDS =
            Set.of("required", "additionalProperties", "unevaluatedProperties", "dependentRequired");

    private JsonDocuments() {
    }

    /** The JSON Schema (draft 2020-12) at this classpath location. */
    public static Schema schema(String resource) {
        try (InputStream in = JsonDocuments.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("schema resource " + resource + " is missing");
            }
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What is wrong with {@code json} against {@code schema}: one line per problem, {@code SOURCE: $.path: message},
     * where a missing or unexpected property is named in the path. Empty when the text matches.
     */
    public static List<String> schemaProblems(Schema schema, String json, String source) {
        List<String> lines = new ArrayList<>();
        for (Error error : schema.validate(json, InputFormat.JSON)) {
            String path = jsonPath(error.getInstanceLocation());
            String message = error.getMessage() == null ? error.getKeyword() : error.getMessage();
            if (error.getProperty() != null && PROPERTY_KEYWORDS.contains(error.getKeyword())) {
                path = path + member(error.getProperty());
            }
            String line = source + ": " + path + ": " + message.strip().replaceAll("\\s*\\R\\s*", " ");
            if (!lines.contains(line)) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The text of a document: two-space indentation, a final line feed. */
    public static String toJson(Object document) {
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n"));
            return MAPPER.writer(printer).writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(document.getClass().getSimpleName() + " cannot be serialized", e);
        }
    }

    /**
     * Writes {@code bytes} to {@code target}: to {@code target.tmp} in the same directory first, forced to disk,
     * then moved over {@code target}, so a crash leaves the old file or the new one, never a truncated one.
     */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
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

    /** {@code $.apps[0].name}: a JSONPath of the validator's location, whatever notation it prints. */
    private static String jsonPath(com.networknt.schema.path.NodePath location) {
        StringBuilder path = new StringBuilder("$");
        if (location != null) {
            for (int i = 0; i < location.getNameCount(); i++) {
                Object element = location.getElement(i);
                path.append(element instanceof Integer index ? "[" + index + "]" : member(String.valueOf(element)));
            }
        }
        return path.toString();
    }

    private static String member(String name) {
        return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? "." + name
                : "['" + name.replace("\\", "\\\\").replace("'", "\\'") + "']";
    }
}
