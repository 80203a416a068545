package dev.fairbench.friction;

import dev.fairbench.results.friction.FrictionApp.Linking;
import dev.fairbench.results.friction.FrictionApp.RuntimeNeeded;
import dev.fairbench.runner.registry.AppEntry;
import dev.fairbench.runner.registry.AppRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ArtifactFactsTest {
    private static final int PT_LOAD = 1;
    private static final int PT_INTERP = 3;

    @TempDir
    Path dir;

    /** A 64-bit little-endian ELF header with program headers of these types (nothing else of a real file). */
    private Path elf(String name, int... types) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(64 + 56 * types.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, 0x464C457F); // 0x7F 'E' 'L' 'F' read little-endian
        b.put(4, (byte) 2).put(5, (byte) 1).put(6, (byte) 1);
        b.putLong(0x20, 64).putShort(0x36, (short) 56).putShort(0x38, (short) types.length);
        for (int i = 0; i < types.length; i++) b.putInt(64 + 56 * i, types[i]);
        Path file = dir.resolve(name);
        Files.write(file, b.array());
        return file;
    }

    @Test
    void linkingComesFromTheProgramHeaders() throws Exception {
        assertThat(ArtifactFacts.linking(elf("static", PT_LOAD, PT_LOAD))).isEqualTo(Linking.STATIC);
        assertThat(ArtifactFacts.linking(elf("dynamic", PT_LOAD, PT_INTERP))).isEqualTo(Linking.DYNAMIC);
        Path jar = dir.resolve("app.jar");
        Files.write(jar, new byte[] {'P', 'K', 3, 4, 0, 0});
        assertThat(ArtifactFacts.linking(jar)).isEqualTo(Linking.NOT_ELF);
        // the JVM running this test is a real, dynamically linked executable
        assertThat(ArtifactFacts.linking(Path.of(System.getProperty("java.home"), "bin", "java")))
                .isEqualTo(Linking.DYNAMIC);
    }

    @Test
    void appsStartedWithTheRunnersJavaNeedThatJdk() throws Exception {
        Files.writeString(dir.resolve("apps.toml"), """
                [apps.jvm]
                start = "${JAVA} ${JVM_FLAGS} -jar app.jar"

                [apps.native]
                start = "./app"
                """);
        AppRegistry registry = AppRegistry.load(dir.resolve("apps.toml"), dir);
        AppEntry jvm = registry.entries().get("jvm");
        RuntimeNeeded jdk = ArtifactFacts.runtime(jvm);
        assertThat(jdk.kind()).isEqualTo(RuntimeNeeded.Kind.JDK);
        assertThat(jdk.path()).isEqualTo(Path.of(System.getProperty("java.home")).toString());
        // at least the JVM's own library is in it
        assertThat(jdk.bytes()).isGreaterThan(Files.size(Path.of(System.getProperty("java.home"), "lib", "server",
                "libjvm.so")));
        assertThat(ArtifactFacts.runtime(registry.entries().get("native"))).isEqualTo(RuntimeNeeded.none());
    }

    @Test
    void aFoldersBytesAreItsRegularFilesLinksNotFollowed() throws Exception {
        Files.write(dir.resolve("a"), new byte[100]);
        Files.createDirectories(dir.resolve("sub"));
        Files.write(dir.resolve("sub/b"), new byte[23]);
        Files.createSymbolicLink(dir.resolve("link"), dir.resolve("a"));
        assertThat(ArtifactFacts.folderBytes(dir)).isEqualTo(123);
    }
}
