package dev.fairbench.cli;

import dev.fairbench.services.ServiceStatus;
import dev.fairbench.services.Services;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code fairbench services start|stop|status}: the embedded PostgreSQL and Redis, kept running between commands. */
@Command(name = "services",
        description = "Start, stop or show the embedded PostgreSQL (127.0.0.1:15432) and Redis (127.0.0.1:16379).",
        mixinStandardHelpOptions = true,
        subcommands = {ServicesCommand.Start.class, ServicesCommand.Stop.class, ServicesCommand.Status.class})
public final class ServicesCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "missing subcommand: start, stop or status");
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
}
