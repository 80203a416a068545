package dev.fairbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes {@code suite.json} ({@link SuiteRun}), validated against {@value #SCHEMA_RESOURCE} with one line
 * per problem, like {@link ResultsStore}. Stateless and thread-safe.
 */
public final class SuiteStore {
    public static final String FILE_NAME = "suite.json";
    public static final String SCHEMA_RESOURCE = "/dev/fairbench/results/suite.schema.json";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private SuiteStore() {
    }

    private static final class SchemaHolder {
        static final Schema SCHEMA = load();

        private static Schema load() {
            try (InputStream in = SuiteStore.class.getResourceAsStream(SCHEMA_RESOURCE)) {
                if (in == null) throw new IllegalStateException("schema resource " + SCHEMA_RESOURCE + " is missing");
                return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The suite of a results directory, or empty when it has no {@code suite.json} (results of a plain run). */
    public static Optional<SuiteRun> readIfPresent(Path dir) throws ResultsException {
        Path file = dir.resolve(FILE_NAME);
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

    /** Parses suite JSON; {@code source} names it in error lines. */
    public static SuiteRun fromJson(String json, String source) throws ResultsException {
        try {
            JsonNode tree = MAPPER.readTree(json);
            JsonNode version = tree == null ? null : tree.get("schema_version");
            if (version == null || !version.isInt()) {
                throw new ResultsException(source + " has no schema_version: not a fairbench suite file");
            }
            if (version.intValue() != SuiteRun.SCHEMA_VERSION) {
                throw new ResultsException(source + " has schema_version " + version.intValue()
                        + "; this fairbench reads version " + SuiteRun.SCHEMA_VERSION);
            }
            List<String> problems = new ArrayList<>();
            for (Error error : SchemaHolder.SCHEMA.validate(json, InputFormat.JSON)) {
                String line = source + ": " + error.getInstanceLocation() + ": " + error.getMessage();
                if (!problems.contains(line)) problems.add(line);
            }
            if (!problems.isEmpty()) throw new ResultsException(problems);
            return MAPPER.treeToValue(tree, SuiteRun.class);
        } catch (JsonProcessingException e) {
            throw new ResultsException(source + " is not valid suite JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The JSON text written for this suite, ending with a line feed. */
    public static String toJson(SuiteRun suite) {
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n"));
            return MAPPER.writer(printer).writeValueAsString(suite) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("suite cannot be serialized", e);
        }
    }

    /** Writes {@code dir/suite.json} through a temporary file, creating {@code dir} if needed. */
    public static void write(Path dir, SuiteRun suite) throws IOException {
        Files.createDirectories(dir);
        Path temp = dir.resolve(FILE_NAME + ".tmp");
        Files.writeString(temp, toJson(suite), StandardCharsets.UTF_8);
        Files.move(temp, dir.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
    }
}
