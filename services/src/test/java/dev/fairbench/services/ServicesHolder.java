package dev.fairbench.services;

import java.util.List;

/**
 * A command-like JVM for {@link TiedServersTest}: on the ports of its arguments, either opens a services scope
 * ({@code scope}: what commands do, the servers are tied to it) or starts the services explicitly ({@code start}:
 * what {@code fairbench services start} does); then prints {@code PIDS <postmaster> <redis>} and waits to be killed.
 */
public final class ServicesHolder {
    private ServicesHolder() {}

    /** Arguments: {@code scope|start <pgPort> <redisPort>}. */
    public static void main(String[] args) throws InterruptedException {
        ServiceOptions options = ServiceOptions.defaults().withPorts(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        List<Long> pids = switch (args[0]) {
            case "scope" -> {
                RunningServices scope = Services.ensureRunning(options);
                yield List.of(scope.postgresPid().orElseThrow(), scope.redisPid().orElseThrow());
            }
            case "start" -> {
                Services services = new Services(options);
                services.start();
                yield List.of(services.postgres().pid().orElseThrow(), services.redis().pid().orElseThrow());
            }
            default -> throw new IllegalArgumentException("mode must be scope or start, not " + args[0]);
        };
        System.out.println("PIDS " + pids.get(0) + " " + pids.get(1));
        System.out.flush();
        Thread.sleep(300_000);
    }
}
