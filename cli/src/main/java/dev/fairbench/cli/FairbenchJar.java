package dev.fairbench.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The fairbench jar that {@code --hosts} copies to other hosts: {@code --jar}, or the jar this command runs from. */
final class FairbenchJar {
    private FairbenchJar() {}

    /**
     * {@code given} (as an absolute path), or the jar this command runs from.
     *
     * @param hosts the hosts it is copied to, for the message ("hosts", "load hosts")
     * @throws IllegalArgumentException with one line: {@code given} is no file, or there is no jar to copy
     */
    static Path resolve(Path given, String hosts) {
        if (given != null) {
            if (!Files.isRegularFile(given)) throw new IllegalArgumentException("--jar " + given + ": no such file");
            return given.toAbsolutePath();
        }
        try {
            Path running = Path.of(FairbenchJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(running) && running.toString().endsWith(".jar")) return running;
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // not from a jar: said below
        }
        throw new IllegalArgumentException("--hosts copies the fairbench jar to the " + hosts + ", and this command "
                + "does not run from one: give --jar (./fairbench builds cli/target/fairbench.jar)");
    }
}
