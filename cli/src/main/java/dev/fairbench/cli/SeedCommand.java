package dev.fairbench.cli;

import dev.fairbench.services.RunningServices;
import dev.fairbench.services.Redaction;
import dev.fairbench.services.Services;
import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.DatasetLoader;
import java.io.PrintWriter;
import java.sql.SQLException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fairbench seed}: drops and recreates the contract's tables and loads the dataset, then reads it back and
 * prints the row counts and the digest. Starts the embedded services for the duration of the command when they do
 * not run (and stops them again); uses {@code --pg-url} when given.
 */
@Command(name = "seed", mixinStandardHelpOptions = true,
        description = {"Load the benchmark dataset into PostgreSQL (drops and recreates the tables), then print the "
                + "row counts and the SHA-256 of what the database holds.",
                "Starts the embedded services for the duration of the command when they are not running."})
public final class SeedCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceOptionsMixin services;

    @Option(names = "--if-needed", description = "Seed only when the database does not hold the dataset already.")
    boolean ifNeeded;

    /** Test hook: keeps the services of this command up for a while after seeding, to interrupt it. */
    @Option(names = "--hold-seconds", hidden = true, defaultValue = "0")
    int holdSeconds;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        try (RunningServices running = Services.ensureRunning(services.options())) {
            String url = running.seedPostgresUrl();
            boolean loaded = true;
            if (ifNeeded) {
                loaded = Services.ensureSeeded(url);
            } else {
                Services.seed(url);
            }
            Dataset data = load(url);
            out.printf("%s %s: %d authors, %d tags, %d posts, %d post_tags, %d comments%n",
                    loaded ? "seeded" : "already seeded", DatabaseUrl.parse(url), data.authors().size(),
                    data.tags().size(), data.posts().size(), data.postTags().size(), data.comments().size());
            String sha256 = data.sha256();
            out.println("sha256 " + sha256);
            out.flush();
            if (!sha256.equals(Dataset.SHA256)) {
                throw new Fairbench.CommandFailure("the database does not hold the contract's dataset: sha256 "
                        + sha256 + ", expected " + Dataset.SHA256);
            }
            if (holdSeconds > 0) hold(out, running);
        }
    }

    private static Dataset load(String url) {
        try {
            return DatasetLoader.load(DatabaseUrl.parse(url));
        } catch (SQLException e) {
            throw new Fairbench.CommandFailure("cannot read the dataset back from " + DatabaseUrl.parse(url) + ": "
                    + Redaction.redact(e.getMessage()), e);
        }
    }

    private void hold(PrintWriter out, RunningServices running) {
        out.println("holding for " + holdSeconds + " s: postgresql pid " + running.postgresPid().orElse(-1)
                + ", redis pid " + running.redisPid().orElse(-1));
        out.flush();
        try {
            Thread.sleep(holdSeconds * 1000L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
