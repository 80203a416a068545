package dev.fairbench.hosts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Runs a started process to completion for {@link Host#run}: reads its output whole, enforces the timeout. */
final class Completion {
    private Completion() {
    }

    static ExecResult await(TiedProcess process, Duration timeout) {
        // Its standard input stays open until it ends: end of file there is what kills it.
        try (process) {
            CompletableFuture<String> out = readAll(process.stdout());
            CompletableFuture<String> err = readAll(process.stderr());
            OptionalInt code = process.waitFor(timeout);
            if (code.isEmpty()) {
                process.close();
                throw new HostException(process.hostName() + ": '" + Text.brief(process.command())
                        + "' still ran after " + timeout.toMillis() + " ms and was killed");
            }
            return new ExecResult(code.getAsInt(), out.get(), err.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException(process.hostName() + ": interrupted while running '"
                    + Text.brief(process.command()) + "'", e);
        } catch (ExecutionException e) {
            throw new HostException(process.hostName() + ": cannot read the output of '"
                    + Text.brief(process.command()) + "': " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static CompletableFuture<String> readAll(InputStream in) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (in) {
                text.complete(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.completeExceptionally(new UncheckedIOException(e));
            }
        });
        return text;
    }

    /** Starts {@code argv} as a local process (the carrier of a tied process), with a one-line failure. */
    static Process launch(String hostName, List<String> argv) {
        try {
            return new ProcessBuilder(argv).start();
        } catch (IOException e) {
            throw new HostException(hostName + ": cannot start " + argv.get(0) + ": " + e.getMessage(), e);
        }
    }
}
