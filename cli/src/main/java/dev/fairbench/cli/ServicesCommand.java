package dev.fairbench.cli;

import dev.fairbench.services.ServiceStatus;
import dev.fairbench.services.Services;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

        @Override
        public void run() {
            Services s = new Services(services.options().withUrls(null, null));
            s.stop();
            print(spec.commandLine().getOut(), s.status());
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Show each service: state, pid, address, version and URL.")
    static final class Status implements Runnable {
        @Spec
        CommandSpec spec;
        @Mixin
        ServiceOptionsMixin services;

        @Override
        public void run() {
            print(spec.commandLine().getOut(), new Services(services.options()).status());
        }
    }
}
