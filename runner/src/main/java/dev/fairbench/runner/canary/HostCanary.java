package dev.fairbench.runner.canary;

import dev.fairbench.results.Canary;
import dev.fairbench.runner.proc.ParentDeath;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The canary process of a trial: a small JVM ({@link CanaryMain}) started once, pinned with {@code taskset -c} to
 * the app's CPUs and tied to the runner's life ({@link ParentDeath}), that runs its fixed {@link CanaryWork} when
 * asked and is blocked on its input otherwise, so it costs no CPU inside a measured window. It is a child of the
 * runner, so the interference guard counts it as the benchmark's own. Not thread-safe: one request at a time.
 */
public final class HostCanary implements AutoCloseable {
    /** Heap of the canary JVM: its 32 MiB array and little else; Serial GC, no GC threads of its own. */
    static final List<String> JVM_FLAGS = List.of("-XX:+UseSerialGC", "-Xms64m", "-Xmx64m", "-XX:-UsePerfData",
            "-XX:+AlwaysPreTouch");

    private final Process process;
    private final String cpus;
    private final BufferedReader out;
    private final OutputStream in;

    private HostCanary(Process process, String cpus) {
        this.process = process;
        this.cpus = cpus;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
        this.in = process.getOutputStream();
    }

    /**
     * Starts the canary on {@code cpus} (a taskset list) and waits until it has warmed up.
     *
     * @throws IOException when it cannot be started or does not say it is ready, with its last words
     */
    public static HostCanary start(String cpus) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> argv = new java.util.ArrayList<>(List.of("taskset", "-c", cpus, java.toString()));
        argv.addAll(JVM_FLAGS);
        argv.addAll(List.of("-cp", classPath(), CanaryMain.class.getName()));
        HostCanary canary = new HostCanary(ParentDeath.start(new ProcessBuilder(argv).redirectErrorStream(true)), cpus);
        String first = canary.out.readLine();
        if (!CanaryMain.READY.equals(first)) {
            canary.close();
            throw new IOException("the host-speed canary did not start: " + (first == null ? "it exited" : first));
        }
        return canary;
    }

    /** Where {@link CanaryMain} was loaded from: the fairbench jar, or the runner's classes in a build. */
    private static String classPath() throws IOException {
        try {
            return Path.of(CanaryMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot locate the canary's classes: " + e.getMessage(), e);
        }
    }

    /**
     * Runs the canary's work once and returns its wall times.
     *
     * @throws IOException when the canary died or answered something else
     */
    public Canary.Times time() throws IOException {
        in.write((CanaryMain.TIME + "\n").getBytes(StandardCharsets.US_ASCII));
        in.flush();
        String line = out.readLine();
        String[] f = line == null ? new String[0] : line.strip().split(" ");
        if (f.length != 3) {
            throw new IOException("the host-speed canary " + (line == null ? "exited" : "answered '" + line + "'"));
        }
        try {
            return new Canary.Times(Long.parseLong(f[0]) / 1e6, Long.parseLong(f[1]) / 1e6);
        } catch (NumberFormatException e) {
            throw new IOException("the host-speed canary answered '" + line + "'", e);
        }
    }

    /** The canary's pid. */
    public long pid() {
        return process.pid();
    }

    /** The CPUs it is pinned to. */
    public String cpus() {
        return cpus;
    }

    /** Ends its input, then kills it if it has not exited within a second. */
    @Override
    public void close() {
        try {
            in.close();
            if (!process.waitFor(1, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
