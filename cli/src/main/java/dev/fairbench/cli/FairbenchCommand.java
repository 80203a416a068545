package dev.fairbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The top {@code fairbench} command. To add a command, write its class in this package and add it to
 * {@code subcommands} below (one line each).
 */
@Command(name = "fairbench",
        mixinStandardHelpOptions = true,
        versionProvider = FairbenchCommand.Version.class,
        description = "A fair, profiled benchmark for HTTP service stacks.",
        subcommands = {
            ServicesCommand.class,
            SeedCommand.class,
            LoadCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            RunCommand.class,
            VerifyCommand.class,
            ServeCommand.class,
            AppsCommand.class,
            ProfileCommand.class,
            CapacityCommand.class,
            FrictionCommand.class,
        },
        footer = {"", "The launcher adds one command:",
                "  test      The project's tests: every module, the peers' own tests",
                "            and their conformance gate (./fairbench test --help).",
                "", "Exit codes: 0 success, 1 failure, 2 usage error."})
public final class FairbenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    /** Without a command: the usage on stderr, and exit code 2. */
    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    /** The project version, from the filtered {@code version.properties}. */
    static final class Version implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties props = new Properties();
            try (InputStream in = FairbenchCommand.class.getResourceAsStream("version.properties")) {
                if (in != null) props.load(in);
            }
            return new String[] {"fairbench " + props.getProperty("version", "unknown")};
        }
    }
}
