package dev.fairbench.runner;

import dev.fairbench.runner.testapp.TestApp;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Writes registries of {@link TestApp} entries for end-to-end tests. Every start command carries a marker
 * system property, so a test can find any process left behind.
 */
final class TestRegistry {
    final String marker = "fairbench.test=" + UUID.randomUUID();
    private final StringBuilder toml = new StringBuilder();

    /** An entry running TestApp in {@code mode}, serving hello and compute. */
    TestRegistry app(String name, String mode, String extra) {
        toml.append("[apps.").append(name).append("]\n")
                .append("label = \"test ").append(name).append("\"\nlanguage = \"Java\"\n")
                .append("start = \"${JAVA} ${JVM_FLAGS} -D").append(marker).append(" -cp ").append(classes())
                .append(' ').append(TestApp.class.getName()).append("\"\n")
                .append("runtime_flags = \"-Xmx64m -XX:+UseSerialGC\"\n")
                .append("routes = [\"hello\", \"compute\"]\n")
                .append("env = { TESTAPP_MODE = \"").append(mode).append("\" }\n")
                .append(extra).append('\n');
        return this;
    }

    Path write(Path dir) throws IOException {
        Path file = dir.resolve("apps.toml");
        Files.writeString(file, toml);
        return file;
    }

    /** Processes started from this registry that still run. */
    long leftovers() {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a).contains(marker)).orElse(false))
                .count();
    }

    static String classes() {
        try {
            return Path.of(TestApp.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
