package dev.fairbench.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fairbench.results.Build;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What the runner remembers of a build it made, and the {@link Build} record results.json keeps of an artifact.
 *
 * <p>After a successful build the launcher writes a stamp, {@code .fairbench/builds/<artifact path>.json} under the
 * repository root: {@code {"sha256": "<hex of the artifact>", "command": "<build as run>", "environment": {...}}}.
 * Kept out of the build folders so that a stamp never makes its artifact look stale. A stamp counts only while its
 * SHA-256 matches the artifact: a binary rebuilt by hand, or deleted and rebuilt by another build, is no longer the
 * runner's. Stateless; thread-safe (a stamp is written whole to a temporary file, then moved into place).
 */
final class BuildStamp {
    /**
     * Names of the environment variables that change what a Rust or Go build makes, recorded with the build: cargo's
     * profile overrides (the gate turns LTO off with them), its and rustc's flags, Go's flags, target level and cgo.
     */
    static final Pattern BUILD_ENVIRONMENT = Pattern.compile(
            "CARGO_PROFILE_.+|CARGO_BUILD_RUSTFLAGS|CARGO_ENCODED_RUSTFLAGS|RUSTFLAGS|GOFLAGS|GOAMD64|GOEXPERIMENT"
                    + "|CGO_.+");
    private static final ObjectMapper JSON = new ObjectMapper();

    private BuildStamp() {}

    /**
     * Where the stamp of {@code artifact} lives: its path under the repository root, or for an artifact outside it its
     * absolute path under {@code outside-the-repository/}.
     */
    static Path stampOf(Path repoRoot, Path artifact) {
        Path root = repoRoot.toAbsolutePath().normalize();
        Path path = artifact.toAbsolutePath().normalize();
        Path relative = path.startsWith(root) ? root.relativize(path)
                : Path.of("outside-the-repository").resolve(path.getRoot().relativize(path));
        return root.resolve(".fairbench").resolve("builds").resolve(relative + ".json");
    }

    /** The variables of {@code environment} that {@link #BUILD_ENVIRONMENT} names, sorted. */
    static Map<String, String> buildEnvironment(Map<String, String> environment) {
        Map<String, String> out = new TreeMap<>();
        environment.forEach((k, v) -> {
            if (BUILD_ENVIRONMENT.matcher(k).matches()) out.put(k, v);
        });
        return out;
    }

    /** Records that the runner just built {@code artifact} with {@code command} in {@code environment}. */
    static void write(Path repoRoot, Path artifact, String command, Map<String, String> environment)
            throws IOException {
        ObjectNode stamp = JSON.createObjectNode().put("sha256", sha256(artifact)).put("command", command);
        ObjectNode env = stamp.putObject("environment");
        buildEnvironment(environment).forEach(env::put);
        Path file = stampOf(repoRoot, artifact);
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), stamp);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * The record of {@code artifact} as it is now, with the command and environment of its stamp when the stamp
     * matches its bytes; {@code null} when the artifact is {@code null} or cannot be read.
     */
    static Build read(Path repoRoot, Path artifact) {
        if (artifact == null || !Files.isRegularFile(artifact)) return null;
        try {
            String sha = sha256(artifact);
            String command = null;
            Map<String, String> environment = Map.of();
            Path stampFile = stampOf(repoRoot, artifact);
            if (Files.isRegularFile(stampFile)) {
                JsonNode stamp = readStamp(stampFile);
                if (stamp != null && sha.equals(stamp.path("sha256").asText()) && stamp.path("command").isTextual()) {
                    command = stamp.get("command").asText();
                    Map<String, String> env = new TreeMap<>();
                    stamp.path("environment").properties().forEach(p -> env.put(p.getKey(), p.getValue().asText()));
                    environment = env;
                }
            }
            Path root = repoRoot.toAbsolutePath().normalize();
            Path path = artifact.toAbsolutePath().normalize();
            return new Build((path.startsWith(root) ? root.relativize(path) : path).toString(), sha,
                    Files.size(artifact), Files.getLastModifiedTime(artifact).toInstant(), command != null, command,
                    environment);
        } catch (IOException e) {
            return null;
        }
    }

    /** The stamp's JSON, or {@code null} when it is not JSON (a stamp damaged by hand counts as no stamp). */
    private static JsonNode readStamp(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            return null;
        }
    }

    /** Lower-case hex SHA-256 of the file's bytes. */
    static String sha256(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
