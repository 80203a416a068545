package dev.fairbench.cli;

import dev.fairbench.services.RunningServices;
import dev.fairbench.services.ServedServices;
import dev.fairbench.services.ServiceOptions;
import dev.fairbench.services.ServiceStatus;
import dev.fairbench.services.Services;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench services start|stop|status}: the embedded PostgreSQL and Redis, kept running between commands;
 * {@code fairbench services serve}: the same servers for another host, as long as a coordinator holds them.
 */
@Command(name = "services",
        description = {"Start, stop or show the embedded PostgreSQL (127.0.0.1:15432) and Redis (127.0.0.1:16379),",
                "or serve them on another address for as long as standard input stays open."},
        mixinStandardHelpOptions = true,
        subcommands = {ServicesCommand.Start.class, ServicesCommand.Stop.class, ServicesCommand.Status.class,
                ServicesCommand.Serve.class})
public final class ServicesCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: start, stop, status or serve");
    }

    static void print(PrintWriter out, List<ServiceStatus> statuses) {
        for (ServiceStatus s : statuses) out.println(s.line());
        out.flush();
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = {"Start the embedded servers that are not running (unpacking them into .fairbench/ the first "
                    + "time); they keep running until 'fairbench services stop'.",
                    "A service given by --pg-url/--redis-url is used as is and not started."})
    static final class Start implements Runnable {
        @Spec
        CommandSpec spec;
        @Mixin
        ServiceOptionsMixin services;

        @Override
        public void run() {
            Services s = new Services(services.options());
            s.start();
            print(spec.commandLine().getOut(), s.status());
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop the embedded servers and wait until their processes are gone.")
    static final class Stop implements Runnable {
        @Spec
        CommandSpec spec;
        @Mixin
        ServiceOptionsMixin services;
        @Option(names = "--all", description = "Stop every embedded server of this checkout, on any port "
                + "(left over by killed tests, or in use by running ones).")
        boolean all;

        @Override
        public void run() {
            PrintWriter out = spec.commandLine().getOut();
            if (all) {
                List<ServiceStatus> stopped = Services.stopAllUnder(services.options().dataDir());
                for (ServiceStatus s : stopped) {
                    out.println("stopped " + s.name() + " pid " + s.pid().orElse(-1) + " on 127.0.0.1:" + s.port());
                }
                if (stopped.isEmpty()) out.println("no embedded server was running");
                out.flush();
                return;
            }
            Services s = new Services(services.options().withUrls(null, null));
            s.stop();
            print(out, s.status());
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Show each service: state, pid, address, version and URL.")
    static final class Status implements Runnable {
        @Spec
        CommandSpec spec;
        @Mixin
        ServiceOptionsMixin services;
        @Option(names = "--all", description = "List every running embedded server of this checkout, on any port.")
        boolean all;

        @Override
        public void run() {
            if (all) {
                print(spec.commandLine().getOut(), Services.runningUnder(services.options().dataDir()));
            } else {
                print(spec.commandLine().getOut(), new Services(services.options()).status());
            }
        }
    }

    /**
     * {@code fairbench services serve --listen ADDR [--allow CIDR ...] [--pg-port P] [--redis-port P]}: what a
     * coordinator starts over SSH on the services host. In the foreground it starts PostgreSQL and Redis on
     * {@code ADDR}, tied to this JVM (PostgreSQL letting in the clients of each {@code --allow} network with
     * passwords), or fails with one line on standard error and exit 1 when one does not come up or already runs on
     * its port. Then it prints exactly one line on standard output, a JSON object (see {@link ServedServices} for its
     * members and {@link ServedServices#parse(String)} for the reader):
     * <pre>{"postgres_url":"postgresql://fairbench_app:PW@ADDR:P/fairbench","seed_postgres_url":"postgresql://fairbench:PW@ADDR:P/fairbench","redis_url":"redis://:PW@ADDR:P","postgres_pid":N,"redis_pid":N}</pre>
     * and waits until its standard input reaches end of file (the coordinator closed it, or its SSH session
     * ended), then stops both servers and exits 0. If the JVM dies instead, the servers die with it.
     */
    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = {"Start the embedded PostgreSQL and Redis on --listen for other hosts, print one JSON line "
                    + "with their URLs and pids, and stop them when standard input reaches end of file.",
                    "The line: {\"postgres_url\":…,\"seed_postgres_url\":…,\"redis_url\":…,\"postgres_pid\":N,"
                            + "\"redis_pid\":N}; the URLs carry passwords and the listen address."})
    static final class Serve implements Runnable {
        @Spec
        CommandSpec spec;
        /** Where the end of the session is read; standard input but in tests. */
        InputStream stdin = System.in;

        @Option(names = "--listen", paramLabel = "ADDR", required = true,
                description = "IP address both servers listen on, e.g. 10.213.7.12 (no host names).")
        String listen;

        @Option(names = "--allow", paramLabel = "CIDR",
                description = "A client network PostgreSQL lets in with its passwords, e.g. 10.213.7.0/24; repeatable."
                        + " The host's own address is always let in.")
        List<String> allowed = new ArrayList<>();

        @Option(names = "--pg-port", paramLabel = "PORT", defaultValue = "" + ServiceOptions.DEFAULT_POSTGRES_PORT,
                description = "Port of PostgreSQL (default: ${DEFAULT-VALUE}).")
        int postgresPort;

        @Option(names = "--redis-port", paramLabel = "PORT", defaultValue = "" + ServiceOptions.DEFAULT_REDIS_PORT,
                description = "Port of Redis (default: ${DEFAULT-VALUE}).")
        int redisPort;

        @Override
        public void run() {
            ServiceOptions options;
            try {
                options = ServiceOptions.defaults().withPorts(postgresPort, redisPort).withListen(listen, allowed);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            try (RunningServices running = Services.serve(options)) {
                ServedServices served = new ServedServices(running.postgresUrl(), running.seedPostgresUrl(),
                        running.redisUrl(), running.postgresPid().orElseThrow(), running.redisPid().orElseThrow());
                PrintWriter out = spec.commandLine().getOut();
                out.println(served.toLine());
                out.flush();
                awaitEndOfInput();
            }
        }

        /** Reads standard input to its end; a read error counts as the end (the session is gone either way). */
        private void awaitEndOfInput() {
            try {
                stdin.transferTo(OutputStream.nullOutputStream());
            } catch (IOException gone) {
                // the coordinator's side is gone: stop as on end of file
            }
        }
    }
}
