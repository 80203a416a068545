package dev.fairbench.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs {@link TiedChild} as a child JVM and kills it with SIGKILL, as a coordinator dies without cleaning up. */
final class CoordinatorDeath implements AutoCloseable {
    private final Process child;
    private final long sleepPid;

    private CoordinatorDeath(Process child, long sleepPid) {
        this.child = child;
        this.sleepPid = sleepPid;
    }

    /**
     * Starts the child on {@code host} and waits (up to 60 s) until its {@code sleep 600} runs there. The child's
     * temporary files (an SSH control folder, which a killed JVM cannot remove) go to {@code tmp}.
     */
    static CoordinatorDeath start(Path tmp, String host, String... sshConfig) throws Exception {
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), TiedChild.class.getName(),
                host));
        argv.addAll(List.of(sshConfig));
        Process child = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        }).get(60, TimeUnit.SECONDS);
        if (line == null || !line.matches("ready \\d+")) {
            child.destroyForcibly();
            throw new IllegalStateException("the child coordinator said '" + line + "', not 'ready PID'");
        }
        return new CoordinatorDeath(child, Long.parseLong(line.substring("ready ".length())));
    }

    /** The pid of the {@code sleep 600} the child started (all the namespaces share this machine's pid space). */
    long sleepPid() {
        return sleepPid;
    }

    void kill() throws InterruptedException {
        child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
        child.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        child.destroyForcibly();
    }
}
