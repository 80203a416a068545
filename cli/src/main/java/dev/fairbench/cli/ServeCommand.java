package dev.fairbench.cli;

import dev.fairbench.runner.AppServer;
import dev.fairbench.runner.proc.CpuPlacement;
import dev.fairbench.runner.registry.RegistryException;
import dev.fairbench.services.ServiceException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench serve APP [--port N]}: one app with its services, until Ctrl-C ({@link AppServer}). Exit 1 when
 * the app cannot be served (with the reason) or exits by itself; Ctrl-C ends it with the JVM's 130.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Start one app of the registry with PostgreSQL and Redis (started and seeded unless "
                + "--pg-url/--redis-url are given), print its URL, and serve until Ctrl-C, which stops the app and "
                + "the services this command started."})
public final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceOptionsMixin services;

    @Parameters(index = "0", paramLabel = "APP", description = "The app, a name from apps.toml.")
    String app;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "Port on 127.0.0.1 (default: a free one).")
    int port;

    @Mixin
    BuildMixin build;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65_535) {
            throw new ParameterException(spec.commandLine(), "--port must be from 0 to 65535, got " + port);
        }
        Path root = RunCommand.repoRoot();
        String problem;
        try {
            problem = new AppServer(build.registryFile(root), root, services.options(),
                    RunCommand.logsDir(root), CpuPlacement.onlineCpus(), System.out).serve(app, port, build.build());
        } catch (RegistryException | ServiceException | IllegalStateException e) {
            throw new Fairbench.CommandFailure(e.getMessage(), e);
        }
        throw new Fairbench.CommandFailure(problem);
    }
}
