package dev.fairbench.multiload;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * This machine as a load host: commands run with {@link ProcessBuilder}, files are copied in place, the clock
 * offset is 0. A started process and its descendants are destroyed when its handle is closed, and when this JVM
 * exits normally. Thread-safe.
 *
 * @param name    how messages name it ({@code local}, or another word when several local hosts share a load)
 * @param workdir an absolute folder here for the jar and the parts' files
 * @param cpus    CPUs to pin the load to, as {@code taskset -c} takes them, or empty
 * @param java    the {@code java} command that runs the jar
 */
public record LocalLoadHost(String name, String workdir, Optional<String> cpus, String java) implements LoadHost {

    /** This machine, running the jar with the Java that runs this JVM. */
    public LocalLoadHost(String name, String workdir, Optional<String> cpus) {
        this(name, workdir, cpus, Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    @Override
    public CommandResult run(List<String> command, Duration timeout) {
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
                    "/dev/null"))).start();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("'" + String.join(" ", command) + "' still ran after "
                        + timeout.toSeconds() + " s");
            }
            return new CommandResult(p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        }
    }

    @Override
    public LoadProcess start(List<String> command) {
        Process p;
        try {
            p = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
        Thread stopOnExit = new Thread(() -> stop(p));
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        return new LoadProcess() {
            @Override
            public OutputStream stdin() {
                return p.getOutputStream();
            }

            @Override
            public InputStream stdout() {
                return p.getInputStream();
            }

            @Override
            public InputStream stderr() {
                return p.getErrorStream();
            }

            @Override
            public OptionalInt waitFor(Duration timeout) throws InterruptedException {
                return p.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS) ? OptionalInt.of(p.exitValue())
                        : OptionalInt.empty();
            }

            @Override
            public void close() {
                stop(p);
                try {
                    Runtime.getRuntime().removeShutdownHook(stopOnExit);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook runs anyway
                }
            }
        };
    }

    private static void stop(Process p) {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void copyTo(Path source, String target) {
        try {
            Path to = Path.of(target);
            Files.createDirectories(to.getParent());
            if (!Files.exists(to) || !Files.isSameFile(source, to)) {
                Files.copy(source, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + source + " to " + target + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String readFile(String path) {
        try {
            return Files.readString(Path.of(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e, e);
        }
    }

    @Override
    public long clockOffsetNanos() {
        return 0;
    }

    private static CompletableFuture<String> drain(InputStream in) {
        // a thread of its own: the common pool may have a single thread, and the two streams must drain at once
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        }, task -> Thread.ofPlatform().daemon().start(task));
    }
}
