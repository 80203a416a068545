package dev.fairbench.multiload;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/** A jar holding only a manifest: its main class and, as its class path, this test's class path. */
final class LauncherJar {
    private LauncherJar() {
    }

    static Path write(Path jar, Class<?> mainClass) throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, Arrays.stream(classPath.split(
                java.io.File.pathSeparator)).filter(s -> !s.isBlank()).map(s -> Path.of(s).toUri().toString())
                .collect(Collectors.joining(" ")));
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out,
                manifest)) {
            return jar;
        }
    }
}
