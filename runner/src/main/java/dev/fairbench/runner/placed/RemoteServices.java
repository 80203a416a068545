package dev.fairbench.runner.placed;

import dev.fairbench.hosts.ExecResult;
import dev.fairbench.hosts.HostException;
import dev.fairbench.hosts.TiedProcess;
import dev.fairbench.loadgen.LoadException;
import dev.fairbench.multiload.MultiHostLoad;
import dev.fairbench.multiload.PlacedHost;
import dev.fairbench.services.ServedServices;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * PostgreSQL and Redis on the services host: the fairbench jar copied to its work folder and
 * {@code java -jar fairbench.jar services serve --listen ADDRESS --allow ...} started there, pinned with
 * {@code taskset -c} to the role's CPUs and tied to its SSH session, with {@code FAIRBENCH_HOME} in the work folder
 * (the embedded servers' binaries and data). Its one JSON line gives the URLs the session uses as it uses
 * {@code --pg-url}/{@code --redis-url}, and the servers' pids on that host for the CPU accounting. {@link #close()}
 * ends the serve command's input, which stops both servers. Not thread-safe.
 */
public final class RemoteServices implements AutoCloseable {
    static final Duration READY_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

    private final PlacedRoleHost host;
    private final TiedProcess serve;
    private final ServedServices ready;

    private RemoteServices(PlacedRoleHost host, TiedProcess serve, ServedServices ready) {
        this.host = host;
        this.serve = serve;
        this.ready = ready;
    }

    /**
     * Starts the services on {@code services}' host, reachable from {@code clients} (the other roles' addresses;
     * the coordinator's own, as the services host sees it, is added).
     *
     * @throws HostException naming the host when the copy, the Java check or the start fails, or no ready line
     *                       comes within 5 min
     */
    public static RemoteServices start(PlacedRoleHost services, Path fairbenchJar, Set<String> clients) {
        String workdir = services.workdir();
        String java;
        try {
            java = MultiHostLoad.findJava(PlacedHost.of(services.host(), services.role()), PlacedHost.currentJava());
        } catch (LoadException e) {
            throw new HostException(e.getMessage().replace("load host", "services host"), e);
        }
        String jar = workdir + "/fairbench.jar";
        services.host().copyTo(fairbenchJar, jar);
        Set<String> allowed = new LinkedHashSet<>(clients);
        coordinatorAddress(services).ifPresent(allowed::add);
        List<String> argv = new ArrayList<>(List.of("env", "FAIRBENCH_HOME=" + workdir + "/home",
                "taskset", "-c", services.cpus(), java, "-jar", jar, "services", "serve", "--listen",
                services.address()));
        for (String client : allowed) argv.addAll(List.of("--allow", client.contains("/") ? client : client + "/32"));
        TiedProcess serve = services.host().start(argv);
        try {
            return new RemoteServices(services, serve, awaitReady(serve));
        } catch (RuntimeException e) {
            serve.close();
            throw e;
        }
    }

    /** The coordinator's address as {@code host} sees it: the client end of {@code SSH_CONNECTION} there. */
    static java.util.Optional<String> coordinatorAddress(PlacedRoleHost host) {
        if (host.isLocal()) return java.util.Optional.of("127.0.0.1");
        ExecResult result = host.host().run(List.of("sh", "-c", "echo \"$SSH_CONNECTION\""), COMMAND_TIMEOUT);
        String[] words = result.stdout().strip().split("\\s+");
        return result.succeeded() && words.length == 4 ? java.util.Optional.of(words[0]) : java.util.Optional.empty();
    }

    private static ServedServices awaitReady(TiedProcess serve) {
        BufferedReader out = new BufferedReader(new InputStreamReader(serve.stdout(), StandardCharsets.UTF_8));
        StringBuilder err = new StringBuilder();
        Thread errors = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(serve.stderr(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    synchronized (err) {
                        err.setLength(0);
                        err.append(line.strip());
                    }
                }
            } catch (IOException e) {
                // the session ended
            }
        }, "fairbench-services-stderr");
        errors.setDaemon(true);
        errors.start();
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                for (String l; (l = out.readLine()) != null; ) {
                    if (l.strip().startsWith("{")) return l.strip();
                }
                return null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        String host = serve.hostName();
        try {
            String json = line.get(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (json == null) {
                errors.join(5_000);
                synchronized (err) {
                    throw new HostException(host + ": 'fairbench services serve' ended before it was ready"
                            + (err.isEmpty() ? "" : ": " + err));
                }
            }
            // The servers keep writing: the pipe must be drained or they would block.
            Thread drain = new Thread(() -> {
                try {
                    out.transferTo(java.io.Writer.nullWriter());
                } catch (IOException e) {
                    // the session ended
                }
            }, "fairbench-services-stdout");
            drain.setDaemon(true);
            drain.start();
            return ServedServices.parse(json);
        } catch (TimeoutException e) {
            throw new HostException(host + ": 'fairbench services serve' was not ready within "
                    + READY_TIMEOUT.toMinutes() + " min");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException(host + ": interrupted while the services started");
        } catch (ExecutionException | IllegalArgumentException e) {
            throw new HostException(host + ": cannot read the services' ready line: " + e.getMessage(), e);
        }
    }

    public ServedServices ready() {
        return ready;
    }

    public PlacedRoleHost host() {
        return host;
    }

    /** Stops both servers: the serve command's input ends, and its session. Idempotent. */
    @Override
    public void close() {
        serve.close();
    }
}
