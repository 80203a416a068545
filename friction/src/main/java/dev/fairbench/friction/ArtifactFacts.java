package dev.fairbench.friction;

import dev.fairbench.results.friction.FrictionApp.Linking;
import dev.fairbench.results.friction.FrictionApp.RuntimeNeeded;
import dev.fairbench.runner.Toolchains;
import dev.fairbench.runner.registry.AppEntry;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.stream.Stream;

/**
 * What an artifact weighs and what it needs to run: its linking, read from its ELF header (an executable that
 * names a program interpreter, {@code PT_INTERP}, is started by the dynamic loader with its shared libraries; one
 * without is static), and the runtime: the JDK fairbench runs on, with its size on disk, for an app whose start
 * command begins with {@code ${JAVA}}; none otherwise. Stateless.
 */
final class ArtifactFacts {
    private static final int PT_INTERP = 3;

    private ArtifactFacts() {
    }

    /** How {@code file} is linked; {@link Linking#NOT_ELF} for anything that is not an ELF file. */
    static Linking linking(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(64);
            ch.read(header, 0);
            header.flip();
            if (header.remaining() < 52 || header.getInt(0) != 0x7F454C46) return Linking.NOT_ELF;
            boolean is64 = header.get(4) == 2;
            header.order(header.get(5) == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            long phoff = is64 ? header.getLong(0x20) : Integer.toUnsignedLong(header.getInt(0x1C));
            int phentsize = Short.toUnsignedInt(header.getShort(is64 ? 0x36 : 0x2A));
            int phnum = Short.toUnsignedInt(header.getShort(is64 ? 0x38 : 0x2C));
            ByteBuffer entry = ByteBuffer.allocate(4).order(header.order());
            for (int i = 0; i < phnum; i++) {
                entry.clear();
                if (ch.read(entry, phoff + (long) i * phentsize) < 4) break;
                if (entry.getInt(0) == PT_INTERP) return Linking.DYNAMIC;
            }
            return Linking.STATIC;
        }
    }

    /** The runtime the app needs (see the class). */
    static RuntimeNeeded runtime(AppEntry entry) throws IOException {
        String first = entry.start().strip().split("\\s+")[0];
        if (!first.equals("${JAVA}")) return RuntimeNeeded.none();
        Path home = Toolchains.java().getParent().getParent();
        return new RuntimeNeeded(RuntimeNeeded.Kind.JDK, home.toString(), folderBytes(home),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
    }

    /** The bytes of the regular files under {@code dir}, symbolic links not followed. */
    static long folderBytes(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            long sum = 0;
            for (Path p : (Iterable<Path>) walk::iterator) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isRegularFile()) sum += a.size();
            }
            return sum;
        }
    }
}
